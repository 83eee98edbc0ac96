/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-selection.h"
#include "libtdbg-analysis.h"
#include "tdbg-ui.h"

struct _TdbgSelection {
  GObject parent_instance;
  TdbgLogdir *logdir;
  TdbgSelectionState state; /* what is selected in it */
  gboolean loading;         /* a logdir is being read (none shown yet, or a first stretch) */
};

G_DEFINE_FINAL_TYPE (TdbgSelection, tdbg_selection, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_LOGDIR,
  PROP_LOADING,
  PROP_ALERT,
  PROP_TRACE,
  PROP_EXECUTION,
  PROP_OP,
  PROP_FOCUS,
  PROP_FRAME,
  PROP_SOURCE_FILE,
  PROP_SOURCE_LINE,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

enum { LOGDIR_GREW, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
tdbg_selection_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  TdbgSelection *self = TDBG_SELECTION (object);

  switch (id)
    {
    case PROP_LOGDIR: g_value_set_object (value, self->logdir); break;
    case PROP_LOADING: g_value_set_boolean (value, self->loading); break;
    case PROP_ALERT: g_value_set_int (value, self->state.alert); break;
    case PROP_TRACE: g_value_set_uint (value, self->state.trace); break;
    case PROP_EXECUTION: g_value_set_uint (value, self->state.execution); break;
    case PROP_OP: g_value_set_uint (value, self->state.op); break;
    case PROP_FOCUS: g_value_set_int (value, self->state.focus); break;
    case PROP_FRAME: g_value_set_int (value, self->state.frame); break;
    case PROP_SOURCE_FILE: g_value_set_uint (value, self->state.source_file); break;
    case PROP_SOURCE_LINE: g_value_set_int (value, self->state.source_line); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
tdbg_selection_dispose (GObject *object)
{
  TdbgSelection *self = TDBG_SELECTION (object);

  g_clear_object (&self->logdir);
  G_OBJECT_CLASS (tdbg_selection_parent_class)->dispose (object);
}

static void
tdbg_selection_class_init (TdbgSelectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = tdbg_selection_get_property;
  object_class->dispose = tdbg_selection_dispose;

  props[PROP_LOGDIR] = g_param_spec_object ("logdir", NULL, NULL, TDBG_TYPE_LOGDIR, TDBG_PARAM_READABLE);
  props[PROP_LOADING] = g_param_spec_boolean ("loading", NULL, NULL, FALSE, TDBG_PARAM_READABLE);
  props[PROP_ALERT] = g_param_spec_int ("alert", NULL, NULL, -1, G_MAXINT, -1, TDBG_PARAM_READABLE);
  props[PROP_TRACE] = g_param_spec_uint ("trace", NULL, NULL, 0, G_MAXUINT32, TDBG_NONE, TDBG_PARAM_READABLE);
  props[PROP_EXECUTION] = g_param_spec_uint ("execution", NULL, NULL, 0, G_MAXUINT32, TDBG_NONE, TDBG_PARAM_READABLE);
  props[PROP_OP] = g_param_spec_uint ("op", NULL, NULL, 0, G_MAXUINT32, TDBG_NONE, TDBG_PARAM_READABLE);
  props[PROP_FOCUS] = g_param_spec_int ("focus", NULL, NULL, 0, TDBG_FOCUS_OP, 0, TDBG_PARAM_READABLE);
  props[PROP_FRAME] = g_param_spec_int ("frame", NULL, NULL, -1, G_MAXINT, -1, TDBG_PARAM_READABLE);
  props[PROP_SOURCE_FILE] = g_param_spec_uint ("source-file", NULL, NULL, 0, G_MAXUINT32, TDBG_NONE, TDBG_PARAM_READABLE);
  props[PROP_SOURCE_LINE] = g_param_spec_int ("source-line", NULL, NULL, 0, G_MAXINT, 0, TDBG_PARAM_READABLE);
  g_object_class_install_properties (object_class, N_PROPS, props);
  signals[LOGDIR_GREW] = g_signal_new ("logdir-grew", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                       NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
reset (TdbgSelection *self)
{
  self->state = (TdbgSelectionState) {
    .alert = -1, .trace = TDBG_NONE, .execution = TDBG_NONE, .op = TDBG_NONE,
    .focus = TDBG_FOCUS_NONE, .frame = -1, .source_file = TDBG_NONE, .source_line = 0,
  };
}

static void
tdbg_selection_init (TdbgSelection *self)
{
  reset (self);
}

TdbgSelection *
tdbg_selection_new (void)
{
  return g_object_new (TDBG_TYPE_SELECTION, NULL);
}

#define SET_FIELD(self, field, prop, val)                          \
  G_STMT_START {                                                   \
    if ((self)->state.field != (val))                              \
      {                                                            \
        (self)->state.field = (val);                               \
        g_object_notify_by_pspec (G_OBJECT (self), props[prop]);   \
      }                                                            \
  } G_STMT_END

void
tdbg_selection_set_logdir (TdbgSelection *self, TdbgLogdir *logdir)
{
  g_return_if_fail (TDBG_IS_SELECTION (self));

  g_object_freeze_notify (G_OBJECT (self));
  SET_FIELD (self, alert, PROP_ALERT, -1);
  SET_FIELD (self, trace, PROP_TRACE, TDBG_NONE);
  SET_FIELD (self, execution, PROP_EXECUTION, TDBG_NONE);
  SET_FIELD (self, op, PROP_OP, TDBG_NONE);
  SET_FIELD (self, focus, PROP_FOCUS, TDBG_FOCUS_NONE);
  SET_FIELD (self, frame, PROP_FRAME, -1);
  SET_FIELD (self, source_file, PROP_SOURCE_FILE, TDBG_NONE);
  SET_FIELD (self, source_line, PROP_SOURCE_LINE, 0);
  if (g_set_object (&self->logdir, logdir))
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_LOGDIR]);
  g_object_thaw_notify (G_OBJECT (self));
}

TdbgLogdir *
tdbg_selection_get_logdir (TdbgSelection *self)
{
  return self->logdir;
}

void
tdbg_selection_set_loading (TdbgSelection *self, gboolean loading)
{
  g_return_if_fail (TDBG_IS_SELECTION (self));

  if (self->loading == !!loading)
    return;
  self->loading = !!loading;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_LOADING]);
}

gboolean
tdbg_selection_get_loading (TdbgSelection *self)
{
  return self->loading;
}

void
tdbg_selection_logdir_grew (TdbgSelection *self, const TdbgLogdirCounts *before)
{
  g_return_if_fail (TDBG_IS_SELECTION (self));
  g_return_if_fail (self->logdir != NULL);
  g_signal_emit (self, signals[LOGDIR_GREW], 0, before);
}

/* Properties are set in dependency order (record, then op, then focus) so that an observer
 * of "focus" sees the new record and op. Notifications are not frozen on purpose: an
 * observer of "op" (the stack pane) sets "frame" and the source line in turn. */
static void
select_record (TdbgSelection *self, gint alert, guint32 trace, guint32 execution, guint32 op, TdbgFocus focus)
{
  SET_FIELD (self, alert, PROP_ALERT, alert);
  SET_FIELD (self, trace, PROP_TRACE, trace);
  SET_FIELD (self, execution, PROP_EXECUTION, execution);
  if (self->state.op != op || self->state.focus != focus)
    {
      self->state.op = op;
      self->state.focus = focus;
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_OP]);
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_FOCUS]);
    }
}

