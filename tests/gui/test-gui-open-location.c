/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Open Location… in a real window, without object storage: this program adds no reader of s3://
 * and gs:// (as a build with -Dobject_store=false), so the dialog says it opens folders and
 * ssh:// addresses and refuses a bucket's address with tdbg-location.c's message, staying open.
 * The recents of every kind are listed and open with one activation; the keyboard alone opens a
 * logdir (keys sent to the display by xdotool, as a person's); a path or an address dropped as
 * text opens as one typed; "~/…" is the home folder, as in a shell. Screenshots
 * open-location-*.png. */

#include "config.h"

#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "gui-util.h"
#include "tdbg-location-dialog.h"
#include "tdbg-settings.h"
#include "tdbg-window-private.h"
#include "test-env.h"

#define WAIT_MS 60000

/* A reference logdir's path as the window spells it (GFile's: no ".."). */
static char *
shared_logdir (const char *name)
{
  g_autofree char *path = test_env_shared_path (name, "logdir", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return g_file_get_path (file);
}

static TdbgLocationDialog *
find_dialog (void)
{
  GtkWindow *dialog = gui_find_toplevel (TDBG_TYPE_LOCATION_DIALOG);

  return dialog ? TDBG_LOCATION_DIALOG (dialog) : NULL;
}

static gboolean
dialog_shown (gpointer data)
{
  TdbgLocationDialog *dialog = find_dialog ();

  return dialog != NULL && gtk_widget_get_mapped (GTK_WIDGET (dialog));
}

static TdbgLocationDialog *
show_dialog (TdbgWindow *window)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-location", NULL));
  g_assert_true (gui_wait_until (dialog_shown, NULL, WAIT_MS));
  return find_dialog ();
}

static gboolean
loaded (gpointer window)
{
  return !tdbg_window_is_loading (window) && tdbg_selection_get_logdir (tdbg_window_get_selection (window));
}

/* The recents, newest first: @locations in that order. */
static void
set_recents (const char *const *locations)
{
  g_autoptr(GSettings) settings = tdbg_settings_new ();
  guint n = g_strv_length ((char **) locations);

  gui_reset_settings ();
  for (guint i = n; i > 0; i--)
    tdbg_recents_add (settings, locations[i - 1]);
}

/* Types @text into the entry and presses Open; the message shown after ("" when it closed). */
static char *
try_open (TdbgLocationDialog *dialog, const char *text)
{
  gtk_editable_set_text (tdbg_location_dialog_get_entry (dialog), text);
  g_assert_cmpstr (tdbg_location_dialog_get_message (dialog), ==, "");
  tdbg_location_dialog_open (dialog);
  return g_strdup (find_dialog () ? tdbg_location_dialog_get_message (dialog) : "");
}

/* What cannot be opened is said in the dialog, which stays for the person to mend it. */
static void
test_refused (void)
{
  TdbgWindow *window = gui_new_window ();
  TdbgLocationDialog *dialog;
  char *message;

  set_recents ((const char *const[]) { NULL });
  dialog = show_dialog (window);
#ifdef TDBG_WITH_REMOTE
  g_assert_nonnull (gui_find_label (GTK_WIDGET (dialog),
                                    "This build of tfdbg-gtk opens folders on this computer and ssh:// addresses.",
                                    FALSE));
#else
  g_assert_nonnull (gui_find_label (GTK_WIDGET (dialog),
                                    "This build of tfdbg-gtk opens folders on this computer only.", FALSE));
#endif
  /* A bucket's address, as a build without object storage refuses it. */
  message = try_open (dialog, "  s3://tfdbg-logs/runs/mnist\n");
  g_assert_cmpstr (message, ==, "Cannot open s3://tfdbg-logs/runs/mnist: this build of tfdbg-gtk does not read s3 addresses");
  g_free (message);
  gui_shot (GTK_WIDGET (dialog), "open-location-refused.png");
  message = try_open (dialog, "gs://tfdbg-logs/runs/mnist");
  g_assert_cmpstr (message, ==, "Cannot open gs://tfdbg-logs/runs/mnist: this build of tfdbg-gtk does not read gs addresses");
  g_free (message);
  /* A malformed ssh:// address: the parser's reason, naming it. */
  message = try_open (dialog, "ssh://gpu-box:99999/runs");
  g_assert_nonnull (strstr (message, "ssh://gpu-box:99999/runs"));
  g_free (message);
  message = try_open (dialog, "/no/such/logdir");
  g_assert_cmpstr (message, ==, "There is no folder at /no/such/logdir.");
  g_free (message);
  message = try_open (dialog, "   ");
  g_assert_cmpstr (message, ==, "Enter a folder’s path or an address.");
  g_free (message);
  /* Nothing was opened. */
  g_assert_null (tdbg_window_get_location (window));
  g_assert_true (dialog_shown (NULL));
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

static const char *
row_location (GtkListBox *list, int index)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, index);
  GtkLabel *label = row ? GTK_LABEL (gui_find_nth_widget (GTK_WIDGET (row), GTK_TYPE_LABEL, 0)) : NULL;

  return label ? gtk_label_get_text (label) : NULL;
}

