/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Which NaN/∞ the root cause explains. Alerts are counted from the first bad trace in file order
 * (see tdbg-root-cause.h), and the walk back starts there; but the first one is not always the
 * one to explain: an eager op may have gone bad before the values that reached the graph from
 * outside the recording, a mask's −∞ may not be what made the first NaN, a guard
 * (tf.where(x > 0, tf.math.log(x), 0.)) may have discarded the first −∞ while a later op went
 * bad on its own, and a nested graph's input written first may lead past an earlier root. */

#include "config.h"

#include "tdbg-root-cause-private.h"
#include "libtdbg-data.h"

/* Bad traces looked at for an earlier root when the walk back went forward in file order. */
#define MAX_EARLIER_ROOTS 16
/* Guards passed before the NaN/∞ explained: each one's values discarded. */
#define MAX_GUARDS_PASSED 8
/* Traces of an op reading a NaN/∞ looked at, before taking it for one that may pass it on. */
#define MAX_READER_TRACES 4096

/* The first bad trace at or after @from whose op is not @skip_op, or TDBG_NONE. */
static guint32
first_bad_trace (TdbgLogdir *logdir, guint32 from, guint32 skip_op)
{
  guint n = tdbg_logdir_get_n_traces (logdir);
  for (guint i = from; i < n; i++)
    if (_tdbg_cause_trace_bad (logdir, i) && (skip_op == TDBG_NONE || tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, i)) != skip_op))
      return i;
  return TDBG_NONE;
}

/* The first execution with an output holding NaN/∞, in file order. */
static guint32
first_bad_execution (TdbgLogdir *logdir)
{
  guint n = tdbg_logdir_get_n_executions (logdir);
  for (guint i = 0; i < n; i++)
    if (tdbg_logdir_get_execution (logdir, i)->n_alert_outputs > 0)
      return i;
  return TDBG_NONE;
}

static TdbgRootCause *
find_from_trace (TdbgLogdir *logdir, guint32 trace)
{
  TdbgWalkStep start = { trace, TDBG_NONE, 0, TDBG_LINK_FIRST };
  return _tdbg_root_cause_find_from (logdir, &start);
}

/* ---- an eager op before values from outside the recording ------------------------------- */

/* The origin holds values from outside what was recorded, or what came before it was dropped
 * by a circular buffer (an eager call that went bad before it was then first), or it is a
 * constant of the graph (an eager tensor a tf.function captured is one: an eager op that went
 * bad before it made its ±∞); not: its inputs were merely not recorded (a function's
 * arguments), which says nothing of where they came from. */
static gboolean
came_from_elsewhere (const TdbgRootCause *rc)
{
  return rc->cause == TDBG_CAUSE_NONFINITE_INPUT || (rc->cause == TDBG_CAUSE_CONSTANT && rc->inputs->len == 0) ||
         (rc->cause == TDBG_CAUSE_INPUTS_NOT_RECORDED && rc->unrecorded == TDBG_UNRECORDED_CIRCULAR_BUFFER);
}

/* @execution went bad before @rc's origin, by wall time. */
static gboolean
went_bad_before (TdbgLogdir *logdir, guint32 execution, const TdbgRootCause *rc)
{
  double origin_time = rc->origin_trace != TDBG_NONE ? tdbg_logdir_get_trace_wall_time (logdir, rc->origin_trace)
                                                      : tdbg_logdir_get_execution (logdir, rc->origin_execution)->wall_time;
  return tdbg_logdir_get_execution (logdir, execution)->wall_time < origin_time;
}

/* ---- a constant's ±∞ that did not make the first NaN ------------------------------------ */

/* @constant (a constant's ±∞, the first alert) or, when the first NaN after it was made from
 * values that were not bad (its walk back does not lead to the constant: the mask's −∞ stopped
 * at a softmax), that NaN's own cause, the constant said. Takes @constant. */
