/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A session bus of the test's own (dbus-daemon) where the test itself owns
 * org.freedesktop.Notifications and records each Notify call: GLib's GNotification speaks that
 * protocol when no org.gtk.Notifications server is there. Started before anything in the
 * process opens the session bus (it sets DBUS_SESSION_BUS_ADDRESS). */

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct {
  guint32 id;
  char *summary;
  char *body;
  char **actions;   /* key, label, key, label… */
  gint64 when;      /* monotonic time it was received (µs) */
} Recorded;

void notify_recorder_start (void);
void notify_recorder_stop (void);
/* Recorded*, in the order received. */
GPtrArray *notify_recorder_get (void);
/* The server emits ActionInvoked for notification @id, as a click on it does. */
void notify_recorder_invoke (guint32 id, const char *action_key);
/* For gui_wait_until(): at least GPOINTER_TO_UINT (@n) notifications recorded. */
gboolean notify_recorder_has (gpointer n);

G_END_DECLS
