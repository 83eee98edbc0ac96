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
  tdbg_ui_ensure_types ();
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, "/io/github/tfdbg_gtk/TfdbgGtk/ui/tdbg-ui.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_unref (provider);
}

static gboolean
lazy_tooltip_cb (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip, gpointer data)
{
  const char *text = g_object_get_data (G_OBJECT (widget), "tdbg-lazy-tooltip");

  if (text == NULL || *text == '\0')
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

void
tdbg_ui_set_lazy_tooltip (GtkWidget *widget, const char *text)
{
  if (g_object_get_data (G_OBJECT (widget), "tdbg-lazy-tooltip-handler") == NULL)
    {
      g_signal_connect (widget, "query-tooltip", G_CALLBACK (lazy_tooltip_cb), NULL);
      g_object_set_data (G_OBJECT (widget), "tdbg-lazy-tooltip-handler", GINT_TO_POINTER (1));
      gtk_widget_set_has_tooltip (widget, TRUE);
    }
  g_object_set_data_full (G_OBJECT (widget), "tdbg-lazy-tooltip", g_strdup (text), g_free);
}

gboolean
tdbg_ui_widget_is_dark (GtkWidget *widget)
{
  GdkRGBA fg;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  /* Relative luminance (Rec. 709 weights) of the text colour. */
  return 0.2126 * fg.red + 0.7152 * fg.green + 0.0722 * fg.blue > 0.5;
}

gboolean
tdbg_ui_update_dark (GtkWidget *widget, gboolean *dark)
{
  gboolean now = tdbg_ui_widget_is_dark (widget);

  if (now == *dark)
    return FALSE;
  *dark = now;
  return TRUE;
}