/* Every kind of recent logdir is listed; one activation opens it, or says why it cannot. */
static void
test_recents (void)
{
  g_autofree char *mnist = shared_logdir ("tutorial_mnist");
  const char *const recents[] = { "s3://tfdbg-logs/runs/a", mnist, "ssh://ana@gpu-box/runs/b", "gs://tpu-runs/c", NULL };
  TdbgWindow *window = gui_new_window ();
  TdbgLocationDialog *dialog;
  GtkListBox *list;

  set_recents (recents);
  dialog = show_dialog (window);
  list = tdbg_location_dialog_get_recents (dialog);
  for (int i = 0; i < 4; i++)
    g_assert_cmpstr (row_location (list, i), ==, recents[i]);
  g_assert_null (gtk_list_box_get_row_at_index (list, 4));
  gui_shot (GTK_WIDGET (dialog), "open-location-dialog.png");

  /* A bucket this program does not read: said, the dialog stays. */
  g_signal_emit_by_name (list, "row-activated", gtk_list_box_get_row_at_index (list, 0));
  g_assert_true (dialog_shown (NULL));
  g_assert_nonnull (strstr (tdbg_location_dialog_get_message (dialog), "does not read s3 addresses"));

  g_signal_emit_by_name (list, "row-activated", gtk_list_box_get_row_at_index (list, 1));
  g_assert_null (find_dialog ());
  g_assert_true (gui_wait_until (loaded, window, WAIT_MS));
  g_assert_cmpstr (tdbg_window_get_location (window), ==, mnist);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A path typed from the home folder ("~/…") is read as a shell reads it. */
static void
test_home (void)
{
  g_autofree char *mnist = shared_logdir ("tutorial_mnist");
  g_autofree char *link = g_build_filename (g_get_home_dir (), "typed-run", NULL);
  g_autofree char *missing = g_build_filename (g_get_home_dir (), "no-such-run", NULL);
  g_autofree char *said = g_strdup_printf ("There is no folder at %s.", missing);
  TdbgWindow *window = gui_new_window ();
  TdbgLocationDialog *dialog;
  char *message;

  g_unlink (link);
  g_assert_cmpint (symlink (mnist, link), ==, 0);
  set_recents ((const char *const[]) { NULL });
  dialog = show_dialog (window);
  message = try_open (dialog, "~/no-such-run");
  g_assert_cmpstr (message, ==, said);
  g_free (message);
  message = try_open (dialog, " ~/typed-run ");
  g_assert_cmpstr (message, ==, "");
  g_free (message);
  g_assert_true (gui_wait_until (loaded, window, WAIT_MS));
  g_assert_cmpstr (tdbg_window_get_location (window), ==, link);
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (link);
}

/* Sends @keys (xdotool's names, as "ctrl+shift+o") to the display, as a keyboard would. */
static void
press (const char *command, const char *keys)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) xdotool = g_subprocess_new (G_SUBPROCESS_FLAGS_NONE, &error, "xdotool", command,
                                                     "--delay", "20", keys, NULL);

  g_assert_no_error (error);
  g_assert_true (g_subprocess_wait_check (xdotool, NULL, &error));
  g_assert_no_error (error);
  gui_spin (100);
}

static gboolean
dialog_gone (gpointer data)
{
  return find_dialog () == NULL;
}

static gboolean
entry_holds (gpointer text)
{
  TdbgLocationDialog *dialog = find_dialog ();

  return dialog && g_str_equal (gtk_editable_get_text (tdbg_location_dialog_get_entry (dialog)), text);
}

static gboolean
window_active (gpointer window)
{
  return gtk_window_is_active (window);
}

/* The keyboard alone: Ctrl+Shift+O, the path typed, Enter; then the dialog again, Alt+R to the
 * recents, Enter on the first. */