static guint32
op_of_trace (TdbgSelection *self, guint32 trace)
{
  if (self->logdir == NULL || trace == TDBG_NONE || trace >= tdbg_logdir_get_n_traces (self->logdir))
    return TDBG_NONE;
  return tdbg_trace_digest_get_op (tdbg_logdir_get_trace (self->logdir, trace));
}

/* The execution that ran @trace (the tf.function call), else the one selected before: the
 * timeline shows where in the program the trace was made. */
static guint32
call_of_trace (TdbgSelection *self, guint32 trace)
{
  guint32 call = self->logdir && trace != TDBG_NONE ? tdbg_calls_execution_of_trace (self->logdir, trace) : TDBG_NONE;

  return call != TDBG_NONE ? call : self->state.execution;
}

void
tdbg_selection_select_trace (TdbgSelection *self, guint32 trace)
{
  g_return_if_fail (TDBG_IS_SELECTION (self));
  if (trace == self->state.trace && self->state.focus == TDBG_FOCUS_TRACE)
    return;
  select_record (self, self->state.alert, trace, call_of_trace (self, trace), op_of_trace (self, trace),
                 trace == TDBG_NONE ? TDBG_FOCUS_NONE : TDBG_FOCUS_TRACE);
}

void
tdbg_selection_select_execution (TdbgSelection *self, guint32 execution)
{
  g_return_if_fail (TDBG_IS_SELECTION (self));
  guint32 first = TDBG_NONE;

  if (execution == self->state.execution && self->state.focus == TDBG_FOCUS_EXECUTION)
    return;
  /* A tf.function call: Graph Execution shows the first trace it ran, unless the trace
   * selected is one of its own already. */
  if (self->logdir && execution != TDBG_NONE &&
      (self->state.trace == TDBG_NONE || tdbg_calls_execution_of_trace (self->logdir, self->state.trace) != execution))
    first = tdbg_calls_first_trace (self->logdir, execution);
  if (first != TDBG_NONE)
    select_record (self, self->state.alert, first, execution, op_of_trace (self, first), TDBG_FOCUS_EXECUTION);
  else
    select_record (self, self->state.alert, self->state.trace, execution, self->state.op,
                   execution == TDBG_NONE ? TDBG_FOCUS_NONE : TDBG_FOCUS_EXECUTION);
}

