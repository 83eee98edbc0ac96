/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-window-private.h"

#include "libtdbg-data.h"

gboolean
tdbg_window_notify_run_is_growing (TdbgWindow *self)
{
  return tdbg_run_is_growing (self->run);
}

/* The person looking at this run sees the alert arrive. */
static gboolean
looked_at (gpointer data)
{
  return gtk_window_is_active (data) && gtk_widget_get_visible (data);
}

static void
application_changed_cb (TdbgWindow *self, GParamSpec *pspec, gpointer data)
{
  if (self->notifier)
    tdbg_run_notifier_set_application (self->notifier,
                                       G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
}

void
tdbg_window_notify_init (TdbgWindow *self)
{
  g_signal_connect (self, "notify::application", G_CALLBACK (application_changed_cb), NULL);
}

void
tdbg_window_notify_attach_run (TdbgWindow *self)
{
  g_clear_object (&self->notifier);
  self->notifier = tdbg_run_notifier_new (self->run, self->selection);
  tdbg_run_notifier_set_looked_at (self->notifier, looked_at, self);
  application_changed_cb (self, NULL, NULL);
}

void
tdbg_window_notify_alert (TdbgWindow *self, const TdbgAlert *alert)
{
  g_return_if_fail (TDBG_IS_WINDOW (self));
  tdbg_run_notifier_tell (self->notifier, alert);
}