static TdbgRootCause *
nan_made_apart (TdbgLogdir *logdir, TdbgRootCause *constant)
{
  TdbgRootCause *nan = find_from_trace (logdir, constant->first_nan_after);

  if (nan->origin_op == constant->origin_op || !_tdbg_root_cause_made_here (nan))
    {
      tdbg_root_cause_free (nan);
      return constant;
    }
  nan->constant_before = constant->origin_op;
  tdbg_root_cause_free (constant);
  return nan;
}

/* ---- values a guard discarded ------------------------------------------------------------ */

/* @reader's traces after @from and before @until (the origin op's next trace): at least one,
 * every one finite, and in @file_set. A reader that went bad in some of them passed the
 * values on (a gather whose first batches missed the NaN row); one never traced tells nothing. */
static gboolean
stayed_finite (TdbgLogdir *logdir, guint32 reader, guint32 from, guint32 until, guint file_set)
{
  guint seen = 0;

  for (guint32 t = tdbg_logdir_find_trace_of_op_before (logdir, reader, from, until); t != TDBG_NONE;
       t = tdbg_logdir_find_trace_of_op_before (logdir, reader, t + 1, until))
    {
      if (_tdbg_cause_trace_bad (logdir, t) || tdbg_trace_digest_get_file_set (tdbg_logdir_get_trace (logdir, t)) != file_set ||
          ++seen > MAX_READER_TRACES)
        return FALSE;
    }
  return seen > 0;
}

/* The op that read @rc's origin until its next trace, every one of whose traces came out
 * finite: the guard that discarded the values (a tf.where's SelectV2), the first such;
 * TDBG_NONE when an op read them and went bad, or was not traced after it. */
static guint32
discarded_by (TdbgLogdir *logdir, const TdbgRootCause *rc)
{
  const TdbgOp *op;
  guint32 until;
  guint file_set;

  /* The walk went back from the first bad trace: that trace passed the origin's values on. */
  if (rc->origin_trace == TDBG_NONE || rc->origin_untraced || rc->origin_op == TDBG_NONE || rc->walk->len != 1)
    return TDBG_NONE;
  op = tdbg_logdir_get_op (logdir, rc->origin_op);
  /* Most NaN/∞ go on: the readers' next traces (near it) tell, before the origin's next trace is
   * looked for (which may list the op's traces). */
  for (guint i = 0; op->consumers && i < op->consumers->len; i++)
    {
      guint32 reader = g_array_index (op->consumers, TdbgConsumer, i).op;
      guint32 next = tdbg_logdir_get_op (logdir, reader)->first_trace == TDBG_NONE
                       ? TDBG_NONE : tdbg_logdir_find_trace_of_op (logdir, reader, rc->origin_trace + 1);
      if (next == TDBG_NONE || _tdbg_cause_trace_bad (logdir, next))
        return TDBG_NONE;
    }
  until = tdbg_logdir_find_trace_of_op (logdir, rc->origin_op, rc->origin_trace + 1);
  file_set = tdbg_trace_digest_get_file_set (tdbg_logdir_get_trace (logdir, rc->origin_trace));
  for (guint i = 0; op->consumers && i < op->consumers->len; i++)
    if (!stayed_finite (logdir, g_array_index (op->consumers, TdbgConsumer, i).op, rc->origin_trace + 1,
                        until == TDBG_NONE ? G_MAXUINT32 : until, file_set))
      return TDBG_NONE;
  return op->consumers && op->consumers->len > 0 ? g_array_index (op->consumers, TdbgConsumer, 0).op : TDBG_NONE;
}

/* @first, or, when a guard discarded its values and a later op went bad on its own (its walk
 * back does not lead to @first's origin), that op's cause, the guard said. Takes @first. */
