/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-window-private.h"

#include "tdbg-settings.h"

void
tdbg_window_alerts_init (TdbgWindow *self)
{
  g_autoptr(GSettings) settings = tdbg_settings_new ();

  /* The binding holds the settings; a changed key recounts the pane's alerts. */
  g_settings_bind (settings, "magnitude-threshold", tdbg_window_get_alerts_pane (self), "magnitude-threshold",
                   G_SETTINGS_BIND_GET);
}
