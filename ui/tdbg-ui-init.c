/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-ui-init.h"

#include "tdbg-ui.h"
#include "tdbg-alerts-pane.h"
#include "tdbg-graph-pane.h"
#include "tdbg-source-pane.h"
#include "tdbg-stack-pane.h"
#include "tdbg-timeline-pane.h"
#include "tdbg-trace-pane.h"

void
tdbg_ui_ensure_types (void)
{
  g_type_ensure (TDBG_TYPE_ALERTS_PANE);
  g_type_ensure (TDBG_TYPE_TIMELINE_PANE);
  g_type_ensure (TDBG_TYPE_TRACE_PANE);
  g_type_ensure (TDBG_TYPE_GRAPH_PANE);
  g_type_ensure (TDBG_TYPE_SOURCE_PANE);
  g_type_ensure (TDBG_TYPE_STACK_PANE);
}

void
tdbg_ui_init (void)
{
  static gboolean done;
  GtkCssProvider *provider;

  if (done)
    return;
  done = TRUE;
  tdbg_ui_pin_locale ();
  tdbg_ui_ensure_types ();
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, "/io/github/tfdbg_gtk/TfdbgGtk/ui/tdbg-ui.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_unref (provider);
}