static TdbgRootCause *
past_guards (TdbgLogdir *logdir, TdbgRootCause *first)
{
  TdbgRootCause *rc = first;
  guint32 first_origin = first->origin_op, first_trace = first->origin_trace, guard = TDBG_NONE;

  for (guint passed = 0; passed < MAX_GUARDS_PASSED; passed++)
    {
      guint32 discarder = discarded_by (logdir, rc);
      guint32 next = discarder == TDBG_NONE ? TDBG_NONE : first_bad_trace (logdir, rc->origin_trace + 1, rc->origin_op);
      TdbgRootCause *later;

      /* Discarded, and nothing went bad after it: said harmless (a schedule's min() over
       * rsqrt(step) at step 0). */
      if (next == TDBG_NONE)
        {
          rc->discarded_by = discarder;
          break;
        }
      later = find_from_trace (logdir, next);
      if (later->origin_op == rc->origin_op || later->origin_op == first_origin)
        {
          tdbg_root_cause_free (later);
          break;
        }
      if (guard == TDBG_NONE)
        guard = discarder;
      if (rc != first)
        tdbg_root_cause_free (rc);
      rc = later;
    }
  if (rc == first)
    return first;
  rc->guarded_trace = first_trace;
  rc->guarded_op = first_origin;
  rc->guarded_by = guard;
  tdbg_root_cause_free (first);
  return rc;
}

/* ---- a root before the one the walk reached ------------------------------------------------ */

/* The walk back from the first bad trace went forward in file order: a nested graph's input
 * (an optimizer's cond branch under MirroredStrategy, written by another thread) was written
 * before the op that made it. A bad trace between the two whose own walk ends at an earlier
 * origin went bad first (the replica's forward 0/0 before its gradient's): that one is
 * explained. Takes @rc. */
static gboolean
walked_out_of_nested_graph (const TdbgRootCause *rc)
{
  for (guint i = 0; i < rc->walk->len; i++)
    if (g_array_index (rc->walk, TdbgWalkStep, i).link == TDBG_LINK_OUTER_GRAPH)
      return TRUE;
  return FALSE;
}

static TdbgRootCause *
earlier_root (TdbgLogdir *logdir, TdbgRootCause *rc, guint32 first_trace)
{
  guint32 t = first_trace;

  if (rc->origin_trace == TDBG_NONE || rc->origin_untraced || rc->origin_trace <= first_trace ||
      !walked_out_of_nested_graph (rc))
    return rc;
  for (guint looked = 0; looked < MAX_EARLIER_ROOTS; looked++)
    {
      TdbgRootCause *other;

      t = first_bad_trace (logdir, t + 1, TDBG_NONE);
      if (t == TDBG_NONE || t >= rc->origin_trace)
        break;
      other = find_from_trace (logdir, t);
      if (other->origin_trace != TDBG_NONE && other->origin_trace < rc->origin_trace &&
          _tdbg_root_cause_made_here (other))
        {
          tdbg_root_cause_free (rc);
          return other;
        }
      tdbg_root_cause_free (other);
    }
  return rc;
}

/* ---- the NaN/∞ explained ------------------------------------------------------------------ */

TdbgRootCause *
tdbg_root_cause_find (TdbgLogdir *logdir)
{
  guint32 first_trace = first_bad_trace (logdir, 0, TDBG_NONE);
  TdbgWalkStep from_execution = { TDBG_NONE, first_bad_execution (logdir), 0, TDBG_LINK_FIRST };
  TdbgRootCause *rc;

  if (first_trace == TDBG_NONE)
    return _tdbg_root_cause_find_from (logdir, &from_execution);
  rc = earlier_root (logdir, find_from_trace (logdir, first_trace), first_trace);
  /* Preprocessing in eager code whose result a tf.data pipeline feeds to the graphs (nothing
   * links the map function's placeholder to the eager tensor), a variable assigned an eager
   * result and updated since: the eager op is the origin. */
  if (from_execution.execution != TDBG_NONE && came_from_elsewhere (rc) &&
      rc->origin_execution != from_execution.execution && went_bad_before (logdir, from_execution.execution, rc))
    {
      tdbg_root_cause_free (rc);
      return _tdbg_root_cause_find_from (logdir, &from_execution);
    }
  if (rc->cause == TDBG_CAUSE_CONSTANT && rc->first_nan_after != TDBG_NONE)
    rc = nan_made_apart (logdir, rc);
  else
    rc = past_guards (logdir, rc);
  _tdbg_root_cause_explain_first_alert (logdir, rc);
  return rc;
}
