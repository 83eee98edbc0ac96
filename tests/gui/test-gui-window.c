/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window as a GNOME application: the recent logdirs and the start page, Open Demo, a
 * dropped folder, the problem pages, loading progress and Cancel, About, the shortcuts window
 * and Ctrl+F. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <adwaita.h>
#include "gui-util.h"
#include "test-env.h"
#include "test-util.h"
#include "gated-source.h"
#include "tdbg-fixture-writer.h"
#include "tdbg-local-source.h"
#include "tdbg-settings.h"

/* Opening a logdir puts it first in the recent list; the list is capped, without repeats. */
static void
test_recents (void)
{
  g_autoptr(GSettings) settings = (gui_reset_settings (), tdbg_settings_new ());
  g_autofree char *given = test_env_shared_path ("tutorial_mnist/logdir", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (given);
  g_autofree char *path = g_file_get_path (file); /* as the window names it: canonical */
  g_autoptr(GPtrArray) recents = NULL;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  TdbgWindow *window;
  const TdbgRecent *first;

  for (guint i = 0; i < TDBG_MAX_RECENTS + 5; i++)
    {
      g_autofree char *location = g_strdup_printf ("ssh://host%u/logdir", i);
      tdbg_recents_add (settings, location);
    }
  tdbg_recents_add (settings, "ssh://host3/logdir");
  window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  recents = tdbg_recents_list (settings);
  g_assert_cmpuint (recents->len, ==, TDBG_MAX_RECENTS);
  first = g_ptr_array_index (recents, 0);
  g_assert_cmpstr (first->location, ==, path);
  g_assert_cmpint (first->last_opened, >=, now);
  g_assert_cmpstr (((TdbgRecent *) g_ptr_array_index (recents, 1))->location, ==, "ssh://host3/logdir");
  g_assert_cmpstr (((TdbgRecent *) g_ptr_array_index (recents, 2))->location, ==, "ssh://host24/logdir");
  g_ptr_array_unref (g_steal_pointer (&recents));
  tdbg_recents_remove (settings, path);
  recents = tdbg_recents_list (settings);
  g_assert_cmpuint (recents->len, ==, TDBG_MAX_RECENTS - 1);
  g_assert_cmpstr (((TdbgRecent *) g_ptr_array_index (recents, 0))->location, ==, "ssh://host3/logdir");
  gtk_window_destroy (GTK_WINDOW (window));
  gui_reset_settings ();
}

/* ---- Loading progress and Cancel ---- */

static gboolean
progress_shown (gpointer data)
{
  GtkLabel *label = gui_find_label (data, "Loading: ", TRUE);
  GtkWidget *bar = gui_find_widget (data, GTK_TYPE_PROGRESS_BAR);

  /* The first tick may come before the reader's first bytes (under valgrind, say). */
  return label && gtk_widget_is_visible (GTK_WIDGET (label)) && bar
         && gtk_progress_bar_get_fraction (GTK_PROGRESS_BAR (bar)) > 0;
}

typedef struct {
  gboolean painted;
} Painted;

static void
painted_cb (GdkFrameClock *clock, Painted *p)
{
  p->painted = TRUE;
}

static gboolean
was_painted (gpointer data)
{
  return ((Painted *) data)->painted;
}

typedef struct {
  TdbgWindow *window;
  GatedSource *source;
} GatedLoad;

/* The load has read up to the gated file, and the window has shown how far it got. */
static gboolean
load_at_gate (gpointer data)
{
  GatedLoad *g = data;
  return gated_source_is_waiting (g->source) && progress_shown (g->window);
}

static gboolean
python_read (gpointer window)
{
  GtkSourceView *view = tdbg_source_pane_get_view (tdbg_window_get_source_pane (window));
  GtkSourceLanguage *language = gtk_source_buffer_get_language (GTK_SOURCE_BUFFER (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view))));

  return language != NULL && g_str_equal (gtk_source_language_get_id (language), "python3");
}

