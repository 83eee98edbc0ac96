/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Which of Graph Execution's columns are shown: those the logdir calls for (its debug modes,
 * and the Where column when its traces ran in places that differ), then the person's choice
 * from the titles' menu or the sort menu (Where, Device, Host). What is the same of every
 * trace's place is said once, under the heading. */
#include "tdbg-trace-pane-private.h"

#include <string.h>
#include <glib/gi18n.h>
#include "tdbg-trace-header.h"

/* The columns the person may show or hide, and their actions ("traces.show-where"…). */
static const struct {
  TdbgTraceCol column;
  const char *action;
} choosable[] = {
  { TDBG_TRACE_COL_WHERE, "show-where" },
  { TDBG_TRACE_COL_DEVICE, "show-device" },
  { TDBG_TRACE_COL_HOST, "show-host" },
};

/* Widest the Where column starts (a longer place is cut, whole in its tooltip). */
#define WHERE_MAX_WIDTH 180

/* The columns' geometry changed: the header and the rows on show take it (rows put aside
 * catch up when bound again). */
void
_tdbg_trace_pane_relayout_rows (TdbgTracePane *self)
{
  GHashTableIter iter;
  gpointer row;

  tdbg_trace_header_update (self->header);
  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &row, NULL))
    {
      gtk_widget_queue_resize (row);
      gtk_widget_queue_draw (row);
    }
}

void
_tdbg_trace_pane_show_columns (TdbgTracePane *self, const gboolean *show)
{
  tdbg_trace_columns_set_shown (&self->columns, show);
  _tdbg_trace_pane_relayout_rows (self);
}

/* The width of @text in @widget's font. */
static int
text_width (GtkWidget *widget, const char *text)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  int width;

  pango_layout_get_pixel_size (layout, &width, NULL);
  g_object_unref (layout);
  return width;
}

/* The width of a cell that shows @width of text: the padding each side, the separator, and a
 * pixel of rounding. */
static int
cell_width (int width)
{
  return width + 2 * TDBG_TRACE_COLUMN_PADDING + 2;
}

/* The "#" column as wide as the largest trace index (a run of a few hundred traces leaves the
 * others 20 px more), the title too, and as the list grows. */
static int
index_width (TdbgTracePane *self)
{
  TdbgLogdir *logdir = tdbg_pane_get_logdir (TDBG_PANE (self));
  guint n = logdir ? tdbg_logdir_get_n_traces (logdir) : 0;
  g_autofree char *largest = g_strdup_printf ("%u", n > 0 ? n - 1 : 0);
  /* Digits drawn with tabular figures: any digit as wide as the widest. */
  g_autofree char *digits = g_strnfill (strlen (largest), '0');

  return cell_width (MAX (text_width (GTK_WIDGET (self->list_view), digits),
                          text_width (GTK_WIDGET (self->header), self->columns.all[TDBG_TRACE_COL_INDEX].title)));
}

/* The Where column as wide as its widest text and its title, within reason; the others at
 * least as wide as their titles, and those that give way not narrower, up to their usual
 * width (Japanese "演算タイプ" is wider than "Op Type" and stays whole; Portuguese "Tipo de
 * operação" is wider still, whole when there is room). */
static void
fit_widths (TdbgTracePane *self)
{
  GPtrArray *wheres = tdbg_trace_summary_list_wheres (self->summary, tdbg_pane_get_logdir (TDBG_PANE (self)));
  int width = text_width (GTK_WIDGET (self->header), self->columns.all[TDBG_TRACE_COL_WHERE].title);

  for (guint i = 0; i < wheres->len; i++)
    width = MAX (width, text_width (GTK_WIDGET (self->list_view), g_ptr_array_index (wheres, i)));
  tdbg_trace_columns_fit_width (&self->columns, TDBG_TRACE_COL_WHERE, MIN (cell_width (width), WHERE_MAX_WIDTH));
  tdbg_trace_columns_fit_width (&self->columns, TDBG_TRACE_COL_INDEX, index_width (self));
  for (guint c = 0; c < TDBG_TRACE_N_COLS; c++)
    {
      int title = cell_width (text_width (GTK_WIDGET (self->header), self->column_defs[c].title));

      /* Its title whole while it gives way, up to its usual width. */
      if (self->column_defs[c].least > 0)
        self->column_defs[c].least = MIN (MAX (self->column_defs[c].least, title), self->column_defs[c].width);
      if (c != TDBG_TRACE_COL_WHERE && c != TDBG_TRACE_COL_INDEX)
        tdbg_trace_columns_fit_width (&self->columns, c, MAX (self->column_defs[c].width, title));
    }
}

