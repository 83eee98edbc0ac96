/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-about.h"

#include <errno.h>
#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include "libtdbg-fixtures.h"

void
tdbg_show_about (GtkWindow *parent)
{
  static const char *developers[] = { "The tfdbg-gtk developers", NULL };
  GtkWidget *about = adw_about_window_new ();

  g_object_set (about,
                "transient-for", parent,
                "modal", TRUE,
                "application-icon", TDBG_APP_ID,
                "application-name", _("TensorFlow Debugger"),
                "developer-name", _("The tfdbg-gtk developers"),
                "version", TDBG_VERSION,
                "website", TDBG_WEBSITE,
                "issue-url", TDBG_WEBSITE "/issues",
                "comments", _("Find the first tensor that turned to NaN or infinity in a TensorFlow Debugger V2 "
                              "logdir: alerts, graph execution traces, the graph around an op, its creation "
                              "stack and the line of Python that built it."),
                "license-type", GTK_LICENSE_GPL_3_0,
                "copyright", "© 2026 The tfdbg-gtk developers",
                "developers", developers,
                /* Translators: put your names here, one per line */
                "translator-credits", _("translator-credits"),
                NULL);
  adw_about_window_add_acknowledgement_section (ADW_ABOUT_WINDOW (about), _("Built on"),
                                                (const char *[]) { "GTK https://gtk.org",
                                                                   "GtkSourceView https://wiki.gnome.org/Projects/GtkSourceView",
                                                                   "libadwaita https://gnome.pages.gitlab.gnome.org/libadwaita/",
                                                                   "Graphviz https://graphviz.org",
                                                                   "protobuf-c https://github.com/protobuf-c/protobuf-c",
                                                                   "libssh https://www.libssh.org",
                                                                   NULL });
  gtk_window_present (GTK_WINDOW (about));
}

static char *
cannot_create (const char *path, GError **error)
{
  int saved = errno;

  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("Cannot create %s: %s"), path, g_strerror (saved));
  return NULL;
}

/* Written whole under a temporary name and then renamed, so that an interrupted write never
 * leaves a half demo that looks finished. */
char *
tdbg_demo_logdir_ensure (GError **error)
{
  g_autofree char *parent = g_build_filename (g_get_user_cache_dir (), "tfdbg-gtk", NULL);
  g_autofree char *dir = g_build_filename (parent, "demo-logdir", NULL);
  g_autofree char *partial = NULL;
  TdbgDemoOptions options = { 7, 2, "demo-host", 0 };

  if (g_file_test (dir, G_FILE_TEST_IS_DIR))
    return g_steal_pointer (&dir);
  if (g_mkdir_with_parents (parent, 0755) != 0)
    return cannot_create (parent, error);
  partial = g_build_filename (parent, "demo-logdir.XXXXXX", NULL);
  if (g_mkdtemp (partial) == NULL)
    return cannot_create (partial, error);
  if (!tdbg_fixture_write_demo (partial, &options, error))
    return NULL;
  if (g_rename (partial, dir) != 0)
    return cannot_create (dir, error);
  return g_steal_pointer (&dir);
}
