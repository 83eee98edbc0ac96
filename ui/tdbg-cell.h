#pragma once

/* A one-line text cell for big lists, standing in for GtkLabel. GtkListView (4.8) keeps up to
 * 200 rows bound around the visible ones, so a jump rebinds them all: a label would format
 * and shape its text for every one of them. This cell measures its height from the font
 * alone, and asks for its text (through a text function) and lays it out only when it is
 * drawn inside the list's visible area, or when its text is read. It is styled as a "label"
 * node, so label CSS applies.
 *
 * Its width comes from the column (fixed widths): it asks for none itself. */

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TDBG_TYPE_CELL (tdbg_cell_get_type ())
G_DECLARE_FINAL_TYPE (TdbgCell, tdbg_cell, TDBG, CELL, GtkWidget)

GtkWidget *tdbg_cell_new (void);
void tdbg_cell_set_text (TdbgCell *self, const char *text);
/* The text, asking the text function first if the text is out of date. */
const char *tdbg_cell_get_text (TdbgCell *self);

/* Returns the cell's text (newly allocated, or NULL for none) and sets *@bad when the value
 * should stand out (∞ or NaN). */
typedef char *(*TdbgCellTextFunc) (TdbgCell *cell, gboolean *bad, gpointer user_data);
void tdbg_cell_set_text_func (TdbgCell *self, TdbgCellTextFunc func, gpointer user_data);
/* The text is out of date (the cell was bound to another record): the text function is
 * asked again when the cell is next drawn in view, or read. */
void tdbg_cell_invalidate (TdbgCell *self);
/* Whether the text stands out (drawn like the stylesheet's "tdbg-bad"). */
gboolean tdbg_cell_get_bad (TdbgCell *self);
/* Text that does not fit ends in an ellipsis (by default) and is the tooltip; with
 * @tooltip, the text is the tooltip even when it fits. */
void tdbg_cell_set_text_tooltip (TdbgCell *self, gboolean tooltip);
void tdbg_cell_set_xalign (TdbgCell *self, float xalign);
void tdbg_cell_set_ellipsize (TdbgCell *self, PangoEllipsizeMode mode);
/* Tabular figures, for columns of numbers. */
void tdbg_cell_set_numeric (TdbgCell *self, gboolean numeric);
/* Style marks, as the stylesheet's classes; changed only when they differ (adding or
 * removing a class costs a lookup even when nothing changes). */
typedef enum {
  TDBG_CELL_MARK_INPUT = 1 << 0,  /* "tdbg-input-row": an input of the selected op */
} TdbgCellMark;
void tdbg_cell_set_mark (TdbgCell *self, TdbgCellMark mark, gboolean on);
/* The record the cell's row shows (for its list's own use). */
void tdbg_cell_set_record (TdbgCell *self, guint record);
guint tdbg_cell_get_record (TdbgCell *self);
/* Whether the last snapshot skipped the text because the cell was outside the visible area. */
gboolean tdbg_cell_get_culled (TdbgCell *self);

G_END_DECLS
