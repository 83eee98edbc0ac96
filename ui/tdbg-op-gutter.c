/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-op-gutter.h"
#include "tdbg-palette.h"

struct _TdbgOpGutter {
  GtkSourceGutterRendererText parent_instance;

  TdbgSourceOps *ops;
  guint32 file;
};

G_DEFINE_FINAL_TYPE (TdbgOpGutter, tdbg_op_gutter, GTK_SOURCE_TYPE_GUTTER_RENDERER_TEXT)

enum { LINE_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];


static void
tdbg_op_gutter_query_data (GtkSourceGutterRenderer *renderer, GtkSourceGutterLines *lines, guint line)
{
  TdbgOpGutter *self = TDBG_OP_GUTTER (renderer);
  GtkSourceGutterRendererText *text = GTK_SOURCE_GUTTER_RENDERER_TEXT (renderer);
  const TdbgLineOps *entry = self->ops ? tdbg_source_ops_get_line (self->ops, self->file, (gint) line + 1) : NULL;
  g_autofree char *markup = NULL;

  if (entry == NULL)
    {
      gtk_source_gutter_renderer_text_set_text (text, "", 0);
      return;
    }
  if (entry->n_bad)
    {
      /* The readable error text colour of the style (tdbg-palette.h), not a fixed dark red
       * that a dark gutter would swallow. */
      GdkRGBA bad;
      tdbg_palette_get_text_color (GTK_WIDGET (renderer), TDBG_TEXT_ERROR, &bad);
      markup = g_strdup_printf ("<span foreground=\"#%02x%02x%02x\" weight=\"bold\">%u!</span>",
                                (guint) (bad.red * 255 + 0.5), (guint) (bad.green * 255 + 0.5),
                                (guint) (bad.blue * 255 + 0.5), entry->ops->len);
    }
  else
    markup = g_strdup_printf ("%u", entry->ops->len);
  gtk_source_gutter_renderer_text_set_markup (text, markup, -1);
}

static gboolean
tdbg_op_gutter_query_activatable (GtkSourceGutterRenderer *renderer, GtkTextIter *iter, GdkRectangle *area)
{
  TdbgOpGutter *self = TDBG_OP_GUTTER (renderer);

  return tdbg_op_gutter_get_mark (self, gtk_text_iter_get_line (iter) + 1, NULL, NULL);
}

static void
tdbg_op_gutter_activate (GtkSourceGutterRenderer *renderer, GtkTextIter *iter, GdkRectangle *area, guint button,
                         GdkModifierType state, gint n_presses)
{
  tdbg_op_gutter_activate_line (TDBG_OP_GUTTER (renderer), gtk_text_iter_get_line (iter) + 1);
}

static void
tdbg_op_gutter_class_init (TdbgOpGutterClass *klass)
{
  GtkSourceGutterRendererClass *renderer_class = GTK_SOURCE_GUTTER_RENDERER_CLASS (klass);

  renderer_class->query_data = tdbg_op_gutter_query_data;
  renderer_class->query_activatable = tdbg_op_gutter_query_activatable;
  renderer_class->activate = tdbg_op_gutter_activate;
  signals[LINE_ACTIVATED] = g_signal_new ("line-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
}

static void
tdbg_op_gutter_init (TdbgOpGutter *self)
{
  self->file = TDBG_NONE;
  gtk_source_gutter_renderer_set_xpad (GTK_SOURCE_GUTTER_RENDERER (self), 4);
  gtk_source_gutter_renderer_set_xalign (GTK_SOURCE_GUTTER_RENDERER (self), 1.0);
  gtk_widget_set_size_request (GTK_WIDGET (self), 36, -1);
}

TdbgOpGutter *
tdbg_op_gutter_new (void)
{
  return g_object_new (TDBG_TYPE_OP_GUTTER, NULL);
}

void
tdbg_op_gutter_set_file (TdbgOpGutter *self, TdbgSourceOps *ops, guint32 file)
{
  g_return_if_fail (TDBG_IS_OP_GUTTER (self));
  self->ops = ops;
  self->file = file;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
tdbg_op_gutter_get_n_marks (TdbgOpGutter *self)
{
  g_autoptr(GPtrArray) lines = NULL;

  if (self->ops == NULL || self->file == TDBG_NONE)
    return 0;
  lines = tdbg_source_ops_get_lines (self->ops, self->file);
  return lines->len;
}

gboolean
tdbg_op_gutter_get_mark (TdbgOpGutter *self, gint line, guint *n_ops, guint *n_bad)
{
  const TdbgLineOps *entry = self->ops ? tdbg_source_ops_get_line (self->ops, self->file, line) : NULL;

  if (n_ops)
    *n_ops = entry ? entry->ops->len : 0;
  if (n_bad)
    *n_bad = entry ? entry->n_bad : 0;
  return entry != NULL;
}

gboolean
tdbg_op_gutter_activate_line (TdbgOpGutter *self, gint line)
{
  if (!tdbg_op_gutter_get_mark (self, line, NULL, NULL))
    return FALSE;
  g_signal_emit (self, signals[LINE_ACTIVATED], 0, line);
  return TRUE;
}
