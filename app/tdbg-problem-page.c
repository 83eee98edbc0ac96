/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-problem-page.h"
#include "libtdbg-ui.h"

#include <adwaita.h>

struct _TdbgProblemPage {
  GtkWidget parent_instance;

  AdwStatusPage *status;
  GtkLabel *description;
  GtkWidget *show_button;
};

G_DEFINE_FINAL_TYPE (TdbgProblemPage, tdbg_problem_page, GTK_TYPE_WIDGET)

void
tdbg_problem_page_set (TdbgProblemPage *self, const char *icon_name, const char *title, const char *description,
                       const char *show_label)
{
  adw_status_page_set_icon_name (self->status, icon_name);
  adw_status_page_set_title (self->status, title);
  /* A label of its own, not the status page's description: that one is markup, and paths and
   * code are shown as they are. */
  gtk_label_set_text (self->description, description);
  gtk_widget_set_visible (self->show_button, show_label != NULL);
  if (show_label)
    gtk_button_set_label (GTK_BUTTON (self->show_button), show_label);
}

const char *
tdbg_problem_page_get_title (TdbgProblemPage *self)
{
  return adw_status_page_get_title (self->status);
}

const char *
tdbg_problem_page_get_description (TdbgProblemPage *self)
{
  return gtk_label_get_text (self->description);
}

static void
tdbg_problem_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TDBG_TYPE_PROBLEM_PAGE);
  G_OBJECT_CLASS (tdbg_problem_page_parent_class)->dispose (object);
}

static void
tdbg_problem_page_class_init (TdbgProblemPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tdbg_problem_page_dispose;
  g_type_ensure (ADW_TYPE_STATUS_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tfdbg_gtk/TfdbgGtk/app/tdbg-problem-page.ui");
  TDBG_BIND_TEMPLATE_CHILDREN (widget_class, TdbgProblemPage, status, description, show_button);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
tdbg_problem_page_init (TdbgProblemPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
