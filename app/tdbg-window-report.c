/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-window-private.h"

#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include "libtdbg-ui.h"
#include "libtdbg-report.h"

static TdbgCauseFinder *
finder_of (TdbgWindow *self)
{
  return tdbg_cause_finder_for_selection (tdbg_window_get_selection (self));
}

char *
tdbg_window_report_markdown (TdbgWindow *self, const char *picture)
{
  TdbgCauseFinder *finder = finder_of (self);

  if (!tdbg_cause_finder_has_origin (finder))
    return NULL;
  return tdbg_explain_markdown (tdbg_cause_finder_get_logdir (finder), tdbg_cause_finder_get_cause (finder), picture);
}

/* The picture of a copied report is a file to attach: in the user's cache, one per run, so
 * that copying again replaces it rather than piling up. */
static char *
picture_path (TdbgLogdir *logdir)
{
  g_autofree char *run = g_strdup (tdbg_logdir_get_run_id (logdir) ? tdbg_logdir_get_run_id (logdir) : "");
  g_autofree char *dir = g_build_filename (g_get_user_cache_dir (), "tfdbg-gtk", "reports", NULL);
  g_autofree char *name = NULL;

  g_strcanon (run, G_CSET_a_2_z G_CSET_A_2_Z G_CSET_DIGITS "-_", '_');
  name = g_strdup_printf ("root-cause-%s-graph.png", *run ? run : "logdir");
  if (g_mkdir_with_parents (dir, 0700) != 0)
    return NULL;
  return g_build_filename (dir, name, NULL);
}

typedef struct {
  GWeakRef window;
  char *picture;
} CopyJob;

static void
copy_job_free (CopyJob *job)
{
  g_weak_ref_clear (&job->window);
  g_free (job->picture);
  g_free (job);
}

static void
set_clipboard (TdbgWindow *self, const char *picture)
{
  /* A path with spaces stays one link target in CommonMark inside angle brackets. */
  g_autofree char *link = picture && strchr (picture, ' ') ? g_strdup_printf ("<%s>", picture) : g_strdup (picture);
  g_autofree char *markdown = tdbg_window_report_markdown (self, link);

  if (markdown == NULL)
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), markdown);
  /* Nothing on screen changes when the clipboard does: say that it did. */
  _tdbg_window_toast (self, _("Root-cause report copied to the clipboard"));
}

static void
picture_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  CopyJob *job = data;
  g_autoptr(GError) error = NULL;
  gboolean drawn = tdbg_layout_worker_export_finish (result, &error);
  g_autoptr(TdbgWindow) self = g_weak_ref_get (&job->window);

  if (!drawn)
    g_warning ("Root-cause report: the picture was not drawn: %s", error->message);
  if (self)
    set_clipboard (self, drawn ? job->picture : NULL);
  copy_job_free (job);
}

/* The Markdown goes on the clipboard once its picture is drawn (by the Graphviz thread), with
 * the picture's path in its image link: paste the text, attach the file. */
static void
copy_report_cb (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  TdbgWindow *self = TDBG_WINDOW (data);
  TdbgCauseFinder *finder = finder_of (self);
  g_autofree char *dot = NULL;
  CopyJob *job;

  if (!tdbg_cause_finder_has_origin (finder))
    return;
  dot = tdbg_explain_picture_dot (tdbg_cause_finder_get_logdir (finder), tdbg_cause_finder_get_cause (finder));
  job = g_new0 (CopyJob, 1);
  job->picture = dot ? picture_path (tdbg_cause_finder_get_logdir (finder)) : NULL;
  if (job->picture == NULL)
    {
      copy_job_free (job);
      set_clipboard (self, NULL);
      return;
    }
  g_weak_ref_init (&job->window, self);
  tdbg_layout_worker_export_async (dot, "png", job->picture, NULL, picture_done_cb, job);
}

/* The report needs the cause found: the action waits for it. */
static void
cause_cb (TdbgCauseFinder *finder, GParamSpec *pspec, GSimpleAction *action)
{
  g_simple_action_set_enabled (action, tdbg_cause_finder_has_origin (finder));
}

void
tdbg_window_report_init (TdbgWindow *self)
{
  g_autoptr(GSimpleAction) action = g_simple_action_new ("copy-report", NULL);
  TdbgCauseFinder *finder = finder_of (self);

  g_signal_connect (action, "activate", G_CALLBACK (copy_report_cb), self);
  g_signal_connect_object (finder, "notify::cause", G_CALLBACK (cause_cb), action, 0);
  cause_cb (finder, NULL, action);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (action));
}
