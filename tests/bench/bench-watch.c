/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How long from a run's NaN step reaching the disk to the window showing it (the Alerts pane
 * counts it) and to the desktop notification, while the window follows the run: on a local
 * folder, and over ssh:// both through SFTP and through the server's tfdbg-gtk (serve-logdir).
 * The notification is recorded on a session bus of the benchmark's own (notify-recorder.h);
 * ssh:// reaches a throwaway sshd on 127.0.0.1 (ssh-fixture.h).
 *   xvfb-run -a -s '-screen 0 1280x800x24' meson test -C build --benchmark watch
 * prints, for each way, the median and the worst of the rounds, in seconds. */

#include <glib/gstdio.h>
#include "follow-util.h"
#include "gui-util.h"
#include "notify-recorder.h"
#include "ssh-fixture.h"
#include "tdbg-application.h"
#include "tdbg-fixture-writer.h"
#include "test-util.h"

static int opt_rounds = 7;
static const GOptionEntry entries[] = {
  { "rounds", 0, 0, G_OPTION_ARG_INT, &opt_rounds, "Rounds of each way", "N" },
  { NULL }
};

static TdbgApplication *the_app;
static SshFixture server;

typedef struct {
  double screen;   /* seconds from the write to the Alerts pane counting the NaN/∞ */
  double notified; /* … to the Notify call */
} Round;

static gboolean
nan_on_screen (gpointer window)
{
  return tdbg_alerts_pane_get_kind_count (tdbg_window_get_alerts_pane (window), TDBG_ALERT_INF_NAN) > 0;
}

/* Where the run is written (@grow, a folder the caller made) and what the window opens. */
static Round
one_round (const char *full, const char *grow, const char *location)
{
  TdbgWindow *window = tdbg_window_new (GTK_APPLICATION (the_app));
  guint before = notify_recorder_get ()->len;
  Round round = { -1, -1 };
  gint64 written;

  follow_copy_written (full, grow, NULL, 0.3);
  tdbg_window_open_location (window, location);
  g_assert_true (gui_wait_until (gui_window_loaded, window, 60000));
  g_assert_false (nan_on_screen (window));
  /* Following under way, as in a run watched for a while, the write landing anywhere between
   * two polls. */
  gui_spin (g_random_int_range (1000, 2000));
  follow_copy_written (full, grow, NULL, 1);
  written = g_get_monotonic_time ();
  if (gui_wait_until (nan_on_screen, window, 30000))
    round.screen = (g_get_monotonic_time () - written) / 1e6;
  if (gui_wait_until (notify_recorder_has, GUINT_TO_POINTER (before + 1), 30000))
    round.notified = (((Recorded *) g_ptr_array_index (notify_recorder_get (), before))->when - written) / 1e6;
  gtk_window_destroy (GTK_WINDOW (window));
  return round;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* "median 0.84 s, worst 1.20 s"; a round that never came counts as missing. */
static char *
describe (GArray *seconds)
{
  guint missing = 0;
  g_autoptr(GArray) came = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < seconds->len; i++)
    if (g_array_index (seconds, double, i) < 0)
      missing++;
    else
      g_array_append_val (came, g_array_index (seconds, double, i));
  if (came->len == 0)
    return g_strdup ("never");
  g_array_sort (came, compare_doubles);
  return g_strdup_printf ("median %.2f s, worst %.2f s%s", g_array_index (came, double, came->len / 2),
                          g_array_index (came, double, came->len - 1), missing ? " (some never came)" : "");
}

static void
measure (const char *way, const char *full, gboolean remote)
{
  g_autoptr(GArray) screen = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) notified = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *shown = NULL, *told = NULL;

  for (int i = 0; i < opt_rounds; i++)
    {
      g_autofree char *name = g_strdup_printf ("watched-%s-%d", way, i);
      g_autofree char *grow = remote ? ssh_fixture_path (&server, name) : test_make_temp_dir ();
      g_autofree char *location = remote ? ssh_fixture_uri (&server, grow) : g_strdup (grow);
      Round r;

      g_mkdir_with_parents (grow, 0755);
      r = one_round (full, grow, location);
      g_array_append_val (screen, r.screen);
      g_array_append_val (notified, r.notified);
      if (!remote)
        test_remove_tree (grow);
    }
  shown = describe (screen);
  told = describe (notified);
  g_print ("%-6s on screen: %s; notified: %s (%d rounds)\n", way, shown, told, opt_rounds);
}

int
main (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("- time from a NaN step to the window and the notification");
  g_autoptr(GError) error = NULL;
  g_autofree char *full = NULL;
  TdbgDemoOptions demo = { 8, 4, "watched", 1700000000 };

  notify_recorder_start ();
  gui_test_init (&argc, &argv);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    g_error ("%s", error->message);
  the_app = tdbg_application_new ();
  if (!g_application_register (G_APPLICATION (the_app), NULL, NULL))
    g_error ("the application could not register on the benchmark's session bus");
  gui_reset_settings ();
  full = test_make_temp_dir ();
  g_assert_true (tdbg_fixture_write_demo (full, &demo, &error));

  measure ("local", full, FALSE);
  g_unsetenv ("SSH_AUTH_SOCK");
  ssh_fixture_setup (&server);
  g_setenv ("TDBG_SSH_CONFIG", "", TRUE);
  g_setenv ("TDBG_KNOWN_HOSTS", server.known_hosts, TRUE);
  g_setenv ("TDBG_SSH_IDENTITY", server.client_key, TRUE);
  g_setenv ("TDBG_SSH_REMOTE_PROGRAM", "no", TRUE);
  measure ("sftp", full, TRUE);
  g_setenv ("TDBG_SSH_REMOTE_PROGRAM", g_getenv ("TDBG_CLI"), TRUE);
  measure ("exec", full, TRUE);

  ssh_fixture_teardown (&server);
  test_remove_tree (full);
  g_clear_object (&the_app);
  notify_recorder_stop ();
  return 0;
}