static void
test_load_cancel (void)
{
  g_autofree char *dir = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autoptr(TdbgSource) local = tdbg_local_source_new (dir);
  /* The executions are read last: the load stops there, part of the way, until cancelled. */
  g_autoptr(GatedSource) gated = gated_source_new (local, ".execution");
  TdbgWindow *window;
  GtkProgressBar *bar;
  GtkLabel *label;
  Painted painted = { FALSE };
  GdkFrameClock *clock;
  gulong id;
  gint64 t0;
  GatedLoad g;

  window = gui_new_window ();
  tdbg_window_open_source (window, TDBG_SOURCE (gated));
  g_assert_true (tdbg_window_is_loading (window));
  label = gui_find_label (GTK_WIDGET (window), "Loading…", FALSE);
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (label)));
  g = (GatedLoad) { window, gated };
  g_assert_true (gui_wait_until (load_at_gate, &g, 30000));

  /* Progress: records and bytes, and the bar moves. */
  g_assert_true (tdbg_window_is_loading (window));
  bar = GTK_PROGRESS_BAR (gui_find_widget (GTK_WIDGET (window), GTK_TYPE_PROGRESS_BAR));
  g_test_message ("%s (%.0f%%)", gtk_label_get_text (gui_find_label (GTK_WIDGET (window), "Loading: ", TRUE)),
                  100 * gtk_progress_bar_get_fraction (bar));
  g_assert_cmpfloat (gtk_progress_bar_get_fraction (bar), >, 0);
  g_assert_cmpfloat (gtk_progress_bar_get_fraction (bar), <, 1);
  /* Python's highlighting is read while the logdir loads, once the window is drawn: not in the
   * first alert's selection. */
  g_assert_true (gui_wait_until (python_read, window, 5000));
  gui_shot (GTK_WIDGET (window), "loading.png");

  /* Cancel, as the Cancel button and Escape do. */
  t0 = g_get_monotonic_time ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-load", NULL));
  g_assert_true (gui_wait_until (gui_window_loaded, window, 5000));
  g_test_message ("the load stopped %.1f ms after Cancel", (g_get_monotonic_time () - t0) / 1000.0);
  label = gui_find_label (GTK_WIDGET (window), "Loading cancelled.", FALSE);
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (label)));
  g_assert_false (gtk_widget_is_visible (GTK_WIDGET (bar)));
  g_assert_null (tdbg_selection_get_logdir (tdbg_window_get_selection (window)));
  g_assert_null (tdbg_window_get_load_error (window));

  /* Responsive: it draws a frame promptly, and opens another logdir. */
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (painted_cb), &painted);
  t0 = g_get_monotonic_time ();
  gtk_widget_queue_draw (GTK_WIDGET (window));
  g_assert_true (gui_wait_until (was_painted, &painted, 1000));
  g_test_message ("next frame %.1f ms after asking", (g_get_monotonic_time () - t0) / 1000.0);
  g_signal_handler_disconnect (clock, id);
  gui_shot (GTK_WIDGET (window), "cancelled.png");
  {
    g_autofree char *path = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
    g_autoptr(GFile) small = g_file_new_for_path (path);
    tdbg_window_open (window, small);
    g_assert_true (gui_wait_until (gui_window_loaded, window, 30000));
    g_assert_nonnull (tdbg_selection_get_logdir (tdbg_window_get_selection (window)));
    g_assert_null (gui_find_label (GTK_WIDGET (window), "Loading cancelled.", FALSE));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- The GNOME application: start page, problem pages, About, shortcuts ---- */

static gboolean
page_is (TdbgWindow *window, const char *page)
{
  return g_strcmp0 (tdbg_window_get_page (window), page) == 0;
}

static gboolean
shows_logdir (gpointer data)
{
  return !tdbg_window_is_loading (data) && tdbg_selection_get_logdir (tdbg_window_get_selection (data)) != NULL
         && page_is (data, "logdir");
}

/* Opens @path in a new window and waits until the load (if any) is over. */
static TdbgWindow *
open_path (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  TdbgWindow *window = gui_new_window ();

  tdbg_window_open (window, file);
  g_assert_true (gui_wait_until (gui_window_loaded, window, 30000));
  gui_spin (50);
  return window;
}

static void
set_recents (GSettings *settings, const char *const *locations, const gint64 *ages)
{
  GVariantBuilder builder;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(sx)"));
  for (guint i = 0; locations[i]; i++)
    g_variant_builder_add (&builder, "(sx)", locations[i], now - ages[i]);
  g_settings_set_value (settings, "recent-logdirs", g_variant_builder_end (&builder));
}

static const char *
row_subtitle (TdbgStartPage *page, guint index)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (tdbg_start_page_get_list (page), index);

  g_assert_nonnull (row);
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
}

static gboolean
start_page_checked (gpointer page)
{
  return !tdbg_start_page_is_checking (page);
}

