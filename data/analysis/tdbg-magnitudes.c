/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-magnitudes.h"

#include <math.h>
#include "tdbg-op-history.h"
#include "libtdbg-data.h"

struct _TdbgMagnitudes {
  GArray *entries;        /* TdbgTraceMagnitude */
  TdbgLogdir *logdir;     /* weak: compared, never dereferenced */
  guint n_scanned;        /* traces looked at: the next update starts here */
  guint64 n_decoded;
};

TdbgMagnitudes *
tdbg_magnitudes_new (void)
{
  TdbgMagnitudes *self = g_new0 (TdbgMagnitudes, 1);

  self->entries = g_array_new (FALSE, FALSE, sizeof (TdbgTraceMagnitude));
  return self;
}

void
tdbg_magnitudes_free (TdbgMagnitudes *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->entries);
  g_free (self);
}

/* The largest finite |x| of a FULL_TENSOR trace, NAN when it has none or cannot be read. */
static double
trace_magnitude (TdbgLogdir *logdir, guint32 trace, double *wall_time)
{
  Tensorflow__DebugEvent *event = tdbg_logdir_read_trace (logdir, trace, NULL);
  double lo, hi = NAN, mean;
  TdbgValue v;

  if (event == NULL)
    return NAN;
  *wall_time = event->wall_time;
  if (event->what_case == TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_EXECUTION_TRACE)
    {
      tdbg_value_init (&v, TDBG_MODE_FULL_TENSOR, event->graph_execution_trace->tensor_proto);
      if (!v.decoded || v.empty || !tdbg_op_history_magnitudes (&v.tensor, &lo, &hi, &mean))
        hi = NAN;
      tdbg_value_clear (&v);
    }
  tensorflow__debug_event__free_unpacked (event, NULL);
  return hi;
}

void
tdbg_magnitudes_update (TdbgMagnitudes *self, TdbgLogdir *logdir)
{
  guint n = tdbg_logdir_get_n_traces (logdir);

  if (logdir != self->logdir || n < self->n_scanned)
    {
      g_array_set_size (self->entries, 0);
      self->n_scanned = 0;
      self->logdir = logdir;
    }
  /* Without FULL_TENSOR traces there is nothing to decode (a trace's mode is in its digest). */
  if (!(tdbg_logdir_get_modes (logdir) & (1u << TDBG_MODE_FULL_TENSOR)))
    {
      self->n_scanned = n;
      return;
    }
  for (guint32 i = self->n_scanned; i < n; i++)
    {
      const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, i);
      TdbgTraceMagnitude entry = { i, NAN, 0 };
      if (tdbg_trace_digest_get_mode (d) != TDBG_MODE_FULL_TENSOR || !tdbg_dtype_is_floating (tdbg_trace_digest_get_dtype (d)))
        continue;
      entry.magnitude = trace_magnitude (logdir, i, &entry.wall_time);
      self->n_decoded++;
      g_array_append_val (self->entries, entry);
    }
  self->n_scanned = n;
}

const GArray *
tdbg_magnitudes_get (TdbgMagnitudes *self)
{
  return self->entries;
}

guint64
tdbg_magnitudes_get_n_decoded (TdbgMagnitudes *self)
{
  return self->n_decoded;
}
