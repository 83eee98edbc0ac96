/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What one dumped value says, whatever the debug mode: the summary vector of the health and
 * shape modes, or the full tensor of FULL_TENSOR, interpreted into dtype, shape, size and
 * element counts where the mode tells them. */

#include <glib.h>
#include "tdbg-tensor.h"

G_BEGIN_DECLS

typedef struct {
  guint mode;
  gboolean empty;           /* an empty TensorProto placeholder (non-float output in health modes) */
  gboolean decoded;         /* FALSE when the tensor could not be decoded */
  gint dtype;               /* -1 when the mode does not tell */
  gint rank;                /* -1 when unknown */
  gboolean shape_known;
  gint64 shape[TDBG_MAX_RANK];
  double size;              /* NAN when unknown */
  gint64 tensor_id;         /* -1 when absent (eager data) or unknown */
  gboolean has_tensor_id;
  TdbgCounts counts;
  gboolean counts_known;    /* all six counts */
  gboolean inf_nan_known;   /* neg_inf, pos_inf and nan */
  gboolean any_inf_nan;
  GArray *summary;          /* doubles, for summary modes; NULL otherwise */
  TdbgTensor tensor;        /* FULL_TENSOR only; borrows from the proto */
} TdbgValue;

void tdbg_value_init (TdbgValue *value, guint mode, const Tensorflow__TensorProto *proto);
void tdbg_value_clear (TdbgValue *value);

G_END_DECLS
