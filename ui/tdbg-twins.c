/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-twins.h"

#include <math.h>

static void
twins_clear (gpointer data)
{
  TdbgTwins *t = data;

  g_clear_object (&t->other);
  g_free (t->other_name);
  g_free (t->traces);
  g_free (t->errors);
  g_free (t->diverging);
  g_free (t->ops);
}

TdbgTwins *
tdbg_twins_new (TdbgLogdir *other, const char *other_name, double rtol, double atol, guint n_traces, guint n_ops)
{
  TdbgTwins *t = g_atomic_rc_box_new0 (TdbgTwins);

  t->other = g_object_ref (other);
  t->other_name = g_strdup (other_name);
  t->rtol = rtol;
  t->atol = atol;
  t->n_traces = n_traces;
  t->traces = g_new (guint32, MAX (n_traces, 1));
  t->errors = g_new (float, MAX (n_traces, 1));
  t->diverging = g_new0 (guint8, MAX (n_traces, 1));
  for (guint i = 0; i < n_traces; i++)
    {
      t->traces[i] = TDBG_NONE;
      t->errors[i] = NAN;
    }
  t->n_ops = n_ops;
  t->ops = g_new (guint32, MAX (n_ops, 1));
  for (guint i = 0; i < n_ops; i++)
    t->ops[i] = TDBG_NONE;
  return t;
}

TdbgTwins *
tdbg_twins_ref (TdbgTwins *twins)
{
  return g_atomic_rc_box_acquire (twins);
}

void
tdbg_twins_unref (TdbgTwins *twins)
{
  g_atomic_rc_box_release_full (twins, twins_clear);
}

guint32
tdbg_twins_get_trace (const TdbgTwins *twins, guint32 trace)
{
  if (twins == NULL || trace >= twins->n_traces || twins->traces[trace] >= tdbg_logdir_get_n_traces (twins->other))
    return TDBG_NONE;
  return twins->traces[trace];
}

guint32
tdbg_twins_get_op (const TdbgTwins *twins, guint32 op)
{
  if (twins == NULL || op >= twins->n_ops || twins->ops[op] >= tdbg_logdir_get_n_ops (twins->other))
    return TDBG_NONE;
  return twins->ops[op];
}

guint32
tdbg_twins_find_op_a (const TdbgTwins *twins, guint32 op_b)
{
  for (guint32 i = 0; twins && op_b != TDBG_NONE && i < twins->n_ops; i++)
    if (twins->ops[i] == op_b)
      return i;
  return TDBG_NONE;
}
