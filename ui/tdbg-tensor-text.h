#pragma once

/* FULL_TENSOR values as text in a GtkTextBuffer: a numpy-like slice ("[0:50, :]") of the
 * tensor, with -inf, +inf and NaN elements highlighted. */

#include <gtk/gtk.h>
#include "tdbg-tensor.h"

G_BEGIN_DECLS

#define TDBG_TENSOR_TEXT_MAX_ELEMENTS 20000

/* Parses "[a:b, c, :]" against @shape of @rank into per-dimension [start, stop) ranges.
 * An empty or NULL @spec selects everything. FALSE on a syntax error. */
gboolean tdbg_tensor_parse_slice (const char *spec, gint rank, const gint64 *shape, gint64 *start, gint64 *stop);

void tdbg_tensor_text_fill (GtkTextBuffer *buffer, const TdbgTensor *tensor, const char *slice);

G_END_DECLS
