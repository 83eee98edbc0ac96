/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-window-private.h"

TdbgHistory *
tdbg_window_get_history (TdbgWindow *self)
{
  return self->history;
}

static void
back_cb (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  tdbg_history_back (data);
}

static void
forward_cb (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  tdbg_history_forward (data);
}

static void
add_action (TdbgWindow *self, TdbgHistory *history, const char *name, const char *property, GCallback activate)
{
  g_autoptr(GSimpleAction) action = g_simple_action_new (name, NULL);

  g_signal_connect_object (action, "activate", activate, history, 0);
  g_object_bind_property (history, property, action, "enabled", G_BINDING_SYNC_CREATE);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (action));
}

/* In the capture phase, like the window's other shortcuts: a focused list or text view would
 * otherwise take Alt+arrows for its own moves. */
static void
add_shortcuts (TdbgWindow *self)
{
  GtkEventController *keys = gtk_shortcut_controller_new ();
  struct { guint key; const char *action; } bindings[] = {
    { GDK_KEY_Left, "win.back" }, { GDK_KEY_Right, "win.forward" },
    { GDK_KEY_KP_Left, "win.back" }, { GDK_KEY_KP_Right, "win.forward" },
    { GDK_KEY_Back, "win.back" }, { GDK_KEY_Forward, "win.forward" },
  };

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < G_N_ELEMENTS (bindings); i++)
    {
      GdkModifierType mods = bindings[i].key == GDK_KEY_Back || bindings[i].key == GDK_KEY_Forward ? 0 : GDK_ALT_MASK;
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                            gtk_shortcut_new (gtk_keyval_trigger_new (bindings[i].key, mods),
                                                              gtk_named_action_new (bindings[i].action)));
    }
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

void
tdbg_window_history_init (TdbgWindow *self, TdbgSelection *selection)
{
  TdbgHistory *history = tdbg_history_new (selection, TDBG_HISTORY_DEFAULT_MAX);

  self->history = history;
  add_action (self, history, "back", "can-go-back", G_CALLBACK (back_cb));
  add_action (self, history, "forward", "can-go-forward", G_CALLBACK (forward_cb));
  add_shortcuts (self);
}
