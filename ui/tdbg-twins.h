/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Compare mode's answer as the panes take it: plain arrays, never the comparison itself (ui/
 * does not include data/compare/). Per trace and per op of the shown run (run A), its twin in
 * the run compared with (run B), and the tolerances its values were compared with. Shared by
 * the panes, read-only once made. */

#include "libtdbg-data.h"

G_BEGIN_DECLS

typedef struct {
  TdbgLogdir *other;      /* run B */
  char *other_name;       /* as the window shows it */
  double rtol, atol;      /* |a − b| ≤ atol + rtol·|b| is close */
  gboolean b_growing;     /* run B is still being written: a twin it lacks is awaited */
  guint n_traces;         /* traces of run A the next three cover */
  guint32 *traces;        /* its twin trace in run B, TDBG_NONE for none */
  float *errors;          /* largest |a − b|; NAN when not compared, -1 differs without a figure */
  guint8 *diverging;      /* not 0 when it diverges */
  guint n_ops;            /* ops of run A the next one covers */
  guint32 *ops;           /* its twin op in run B, TDBG_NONE for none */
} TdbgTwins;

/* Arrays of @n_traces and @n_ops entries, twins TDBG_NONE, errors NAN, none diverging. */
TdbgTwins *tdbg_twins_new (TdbgLogdir *other, const char *other_name, double rtol, double atol, guint n_traces,
                           guint n_ops);
TdbgTwins *tdbg_twins_ref (TdbgTwins *twins);
void tdbg_twins_unref (TdbgTwins *twins);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgTwins, tdbg_twins_unref)

/* Run B's twin of run A's @trace, or of @op; TDBG_NONE for none. */
guint32 tdbg_twins_get_trace (const TdbgTwins *twins, guint32 trace);
guint32 tdbg_twins_get_op (const TdbgTwins *twins, guint32 op);
/* Run A's op whose twin is run B's @op_b, TDBG_NONE for none. */
guint32 tdbg_twins_find_op_a (const TdbgTwins *twins, guint32 op_b);

G_END_DECLS