void
tdbg_selection_select_op (TdbgSelection *self, guint32 op)
{
  guint32 trace = TDBG_NONE;

  g_return_if_fail (TDBG_IS_SELECTION (self));
  if (self->logdir == NULL || op == TDBG_NONE || op >= tdbg_logdir_get_n_ops (self->logdir))
    return;

  if (self->state.trace != TDBG_NONE)
    {
      /* The nearest trace: the latest before the current one (any output slot), else the first. */
      const TdbgOp *o = tdbg_logdir_get_op (self->logdir, op);
      guint n_slots = MAX (o->num_outputs, 1);
      for (guint slot = 0; slot < n_slots && slot < 64; slot++)
        {
          guint32 t = tdbg_logdir_find_latest_trace_before (self->logdir, op, slot, self->state.trace);
          if (t != TDBG_NONE && (trace == TDBG_NONE || t > trace))
            trace = t;
        }
    }
  if (trace == TDBG_NONE)
    trace = tdbg_logdir_find_trace_of_op (self->logdir, op, 0);

  if (trace != TDBG_NONE)
    select_record (self, self->state.alert, trace, call_of_trace (self, trace), op, TDBG_FOCUS_TRACE);
  else
    select_record (self, self->state.alert, TDBG_NONE, self->state.execution, op, TDBG_FOCUS_OP);
}

void
tdbg_selection_select_alert (TdbgSelection *self, guint alert)
{
  const TdbgAlert *a;

  g_return_if_fail (TDBG_IS_SELECTION (self));
  if (self->logdir == NULL || alert >= tdbg_logdir_get_n_alerts (self->logdir))
    return;
  a = tdbg_logdir_get_alert (self->logdir, alert);
  if (a->trace_index != TDBG_NONE)
    select_record (self, (gint) alert, a->trace_index, call_of_trace (self, a->trace_index),
                   op_of_trace (self, a->trace_index), TDBG_FOCUS_TRACE);
  else
    select_record (self, (gint) alert, self->state.trace, a->execution_index, self->state.op, TDBG_FOCUS_EXECUTION);
}

void
tdbg_selection_select_frame (TdbgSelection *self, gint frame, guint32 source_file, gint line)
{
  g_return_if_fail (TDBG_IS_SELECTION (self));
  SET_FIELD (self, frame, PROP_FRAME, frame);
  tdbg_selection_select_source (self, source_file, line);
}

void
tdbg_selection_select_source (TdbgSelection *self, guint32 source_file, gint line)
{
  g_return_if_fail (TDBG_IS_SELECTION (self));
  g_object_freeze_notify (G_OBJECT (self));
  SET_FIELD (self, source_file, PROP_SOURCE_FILE, source_file);
  SET_FIELD (self, source_line, PROP_SOURCE_LINE, MAX (line, 0));
  g_object_thaw_notify (G_OBJECT (self));
}

void
tdbg_selection_get_state (TdbgSelection *self, TdbgSelectionState *state)
{
  *state = self->state;
}

/* The record first, so that the stack pane picks its frame; then the frame of @state over it. */
void
tdbg_selection_restore_state (TdbgSelection *self, const TdbgSelectionState *state)
{
  g_return_if_fail (TDBG_IS_SELECTION (self));
  select_record (self, state->alert, state->trace, state->execution, state->op, state->focus);
  tdbg_selection_select_frame (self, state->frame, state->source_file, state->source_line);
}

gboolean
tdbg_selection_state_equal (const TdbgSelectionState *a, const TdbgSelectionState *b)
{
  return a->alert == b->alert && a->trace == b->trace && a->execution == b->execution && a->op == b->op &&
         a->focus == b->focus && a->frame == b->frame && a->source_file == b->source_file &&
         a->source_line == b->source_line;
}

gint tdbg_selection_get_alert (TdbgSelection *self) { return self->state.alert; }
guint32 tdbg_selection_get_trace (TdbgSelection *self) { return self->state.trace; }
guint32 tdbg_selection_get_execution (TdbgSelection *self) { return self->state.execution; }
guint32 tdbg_selection_get_op (TdbgSelection *self) { return self->state.op; }
TdbgFocus tdbg_selection_get_focus (TdbgSelection *self) { return self->state.focus; }
gint tdbg_selection_get_frame (TdbgSelection *self) { return self->state.frame; }
guint32 tdbg_selection_get_source_file (TdbgSelection *self) { return self->state.source_file; }
gint tdbg_selection_get_source_line (TdbgSelection *self) { return self->state.source_line; }
