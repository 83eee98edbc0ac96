/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The largest finite |x| of every floating FULL_TENSOR trace, kept between the exploding-
 * magnitude searches of a followed logdir: each update decodes only the traces appended since
 * the last (the digests keep no magnitudes, and every decode may be a read over SSH). The
 * threshold is applied by the search, so changing it reads nothing again. No GTK here. */

#include "libtdbg-data.h"

G_BEGIN_DECLS

typedef struct {
  guint32 trace;
  double magnitude;  /* NAN when the value has no finite element or cannot be read */
  double wall_time;  /* of the record, read with it (0 when it cannot be read) */
} TdbgTraceMagnitude;

typedef struct _TdbgMagnitudes TdbgMagnitudes;

TdbgMagnitudes *tdbg_magnitudes_new (void);
void tdbg_magnitudes_free (TdbgMagnitudes *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgMagnitudes, tdbg_magnitudes_free)

/* Decodes the traces of @logdir appended since the last update; all of them for the first
 * update, for another logdir, or once the index holds fewer traces than were seen (reloaded). */
void tdbg_magnitudes_update (TdbgMagnitudes *self, TdbgLogdir *logdir);
/* The floating FULL_TENSOR traces seen so far, in trace order (TdbgTraceMagnitude). */
const GArray *tdbg_magnitudes_get (TdbgMagnitudes *self);
/* How many traces were decoded since this was made: what following costs. */
guint64 tdbg_magnitudes_get_n_decoded (TdbgMagnitudes *self);

G_END_DECLS