static void
test_start_page (void)
{
  g_autoptr(GSettings) settings = (gui_reset_settings (), tdbg_settings_new ());
  g_autofree char *given = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autofree char *present = g_canonicalize_filename (given, NULL);
  g_autofree char *missing = g_build_filename (g_get_home_dir (), "runs", "mnist-deleted", "logdir", NULL);
  const char *remote = "ssh://trainer.example.org/runs/logdir";
  const char *locations[] = { present, missing, remote, NULL };
  const gint64 ages[] = { 2 * 86400 + 600, 3 * 3600 + 60, 5 * 60 + 5 };
  TdbgWindow *window;
  TdbgStartPage *page;
  GtkListBoxRow *row;
  GtkWidget *remove;

  set_recents (settings, locations, ages);
  window = gui_new_window ();
  page = tdbg_window_get_start_page (window);
  g_assert_cmpstr (tdbg_window_get_page (window), ==, "start");
  g_assert_cmpuint (tdbg_start_page_get_n_recents (page), ==, 3);
  g_assert_true (gui_wait_until (start_page_checked, page, 10000));
  g_assert_cmpint (tdbg_start_page_get_state (page, 0), ==, TDBG_RECENT_PRESENT);
  g_assert_cmpint (tdbg_start_page_get_state (page, 1), ==, TDBG_RECENT_MISSING);
  g_assert_cmpint (tdbg_start_page_get_state (page, 2), ==, TDBG_RECENT_REMOTE);
  /* What the rows say: which logdir, when, and whether the folder is still there. */
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (gtk_list_box_get_row_at_index (
                     tdbg_start_page_get_list (page), 0))), ==, "tutorial_mnist/logdir");
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (gtk_list_box_get_row_at_index (
                     tdbg_start_page_get_list (page), 2))), ==, "runs/logdir");
  g_assert_true (g_str_has_suffix (row_subtitle (page, 0), "opened 2 days ago"));
  g_assert_cmpstr (row_subtitle (page, 1), ==, "~/runs/mnist-deleted/logdir — opened 3 hours ago");
  g_assert_true (g_str_has_suffix (row_subtitle (page, 2), "opened 5 minutes ago"));
  g_assert_null (gui_find_label (GTK_WIDGET (gtk_list_box_get_row_at_index (tdbg_start_page_get_list (page), 0)),
                                 "Missing", FALSE));
  g_assert_nonnull (gui_find_label (GTK_WIDGET (gtk_list_box_get_row_at_index (tdbg_start_page_get_list (page), 1)),
                                    "Missing", FALSE));
  g_assert_nonnull (gui_find_label (GTK_WIDGET (gtk_list_box_get_row_at_index (tdbg_start_page_get_list (page), 2)),
                                    "Remote", FALSE));
  gui_shot (GTK_WIDGET (window), "start-page.png");

  /* The missing one is removed with its row's button. */
  row = gtk_list_box_get_row_at_index (tdbg_start_page_get_list (page), 1);
  remove = gui_find_widget (GTK_WIDGET (row), GTK_TYPE_BUTTON);
  g_assert_nonnull (remove);
  g_signal_emit_by_name (remove, "clicked");
  gui_spin (50);
  g_assert_cmpuint (tdbg_start_page_get_n_recents (page), ==, 2);
  g_assert_cmpstr (tdbg_start_page_get_location (page, 1), ==, remote);

  /* Activating a row opens its logdir. */
  g_signal_emit_by_name (gtk_list_box_get_row_at_index (tdbg_start_page_get_list (page), 0), "activate");
  g_assert_true (gui_wait_until (shows_logdir, window, 30000));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (tdbg_selection_get_logdir (tdbg_window_get_selection (window))), ==,
                    (guint) test_expected_count ("tutorial_mnist", "logdir", "counts", "graph_execution_traces"));
  gtk_window_destroy (GTK_WINDOW (window));
  gui_reset_settings ();
}

