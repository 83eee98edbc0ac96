/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-window-report.h"
#include "tdbg-window-private.h"

#include "tdbg-cause-finder.h"
#include "tdbg-explain.h"

static TdbgCauseFinder *
finder_of (TdbgWindow *self)
{
  return tdbg_cause_finder_for_selection (tdbg_window_get_selection (self));
}

char *
tdbg_window_report_markdown (TdbgWindow *self)
{
  TdbgCauseFinder *finder = finder_of (self);

  if (!tdbg_cause_finder_has_origin (finder))
    return NULL;
  return tdbg_explain_markdown (tdbg_cause_finder_get_logdir (finder), tdbg_cause_finder_get_cause (finder));
}

static void
copy_report_cb (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  TdbgWindow *self = TDBG_WINDOW (data);
  g_autofree char *markdown = tdbg_window_report_markdown (self);

  if (markdown)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), markdown);
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