static void
test_keyboard (void)
{
  g_autofree char *mnist = shared_logdir ("tutorial_mnist");
  g_autofree char *other = shared_logdir ("multi_device");
  TdbgWindow *window;
  TdbgLocationDialog *dialog;

  set_recents ((const char *const[]) { mnist, NULL });
  window = gui_new_window ();
  g_assert_true (gui_wait_until (window_active, window, WAIT_MS));
  press ("key", "ctrl+shift+o");
  g_assert_true (gui_wait_until (dialog_shown, NULL, WAIT_MS));
  dialog = find_dialog ();
  g_assert_true (gui_wait_until (window_active, dialog, WAIT_MS));
  /* The focus in the entry (its text, inside it). */
  g_assert_true (gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (dialog)),
                                         GTK_WIDGET (tdbg_location_dialog_get_entry (dialog))));
  press ("type", other);
  g_assert_true (gui_wait_until (entry_holds, (gpointer) other, 5000));
  press ("key", "Return");
  g_assert_true (gui_wait_until (dialog_gone, NULL, WAIT_MS));
  g_assert_true (gui_wait_until (loaded, window, WAIT_MS));
  g_assert_cmpstr (tdbg_window_get_location (window), ==, other);

  /* No window manager gives the focus back to the window here: as one would. */
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gui_wait_until (window_active, window, WAIT_MS));
  press ("key", "ctrl+shift+o");
  g_assert_true (gui_wait_until (dialog_shown, NULL, WAIT_MS));
  dialog = find_dialog ();
  g_assert_true (gui_wait_until (window_active, dialog, WAIT_MS));
  g_assert_cmpstr (row_location (tdbg_location_dialog_get_recents (dialog), 0), ==, other);
  g_assert_cmpstr (row_location (tdbg_location_dialog_get_recents (dialog), 1), ==, mnist);
  press ("key", "alt+r");
  press ("key", "Down");
  press ("key", "Return");
  g_assert_true (gui_wait_until (dialog_gone, NULL, WAIT_MS));
  g_assert_true (gui_wait_until (loaded, window, WAIT_MS));
  g_assert_cmpstr (tdbg_window_get_location (window), ==, mnist);

  /* Escape closes it, nothing opened. */
  /* No window manager gives the focus back to the window here: as one would. */
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gui_wait_until (window_active, window, WAIT_MS));
  press ("key", "ctrl+shift+o");
  g_assert_true (gui_wait_until (dialog_shown, NULL, WAIT_MS));
  g_assert_true (gui_wait_until (window_active, find_dialog (), WAIT_MS));
  press ("key", "Escape");
  g_assert_true (gui_wait_until (dialog_gone, NULL, WAIT_MS));
  g_assert_cmpstr (tdbg_window_get_location (window), ==, mnist);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Drops @text on the window's drop target, as a drag of text ends. */
static gboolean
drop_text (TdbgWindow *window, const char *text)
{
  GtkEventController *target = gui_find_controller (GTK_WIDGET (window), GTK_TYPE_DROP_TARGET);
  GValue value = G_VALUE_INIT;
  gboolean taken = FALSE;

  g_assert_nonnull (target);
  g_value_init (&value, G_TYPE_STRING);
  g_value_set_string (&value, text);
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &taken);
  g_value_unset (&value);
  return taken;
}

/* A path or an address dropped as text opens as one typed in Open Location: a folder loads, a
 * bucket's address this program does not read is refused with tdbg-location.c's message. */
static void
test_drop_text (void)
{
  g_autofree char *mnist = shared_logdir ("tutorial_mnist");
  g_autofree char *text = g_strconcat (mnist, "\r\n", NULL);
  TdbgWindow *window = gui_new_window ();

  g_assert_true (drop_text (window, text));
  g_assert_true (gui_wait_until (loaded, window, WAIT_MS));
  g_assert_cmpstr (tdbg_window_get_location (window), ==, mnist);

  g_assert_true (drop_text (window, "s3://tfdbg-logs/runs/mnist"));
  g_assert_cmpstr (tdbg_window_get_load_error (window), ==,
                   "Cannot open s3://tfdbg-logs/runs/mnist: this build of tfdbg-gtk does not read s3 addresses");
  g_assert_false (drop_text (window, " \n\n"));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);
  g_test_add_func ("/gui-open-location/refused", test_refused);
  g_test_add_func ("/gui-open-location/recents", test_recents);
  g_test_add_func ("/gui-open-location/home", test_home);
  g_test_add_func ("/gui-open-location/keyboard", test_keyboard);
  g_test_add_func ("/gui-open-location/drop-text", test_drop_text);
  return g_test_run ();
}