static void
test_format_age (void)
{
  static const struct { gint64 seconds; const char *text; } cases[] = {
    { 0, "just now" }, { 59, "just now" }, { 60, "1 minute ago" }, { 3599, "59 minutes ago" },
    { 3600, "1 hour ago" }, { 86399, "23 hours ago" }, { 86400, "yesterday" }, { 2 * 86400, "2 days ago" },
    { 60 * 86400, "60 days ago" }, { 90 * 86400, "3 months ago" }, { 800 * 86400, "2 years ago" },
  };
  const gint64 now = 1800000000;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = tdbg_format_age (now - cases[i].seconds, now);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static gboolean
has_alerts (gpointer data)
{
  TdbgLogdir *logdir = tdbg_selection_get_logdir (tdbg_window_get_selection (data));
  return logdir && tdbg_logdir_get_n_alerts (logdir) > 0;
}

/* Open Demo writes the bundled demo logdir into the cache folder and opens it: its first alert
 * is the Log op of the cross entropy. The screenshot is the one in app/desktop/screenshots. */
static void
test_open_demo (void)
{
  g_autofree char *demo = g_build_filename (g_get_user_cache_dir (), "tfdbg-gtk", "demo-logdir", NULL);
  TdbgWindow *window;
  TdbgSelection *sel;
  TdbgLogdir *logdir;
  const TdbgAlert *first;
  guint32 op;

  g_assert_true (g_str_has_prefix (demo, g_getenv ("XDG_CACHE_HOME")));
  test_remove_tree (demo);
  g_assert_false (g_file_test (demo, G_FILE_TEST_EXISTS));
  window = gui_new_window ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL);
  g_assert_true (gui_wait_until (shows_logdir, window, 30000));
  g_assert_true (gui_wait_until (has_alerts, window, 5000));
  g_assert_true (g_file_test (demo, G_FILE_TEST_IS_DIR));
  sel = tdbg_window_get_selection (window);
  logdir = tdbg_selection_get_logdir (sel);
  first = tdbg_logdir_get_alert (logdir, 0);
  g_assert_cmpuint (first->trace_index, !=, TDBG_NONE);
  op = tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, first->trace_index));
  g_assert_cmpstr (tdbg_logdir_get_op (logdir, op)->op_type, ==, "Log");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "~/.cache/tfdbg-gtk/demo-logdir — TensorFlow Debugger");
  tdbg_alerts_pane_move (tdbg_window_get_alerts_pane (window), TDBG_ALERT_MOVE_FIRST);
  g_assert_true (gui_wait_graph_shows (tdbg_window_get_graph_pane (window), op, 30000));
  g_assert_true (gui_wait_until (gui_marked_line_shown, window, 30000));
  gui_shot (GTK_WIDGET (window), "main-window.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A folder dropped onto the window (as a file list, the way file managers offer it) is opened. */
static void
test_drop_folder (void)
{
  g_autofree char *path = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autoptr(GListModel) controllers = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  TdbgWindow *window = gui_new_window ();
  GtkDropTarget *target = NULL;
  GSList *files = g_slist_prepend (NULL, file);
  GValue value = G_VALUE_INIT;
  gboolean accepted = FALSE;

  controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && target == NULL; i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);
      if (GTK_IS_DROP_TARGET (c))
        target = GTK_DROP_TARGET (c);
    }
  g_assert_nonnull (target);
  g_assert_true (gdk_content_formats_contain_gtype (gtk_drop_target_get_formats (target), GDK_TYPE_FILE_LIST));
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (files));
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  g_value_unset (&value);
  g_slist_free (files);
  g_assert_true (accepted);
  g_assert_true (gui_wait_until (shows_logdir, window, 30000));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (tdbg_selection_get_logdir (tdbg_window_get_selection (window))), ==,
                    (guint) test_expected_count ("tutorial_mnist", "logdir", "counts", "graph_execution_traces"));
  g_clear_object (&controllers);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
check_problem (TdbgWindow *window, const char *title, const char *const *phrases, const char *shot)
{
  TdbgProblemPage *page = tdbg_window_get_problem_page (window);
  const char *description = tdbg_problem_page_get_description (page);

  g_assert_cmpstr (tdbg_window_get_page (window), ==, "problem");
  g_assert_cmpstr (tdbg_problem_page_get_title (page), ==, title);
  for (guint i = 0; phrases[i]; i++)
    if (strstr (description, phrases[i]) == NULL)
      g_error ("“%s” does not say “%s”", description, phrases[i]);
  gui_shot (GTK_WIDGET (window), shot);
}

/* `tfdbg-gtk LOGDIR`'s window: the logdir's load begins before the window is made, and it
 * ends as an Open's does (the title, the alerts, the recents); a folder without a logdir gets
 * the page an Open gives it. */
