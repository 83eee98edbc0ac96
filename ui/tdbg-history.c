/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-history.h"
#include "tdbg-ui.h"

struct _TdbgHistory {
  GObject parent_instance;
  TdbgSelection *selection;       /* weak: the window owns both */
  GArray *entries;                /* of TdbgSelectionState, oldest first */
  gint position;                  /* the current entry, -1 when none */
  guint max_entries;
  guint record_id;                /* the idle that records a pending jump */
  gboolean restoring;
  gboolean could_go_back;
  gboolean could_go_forward;
};

G_DEFINE_FINAL_TYPE (TdbgHistory, tdbg_history, G_TYPE_OBJECT)

enum { PROP_0, PROP_CAN_GO_BACK, PROP_CAN_GO_FORWARD, N_PROPS };
static GParamSpec *props[N_PROPS];

static void
tdbg_history_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  TdbgHistory *self = TDBG_HISTORY (object);

  switch (id)
    {
    case PROP_CAN_GO_BACK: g_value_set_boolean (value, tdbg_history_can_go_back (self)); break;
    case PROP_CAN_GO_FORWARD: g_value_set_boolean (value, tdbg_history_can_go_forward (self)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
tdbg_history_dispose (GObject *object)
{
  TdbgHistory *self = TDBG_HISTORY (object);

  g_clear_handle_id (&self->record_id, g_source_remove);
  if (self->selection)
    {
      g_signal_handlers_disconnect_by_data (self->selection, self);
      g_object_remove_weak_pointer (G_OBJECT (self->selection), (gpointer *) &self->selection);
      self->selection = NULL;
    }
  G_OBJECT_CLASS (tdbg_history_parent_class)->dispose (object);
}

static void
tdbg_history_finalize (GObject *object)
{
  g_array_unref (TDBG_HISTORY (object)->entries);
  G_OBJECT_CLASS (tdbg_history_parent_class)->finalize (object);
}

static void
tdbg_history_class_init (TdbgHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = tdbg_history_get_property;
  object_class->dispose = tdbg_history_dispose;
  object_class->finalize = tdbg_history_finalize;
  props[PROP_CAN_GO_BACK] = g_param_spec_boolean ("can-go-back", NULL, NULL, FALSE, TDBG_PARAM_READABLE);
  props[PROP_CAN_GO_FORWARD] = g_param_spec_boolean ("can-go-forward", NULL, NULL, FALSE, TDBG_PARAM_READABLE);
  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
tdbg_history_init (TdbgHistory *self)
{
  self->entries = g_array_new (FALSE, FALSE, sizeof (TdbgSelectionState));
  self->position = -1;
}

static void
notify_moves (TdbgHistory *self)
{
  gboolean back = tdbg_history_can_go_back (self);
  gboolean forward = tdbg_history_can_go_forward (self);

  if (back != self->could_go_back)
    {
      self->could_go_back = back;
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_CAN_GO_BACK]);
    }
  if (forward != self->could_go_forward)
    {
      self->could_go_forward = forward;
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_CAN_GO_FORWARD]);
    }
}

static void
record (TdbgHistory *self)
{
  TdbgSelectionState state;

  if (self->selection == NULL)
    return;
  tdbg_selection_get_state (self->selection, &state);
  /* Nothing selected is no place to come back to. */
  if (state.focus == TDBG_FOCUS_NONE && state.trace == TDBG_NONE && state.execution == TDBG_NONE)
    return;
  if (self->position >= 0 &&
      tdbg_selection_state_equal (&state, &g_array_index (self->entries, TdbgSelectionState, self->position)))
    return;
  g_array_set_size (self->entries, (guint) (self->position + 1));
  g_array_append_val (self->entries, state);
  if (self->entries->len > self->max_entries)
    g_array_remove_index (self->entries, 0);
  self->position = (gint) self->entries->len - 1;
  notify_moves (self);
}

static gboolean
record_cb (gpointer data)
{
  TdbgHistory *self = data;

  self->record_id = 0;
  record (self);
  return G_SOURCE_REMOVE;
}

static void
selection_changed_cb (TdbgHistory *self)
{
  if (!self->restoring && self->record_id == 0)
    /* Before redrawing: a window that keeps redrawing must not starve it. */
    self->record_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, record_cb, self, NULL);
}

static void
logdir_changed_cb (TdbgHistory *self)
{
  g_clear_handle_id (&self->record_id, g_source_remove);
  g_array_set_size (self->entries, 0);
  self->position = -1;
  notify_moves (self);
}

TdbgHistory *
tdbg_history_new (TdbgSelection *selection, guint max_entries)
{
  static const char *const watched[] = { "notify::alert", "notify::trace", "notify::execution", "notify::op",
                                         "notify::focus", "notify::frame", "notify::source-file",
                                         "notify::source-line" };
  TdbgHistory *self;

  g_return_val_if_fail (TDBG_IS_SELECTION (selection), NULL);
  self = g_object_new (TDBG_TYPE_HISTORY, NULL);
  self->selection = selection;
  g_object_add_weak_pointer (G_OBJECT (selection), (gpointer *) &self->selection);
  self->max_entries = MAX (max_entries, 2);
  for (guint i = 0; i < G_N_ELEMENTS (watched); i++)
    g_signal_connect_swapped (selection, watched[i], G_CALLBACK (selection_changed_cb), self);
  g_signal_connect_swapped (selection, "notify::logdir", G_CALLBACK (logdir_changed_cb), self);
  return self;
}

void
tdbg_history_flush (TdbgHistory *self)
{
  g_return_if_fail (TDBG_IS_HISTORY (self));
  if (self->record_id == 0)
    return;
  g_clear_handle_id (&self->record_id, g_source_remove);
  record (self);
}

gboolean
tdbg_history_can_go_back (TdbgHistory *self)
{
  return self->position > 0;
}

gboolean
tdbg_history_can_go_forward (TdbgHistory *self)
{
  return self->position >= 0 && (guint) self->position + 1 < self->entries->len;
}

static gboolean
go_to (TdbgHistory *self, gint position)
{
  if (self->selection == NULL || position < 0 || (guint) position >= self->entries->len)
    return FALSE;
  self->position = position;
  self->restoring = TRUE;
  tdbg_selection_restore_state (self->selection, &g_array_index (self->entries, TdbgSelectionState, position));
  self->restoring = FALSE;
  notify_moves (self);
  return TRUE;
}

gboolean
tdbg_history_back (TdbgHistory *self)
{
  g_return_val_if_fail (TDBG_IS_HISTORY (self), FALSE);
  tdbg_history_flush (self);
  return go_to (self, self->position - 1);
}

gboolean
tdbg_history_forward (TdbgHistory *self)
{
  g_return_val_if_fail (TDBG_IS_HISTORY (self), FALSE);
  tdbg_history_flush (self);
  return self->position >= 0 && go_to (self, self->position + 1);
}

guint tdbg_history_get_n_entries (TdbgHistory *self) { return self->entries->len; }
gint tdbg_history_get_position (TdbgHistory *self) { return self->position; }

const TdbgSelectionState *
tdbg_history_get_entry (TdbgHistory *self, guint index)
{
  g_return_val_if_fail (index < self->entries->len, NULL);
  return &g_array_index (self->entries, TdbgSelectionState, index);
}
