/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "notify-recorder.h"

#include <signal.h>
#include <sys/prctl.h>

#define SERVER_XML \
  "<node><interface name='org.freedesktop.Notifications'>" \
  "<method name='Notify'><arg type='s' direction='in'/><arg type='u' direction='in'/>" \
  "<arg type='s' direction='in'/><arg type='s' direction='in'/><arg type='s' direction='in'/>" \
  "<arg type='as' direction='in'/><arg type='a{sv}' direction='in'/><arg type='i' direction='in'/>" \
  "<arg type='u' direction='out'/></method>" \
  "<method name='CloseNotification'><arg type='u' direction='in'/></method>" \
  "<method name='GetCapabilities'><arg type='as' direction='out'/></method>" \
  "<method name='GetServerInformation'><arg type='s' direction='out'/><arg type='s' direction='out'/>" \
  "<arg type='s' direction='out'/><arg type='s' direction='out'/></method>" \
  "<signal name='ActionInvoked'><arg type='u'/><arg type='s'/></signal>" \
  "<signal name='NotificationClosed'><arg type='u'/><arg type='u'/></signal>" \
  "</interface></node>"

static struct {
  GSubprocess *daemon;
  GDBusConnection *server;   /* the recorder's own connection */
  GPtrArray *recorded;       /* Recorded* */
  guint32 next_id;
} bus;

static void
recorded_free (gpointer data)
{
  Recorded *r = data;
  g_free (r->summary);
  g_free (r->body);
  g_strfreev (r->actions);
  g_free (r);
}

static void
server_method (GDBusConnection *connection, const char *sender, const char *path, const char *interface,
               const char *method, GVariant *parameters, GDBusMethodInvocation *invocation, gpointer data)
{
  if (g_str_equal (method, "Notify"))
    {
      Recorded *r = g_new0 (Recorded, 1);
      g_variant_get (parameters, "(&su&sss^asa{sv}i)", NULL, NULL, NULL, &r->summary, &r->body, &r->actions, NULL, NULL);
      r->id = ++bus.next_id;
      r->when = g_get_monotonic_time ();
      g_ptr_array_add (bus.recorded, r);
      g_dbus_method_invocation_return_value (invocation, g_variant_new ("(u)", r->id));
    }
  else if (g_str_equal (method, "GetCapabilities"))
    {
      const char *caps[] = { "actions", "body", NULL };
      g_dbus_method_invocation_return_value (invocation, g_variant_new ("(^as)", caps));
    }
  else if (g_str_equal (method, "GetServerInformation"))
    g_dbus_method_invocation_return_value (invocation, g_variant_new ("(ssss)", "recorder", "tfdbg-gtk tests", "1", "1.2"));
  else
    g_dbus_method_invocation_return_value (invocation, NULL);
}

static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

/* A session bus of the test's own, with the recorder on it; DBUS_SESSION_BUS_ADDRESS points
 * there before anything in the process opens the session bus. */
void
notify_recorder_start (void)
{
  static const GDBusInterfaceVTable vtable = { server_method, NULL, NULL, { 0 } };
  g_autoptr(GError) error = NULL;
  g_autoptr(GDBusNodeInfo) info = g_dbus_node_info_new_for_xml (SERVER_XML, &error);
  g_autoptr(GDataInputStream) out = NULL;
  g_autofree char *address = NULL;
  g_autoptr(GVariant) owned = NULL;

  g_assert_no_error (error);
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                                                       G_SUBPROCESS_FLAGS_STDERR_SILENCE);

  /* A test that dies takes its bus with it. */
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  bus.daemon = g_subprocess_launcher_spawn (launcher, &error, "dbus-daemon", "--session", "--nofork",
                                            "--print-address=1", NULL);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (bus.daemon));
  address = g_data_input_stream_read_line (out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (address);
  g_setenv ("DBUS_SESSION_BUS_ADDRESS", address, TRUE);

  bus.recorded = g_ptr_array_new_with_free_func (recorded_free);
  bus.server = g_dbus_connection_new_for_address_sync (address, G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                       G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION, NULL, NULL, &error);
  g_assert_no_error (error);
  g_dbus_connection_register_object (bus.server, "/org/freedesktop/Notifications", info->interfaces[0], &vtable,
                                     NULL, NULL, &error);
  g_assert_no_error (error);
  owned = g_dbus_connection_call_sync (bus.server, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "RequestName",
                                       g_variant_new ("(su)", "org.freedesktop.Notifications", 4 /* DO_NOT_QUEUE */),
                                       G_VARIANT_TYPE ("(u)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  g_assert_no_error (error);
}

void
notify_recorder_stop (void)
{
  g_clear_object (&bus.server);
  g_subprocess_force_exit (bus.daemon);
  g_subprocess_wait (bus.daemon, NULL, NULL);
  g_clear_object (&bus.daemon);
  g_clear_pointer (&bus.recorded, g_ptr_array_unref);
}

void
notify_recorder_invoke (guint32 id, const char *action_key)
{
  g_autoptr(GError) error = NULL;

  g_dbus_connection_emit_signal (bus.server, NULL, "/org/freedesktop/Notifications", "org.freedesktop.Notifications",
                                 "ActionInvoked", g_variant_new ("(us)", id, action_key), &error);
  g_assert_no_error (error);
  g_dbus_connection_flush_sync (bus.server, NULL, NULL);
}

GPtrArray *
notify_recorder_get (void)
{
  return bus.recorded;
}

gboolean
notify_recorder_has (gpointer n)
{
  return bus.recorded->len >= GPOINTER_TO_UINT (n);
}