static void
test_new_for_file (void)
{
  g_autoptr(GSettings) settings = (gui_reset_settings (), tdbg_settings_new ());
  g_autofree char *given = test_env_shared_path ("tutorial_mnist/logdir", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (given);
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(TdbgLogdir) direct = tdbg_logdir_new_for_path (path);
  g_autoptr(GPtrArray) recents = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(GFile) empty = g_file_new_for_path (dir);
  const char *empty_says[] = { "holds no files", NULL };
  TdbgWindow *window;

  g_assert_true (tdbg_logdir_load (direct, NULL, &error));
  window = tdbg_window_new_for_file (NULL, file);
  /* Loading as it is made, before its first frame. */
  g_assert_true (tdbg_window_is_loading (window));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (window)));
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), "tutorial_mnist/logdir — TensorFlow Debugger"));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gui_wait_until (shows_logdir, window, 30000));
  g_assert_true (gui_wait_until (has_alerts, window, 5000));
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (tdbg_selection_get_logdir (tdbg_window_get_selection (window))), ==,
                    tdbg_logdir_get_n_alerts (direct));
  g_assert_cmpstr (tdbg_window_get_location (window), ==, path);
  recents = tdbg_recents_list (settings);
  g_assert_cmpuint (recents->len, >=, 1);
  g_assert_cmpstr (((TdbgRecent *) g_ptr_array_index (recents, 0))->location, ==, path);
  gui_shot (GTK_WIDGET (window), "new-for-file.png");
  gtk_window_destroy (GTK_WINDOW (window));

  window = tdbg_window_new_for_file (NULL, empty);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gui_wait_until (gui_window_loaded, window, 30000));
  gui_spin (50);
  check_problem (window, "The folder is empty", empty_says, "new-for-file-empty.png");
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir);
  gui_reset_settings ();
}

/* A GVfs location without a local path (here smb://, which GIO alone cannot map) is refused
 * with an error naming it, not read from a folder named after its basename. */
static void
test_open_non_local (void)
{
  g_autoptr(GFile) file = g_file_new_for_uri ("smb://server/share/logdir");
  TdbgWindow *window;

  if (g_file_peek_path (file) != NULL)
    {
      g_test_skip ("smb:// files have a local path here (a GVfs FUSE mount)");
      return;
    }
  window = gui_new_window ();
  tdbg_window_open (window, file);
  g_assert_false (tdbg_window_is_loading (window));
  g_assert_null (tdbg_selection_get_logdir (tdbg_window_get_selection (window)));
  g_assert_nonnull (tdbg_window_get_load_error (window));
  g_assert_nonnull (strstr (tdbg_window_get_load_error (window), "smb://server/share/logdir"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_problem_pages (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tdbg-gui-problem-XXXXXX", &error);
  g_autofree char *empty = g_build_filename (dir, "empty", NULL);
  g_autofree char *other = g_build_filename (dir, "photos", NULL);
  g_autofree char *stray = g_build_filename (other, "cat.jpg", NULL);
  g_autofree char *eager = g_build_filename (dir, "eager", NULL);
  g_autofree char *circular = test_env_shared_path ("circular", "logdir", NULL);
  const char *no_metadata[] = { other, "no tfdbg_events.*.metadata file", "enable_dump_debug_info", NULL };
  const char *empty_says[] = { "holds no files", "enable_dump_debug_info", NULL };
  const char *file_says[] = { "is a file", NULL };
  const char *eager_says[] = { "no graph execution traces", "tf.config.run_functions_eagerly(True)", NULL };
  TdbgWindow *window;

  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir (empty, 0755) | g_mkdir (other, 0755) | g_mkdir (eager, 0755), ==, 0);
  g_assert_true (g_file_set_contents (stray, "jpeg", 4, NULL));
  g_assert_true (tdbg_fixture_write_eager_only (eager, &error));

  window = open_path (other);
  check_problem (window, "Not a tfdbg2 logdir", no_metadata, "problem-not-a-logdir.png");
  gtk_window_destroy (GTK_WINDOW (window));

  window = open_path (empty);
  check_problem (window, "The folder is empty", empty_says, "problem-empty.png");
  gtk_window_destroy (GTK_WINDOW (window));

  window = open_path (stray);
  check_problem (window, "Not a folder", file_says, "problem-file.png");
  gtk_window_destroy (GTK_WINDOW (window));

  /* The eager-only run still has its executions, one button away. */
  window = open_path (eager);
  check_problem (window, "No graph execution traces", eager_says, "problem-eager-only.png");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-logdir", NULL);
  g_assert_cmpstr (tdbg_window_get_page (window), ==, "logdir");
  g_assert_cmpuint (tdbg_logdir_get_n_executions (tdbg_selection_get_logdir (tdbg_window_get_selection (window))), ==, 7);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-start", NULL);
  g_assert_cmpstr (tdbg_window_get_page (window), ==, "start");
  gtk_window_destroy (GTK_WINDOW (window));

  /* The circular logdir is shown, under a notice that its earliest traces are gone. */
  window = open_path (circular);
  g_assert_cmpstr (tdbg_window_get_page (window), ==, "logdir");
  g_assert_nonnull (strstr (tdbg_window_get_notice_text (window), "circular buffer"));
  g_assert_nonnull (strstr (tdbg_window_get_notice_text (window), "200 graph execution traces and 200 executions"));
  gui_shot (GTK_WIDGET (window), "circular-notice.png");
  gtk_window_destroy (GTK_WINDOW (window));

  /* A logdir without that evidence has no notice. */
  window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  g_assert_cmpstr (tdbg_window_get_notice_text (window), ==, "");
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir);
}

static void
collect_accelerators (GtkWidget *root, GString *out)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (root))
    {
      g_autofree char *accel = NULL;
      g_object_get (root, "accelerator", &accel, NULL);
      g_string_append_printf (out, "%s|", accel);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    collect_accelerators (child, out);
}