/* What is the same of every trace's place, under the heading ("CPU:0 · gpu-ws-17"), in a
 * whole sentence in its tooltip and for screen readers. */
static void
show_common_place (TdbgTracePane *self)
{
  g_autofree char *sentence = NULL;
  g_autofree char *place = tdbg_trace_summary_get_common_place (self->summary, tdbg_pane_get_logdir (TDBG_PANE (self)),
                                                                &sentence);

  gtk_widget_set_visible (self->common_place, place != NULL);
  gtk_label_set_text (self->place_label, place ? place : "");
  gtk_widget_set_tooltip_text (self->common_place, sentence);
  if (sentence)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->place_label), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, sentence,
                                    -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self->place_label), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

/* The columns the logdir calls for, the person's choices over them; the Error column as
 * compare mode has it. */
static void
apply_columns (TdbgTracePane *self)
{
  gboolean show[TDBG_TRACE_N_COLS];

  tdbg_trace_summary_columns_for (self->summary, tdbg_pane_get_logdir (TDBG_PANE (self)), show);
  show[TDBG_TRACE_COL_ERROR] = self->compare != NULL;
  for (guint i = 0; i < G_N_ELEMENTS (choosable); i++)
    {
      TdbgTraceCol column = choosable[i].column;
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self->column_actions), choosable[i].action);

      if (self->column_choice[column] != 0)
        show[column] = self->column_choice[column] > 0;
      g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (show[column]));
    }
  fit_widths (self);
  _tdbg_trace_pane_show_columns (self, show);
}

void
_tdbg_trace_pane_learn_places (TdbgTracePane *self, gboolean grown)
{
  TdbgLogdir *logdir = tdbg_pane_get_logdir (TDBG_PANE (self));
  guint geometry = self->columns.geometry_serial;

  if (logdir != NULL && !tdbg_trace_summary_learn_places (self->summary, logdir) && grown)
    {
      /* The same places: the "#" column may need another digit. */
      fit_widths (self);
      if (self->columns.geometry_serial != geometry)
        _tdbg_trace_pane_relayout_rows (self);
      return;
    }
  apply_columns (self);
  show_common_place (self);
}

static void
show_column_changed (GSimpleAction *action, GVariant *state, gpointer data)
{
  TdbgTracePane *self = data;
  const char *name = g_action_get_name (G_ACTION (action));

  for (guint i = 0; i < G_N_ELEMENTS (choosable); i++)
    if (g_str_equal (choosable[i].action, name))
      self->column_choice[choosable[i].column] = g_variant_get_boolean (state) ? 1 : -1;
  apply_columns (self);
}

void
_tdbg_trace_pane_columns_init (TdbgTracePane *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (choosable); i++)
    {
      g_autoptr(GSimpleAction) action = g_simple_action_new_stateful (choosable[i].action, NULL,
                                                                       g_variant_new_boolean (FALSE));
      g_signal_connect (action, "change-state", G_CALLBACK (show_column_changed), self);
      g_action_map_add_action (self->column_actions, G_ACTION (action));
    }
  /* Reached from the titles (a secondary click) and from the sort menu (the keyboard). */
  tdbg_trace_header_set_menu (self->header, self->columns_menu);
  g_menu_append_section (self->sort_menu, _("Columns"), self->columns_menu);
}
