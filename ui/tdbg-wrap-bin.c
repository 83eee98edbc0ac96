/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-wrap-bin.h"

struct _TdbgWrapBin
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (TdbgWrapBin, tdbg_wrap_bin, GTK_TYPE_WIDGET)

static GtkSizeRequestMode
tdbg_wrap_bin_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
tdbg_wrap_bin_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural,
                       int *minimum_baseline, int *natural_baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  *minimum = *natural = 0;
  if (child == NULL || !gtk_widget_get_visible (child))
    return;
  /* The width whatever the height: see the header. */
  gtk_widget_measure (child, orientation, orientation == GTK_ORIENTATION_HORIZONTAL ? -1 : for_size, minimum, natural,
                      minimum_baseline, natural_baseline);
}

static void
tdbg_wrap_bin_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  if (child && gtk_widget_get_visible (child))
    gtk_widget_allocate (child, width, height, baseline, NULL);
}

static void
tdbg_wrap_bin_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))))
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (tdbg_wrap_bin_parent_class)->dispose (object);
}

static void
tdbg_wrap_bin_class_init (TdbgWrapBinClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tdbg_wrap_bin_dispose;
  widget_class->get_request_mode = tdbg_wrap_bin_get_request_mode;
  widget_class->measure = tdbg_wrap_bin_measure;
  widget_class->size_allocate = tdbg_wrap_bin_size_allocate;
}

static void
tdbg_wrap_bin_init (TdbgWrapBin *self)
{
}

GtkWidget *
tdbg_wrap_bin_new (GtkWidget *child)
{
  GtkWidget *self = g_object_new (TDBG_TYPE_WRAP_BIN, NULL);

  gtk_widget_set_parent (child, self);
  return self;
}

GtkWidget *
tdbg_wrap_bin_get_child (TdbgWrapBin *self)
{
  g_return_val_if_fail (TDBG_IS_WRAP_BIN (self), NULL);
  return gtk_widget_get_first_child (GTK_WIDGET (self));
}