static void
test_about_and_shortcuts (void)
{
  static const char *expected[] = { "<Control>o", "<Control><Shift>o", "F5", "Escape", "<Control>Home", "F8",
                                    "<Shift>F8", "<Alt>1...<Alt>6", "<Control>f", "<Alt>Left", "<Alt>Right", "plus <Control>plus",
                                    "minus <Control>minus", "0 <Control>0", "<Control>e", "<Control>question",
                                    "<Control>q" };
  TdbgWindow *window = gui_new_window ();
  GtkWindow *about, *shortcuts;
  g_autoptr(GString) accels = g_string_new ("|");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.about", NULL);
  gui_spin (100);
  about = gui_find_toplevel (ADW_TYPE_ABOUT_WINDOW);
  g_assert_nonnull (about);
  g_assert_cmpstr (adw_about_window_get_version (ADW_ABOUT_WINDOW (about)), ==, TDBG_VERSION);
  g_assert_cmpstr (adw_about_window_get_website (ADW_ABOUT_WINDOW (about)), ==, TDBG_WEBSITE);
  g_assert_cmpint (adw_about_window_get_license_type (ADW_ABOUT_WINDOW (about)), ==, GTK_LICENSE_GPL_3_0);
  gui_shot (GTK_WIDGET (about), "about.png");
  gtk_window_destroy (about);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL);
  gui_spin (100);
  shortcuts = gui_find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW);
  g_assert_nonnull (shortcuts);
  g_assert_true (shortcuts == GTK_WINDOW (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window))));
  collect_accelerators (GTK_WIDGET (shortcuts), accels);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *item = g_strdup_printf ("|%s|", expected[i]);
      if (strstr (accels->str, item) == NULL)
        g_error ("the shortcuts window does not list %s (it has %s)", expected[i], accels->str);
    }
  gui_shot (GTK_WIDGET (shortcuts), "shortcuts.png");
  gtk_window_close (shortcuts);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Ctrl+F puts the focus in Graph Execution's op-name filter. */
static void
test_find_shortcut (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  GtkWidget *entry = gui_find_editable (GTK_WIDGET (tdbg_window_get_trace_pane (window)), "Op name");
  GtkWidget *focus;

  g_assert_nonnull (entry);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.find", NULL);
  gui_spin (50);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (focus == entry || gtk_widget_is_ancestor (focus, entry));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/recents", test_recents);
  g_test_add_func ("/gui/load-cancel", test_load_cancel);
  g_test_add_func ("/gui/start-page", test_start_page);
  g_test_add_func ("/gui/format-age", test_format_age);
  g_test_add_func ("/gui/open-demo", test_open_demo);
  g_test_add_func ("/gui/drop-folder", test_drop_folder);
  g_test_add_func ("/gui/problem-pages", test_problem_pages);
  g_test_add_func ("/gui/open-non-local", test_open_non_local);
  g_test_add_func ("/gui/new-for-file", test_new_for_file);
  g_test_add_func ("/gui/about-and-shortcuts", test_about_and_shortcuts);
  g_test_add_func ("/gui/find-shortcut", test_find_shortcut);
  return g_test_run ();
}
