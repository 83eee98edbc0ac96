/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A FULL_TENSOR value as NumPy's .npy file (format 1.0), readable by numpy.load: the dtype and
 * shape as recorded, the values in C order, little-endian. Two dtypes have no exact NumPy
 * twin: bfloat16 is written as float32 (which holds every bfloat16 value exactly) and strings
 * as fixed-width bytes ('S<longest>', shorter ones padded with NULs). */

#include <glib.h>
#include "tdbg-tensor.h"

G_BEGIN_DECLS

/* The NumPy type string of a TensorFlow dtype ("<f4"), or NULL when it has none. */
const char *tdbg_npy_descr (gint dtype);

GBytes *tdbg_npy_encode (const TdbgTensor *tensor, GError **error);
gboolean tdbg_npy_write (const TdbgTensor *tensor, const char *path, GError **error);

G_END_DECLS
