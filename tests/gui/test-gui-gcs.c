/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gs:// logdirs in the window, against gcp-storage-emulator on 127.0.0.1 (gcs-fixture.h): the
 * address opens as a folder does, with the local open's counts and first alert, its title and
 * recent entry the address; a followed run whose objects are replaced with other bytes is read
 * again and shown as it now is; a bucket that does not exist leaves the window saying which and
 * what the server answered. Skipped without a Python that has gcp-storage-emulator
 * (-Dobject_store_python). */

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <gtk/gtk.h>

#include "gcs-fixture.h"
#include "gui-util.h"
#include "storage-tests.h"
#include "tdbg-settings.h"
#include "tdbg-storage.h"
#include "tdbg-window-private.h"
#include "test-env.h"
#include "test-util.h"

/* Long enough for a load under valgrind; waits end as soon as their condition holds. */
#define WAIT_MS 180000
#define ADDRESS "gs://" GCS_FIXTURE_BUCKET "/runs/mnist"

static GcsFixture servers;

static TdbgWindow *
open_and_wait (const char *address)
{
  TdbgWindow *window = gui_new_window ();

  g_setenv ("STORAGE_EMULATOR_HOST", servers.emulator_host, TRUE);
  tdbg_window_open_location (window, address);
  g_assert_true (gui_wait_until (gui_window_loaded, window, WAIT_MS));
  return window;
}

static void
test_open (void)
{
  g_autofree char *mnist = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autoptr(TdbgLogdir) local = test_load_logdir (mnist);
  g_autoptr(GSettings) settings = tdbg_settings_new ();
  g_autoptr(GPtrArray) recents = NULL;
  TdbgWindow *window = open_and_wait (ADDRESS);

  gui_assert_window_same_as (window, local);
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), ADDRESS));
  recents = tdbg_recents_list (settings);
  g_assert_cmpstr (((TdbgRecent *) g_ptr_array_index (recents, 0))->location, ==, ADDRESS);
  gui_shot (GTK_WIDGET (window), "gcs-open.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

typedef struct {
  TdbgWindow *window;
  TdbgLogdir *local;
  TdbgLogdir *before;
} Rewrite;

/* Whether the window shows, loaded whole and in place of @rewrite->before, @rewrite->local's
 * records. */
static gboolean
shows_rewritten (gpointer data)
{
  Rewrite *rewrite = data;
  TdbgLogdir *shown = tdbg_selection_get_logdir (tdbg_window_get_selection (rewrite->window));

  return !tdbg_window_is_loading (rewrite->window) && shown != NULL && shown != rewrite->before &&
         tdbg_logdir_get_n_traces (shown) == tdbg_logdir_get_n_traces (rewrite->local) &&
         tdbg_logdir_get_n_executions (shown) == tdbg_logdir_get_n_executions (rewrite->local);
}

/* A followed run whose objects are replaced by others with other earlier bytes: the window
 * reads it again and shows what the bucket now holds, not the old records with new ones. */
static void
test_rewritten (void)
{
  g_autofree char *first = NULL, *grow = NULL, *longer = NULL;
  g_autoptr(TdbgLogdir) local = NULL;
  TdbgWindow *window;
  Rewrite rewrite;

  storage_make_rewrite (&first, &grow, &longer);
  local = test_load_logdir (longer);
  gcs_fixture_upload (&servers, grow, "runs/rewritten");
  window = open_and_wait ("gs://" GCS_FIXTURE_BUCKET "/runs/rewritten");
  g_assert_true (tdbg_run_get_following (tdbg_window_get_run (window)));
  rewrite = (Rewrite) { window, local, tdbg_selection_get_logdir (tdbg_window_get_selection (window)) };
  g_assert_cmpuint (tdbg_logdir_get_n_traces (rewrite.before), <, tdbg_logdir_get_n_traces (local));

  gcs_fixture_upload (&servers, longer, "runs/rewritten");
  g_assert_true (gui_wait_until (shows_rewritten, &rewrite, WAIT_MS));
  gui_spin (200);
  gui_assert_window_same_as (window, local);
  gui_shot (GTK_WIDGET (window), "gcs-rewritten.png");
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (longer);
  test_remove_tree (grow);
  test_remove_tree (first);
}

static void
test_missing_bucket (void)
{
  TdbgWindow *window = open_and_wait ("gs://no-such-bucket/run");
  const char *message = tdbg_window_get_load_error (window);

  g_assert_nonnull (message);
  g_assert_nonnull (strstr (message, "gs://no-such-bucket/run"));
  g_assert_nonnull (strstr (message, "404"));
  g_assert_null (tdbg_selection_get_logdir (tdbg_window_get_selection (window)));
  gui_shot (GTK_WIDGET (window), "gcs-missing-bucket.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  const char *python = g_getenv ("TDBG_STORE_PYTHON");
  int status;

  if (python == NULL || *python == '\0')
    {
      /* TAP's way of saying that nothing ran, and why. */
      printf ("1..0 # SKIP no Python with gcp-storage-emulator (-Dobject_store_python)\n");
      return 0;
    }
  gui_test_init (&argc, &argv);
  tdbg_storage_init ();
  gcs_fixture_start (&servers, python, NULL);
  g_test_add_func ("/gui-gcs/open", test_open);
  g_test_add_func ("/gui-gcs/rewritten", test_rewritten);
  g_test_add_func ("/gui-gcs/missing-bucket", test_missing_bucket);
  status = g_test_run ();
  gcs_fixture_stop (&servers);
  return status;
}
