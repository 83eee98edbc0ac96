/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Remote logdirs in the window under Xvfb, against a throwaway sshd (tests/common/ssh-fixture.c):
 * opening with key auth and a ~/.ssh/config alias, the unknown-host-key dialog (Cancel,
 * Accept Once, Accept and Remember), a changed key, password auth through the secret dialog,
 * Open Location's SSH form, and the lost-connection banner with Reconnect. The SSH files
 * are the fixture's, given through TDBG_SSH_CONFIG and TDBG_KNOWN_HOSTS; ~/.ssh is not used. */

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include "gui-util.h"
#include "ssh-fixture.h"
#include "test-env.h"
#include "tdbg-application.h"
#include "tdbg-host-key-dialog.h"
#include "tdbg-location-dialog.h"
#include "tdbg-secret-dialog.h"
#include "tdbg-ssh-form.h"
#include "tdbg-settings.h"
#include "tdbg-window-private.h"
#include "tdbg-error.h"

/* Long enough for a load under valgrind; waits end as soon as their condition holds. */
#define WAIT_MS 180000

static SshFixture server;
static char *remote_logdir;   /* the served copy of tutorial_mnist/logdir */
static char *ssh_config;      /* names the alias "tdbg-test" with the client key */
static TdbgLogdir *local;     /* the same logdir read locally: the known answers */

static char *
alias_address (void)
{
  return g_strdup_printf ("ssh://tdbg-test%s", remote_logdir);
}

/* The environment the window's connections read (see app/tdbg-dialog-prompt.h). */
static void
use_ssh_files (const char *config, const char *known_hosts)
{
  g_setenv ("TDBG_SSH_CONFIG", config, TRUE);
  g_setenv ("TDBG_KNOWN_HOSTS", known_hosts, TRUE);
}

/* A new window opening @address with the SSH files @config and @known_hosts; the load goes
 * on while the caller looks. */
static TdbgWindow *
start_opening (const char *address, const char *config, const char *known_hosts)
{
  TdbgWindow *window = gui_new_window ();

  use_ssh_files (config, known_hosts);
  tdbg_window_open_location (window, address);
  return window;
}

/* The same counts and first alert as the local load. */
static void
assert_same_as_local (TdbgWindow *window)
{
  gui_assert_window_same_as (window, local);
}

static gboolean
host_key_dialog_shown (gpointer data)
{
  return gui_find_toplevel (TDBG_TYPE_HOST_KEY_DIALOG) != NULL;
}

static gboolean
host_key_dialog_gone (gpointer data)
{
  return !host_key_dialog_shown (data);
}

static gboolean
secret_dialog_shown (gpointer data)
{
  return gui_find_toplevel (TDBG_TYPE_SECRET_DIALOG) != NULL;
}

static GtkButton *
find_button (GtkWidget *root, const char *label)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0)
    return GTK_BUTTON (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkButton *found = find_button (child, label);
      if (found)
        return found;
    }
  return NULL;
}

static void
click (GtkWidget *root, const char *label)
{
  GtkButton *button = find_button (root, label);

  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
}

/* Opens the served logdir through the alias, with key auth and a known host key. */
static TdbgWindow *
open_with_key (void)
{
  g_autofree char *address = alias_address ();
  TdbgWindow *window = start_opening (address, ssh_config, server.known_hosts);

  g_assert_true (tdbg_window_is_loading (window));
  g_assert_true (gui_wait_until (gui_window_loaded, window, WAIT_MS));
  return window;
}

static void
test_open_with_key (void)
{
  g_autoptr(GSettings) settings = tdbg_settings_new ();
  g_autoptr(GPtrArray) recents = NULL;
  g_autofree char *address = alias_address ();
  TdbgWindow *window = open_with_key ();

  assert_same_as_local (window);
  g_assert_null (gui_find_toplevel (TDBG_TYPE_HOST_KEY_DIALOG));
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), address));
  recents = tdbg_recents_list (settings);
  g_assert_cmpstr (((TdbgRecent *) g_ptr_array_index (recents, 0))->location, ==, address);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* An unknown key: the dialog shows the facts; each answer does what it says. */
static void
test_unknown_host_key (void)
{
  g_autofree char *known_hosts = ssh_fixture_path (&server, "known_hosts_gui");
  g_autofree char *address = alias_address ();
  g_autofree char *contents = NULL;
  g_autofree char *port = g_strdup_printf ("%u", server.port);
  /* NULL: the dialog is closed (as Escape does), which refuses like Cancel. */
  const char *answers[] = { "_Cancel", NULL, "Accept _Once", "Accept and _Remember" };

  for (guint i = 0; i < G_N_ELEMENTS (answers); i++)
    {
      TdbgWindow *window;
      GtkWindow *dialog;

      g_assert_true (g_file_set_contents (known_hosts, "", 0, NULL));
      window = start_opening (address, ssh_config, known_hosts);
      g_assert_true (gui_wait_until (host_key_dialog_shown, NULL, WAIT_MS));
      dialog = gui_find_toplevel (TDBG_TYPE_HOST_KEY_DIALOG);
      /* The window stays responsive meanwhile: the main loop is running this test. */
      g_assert_true (tdbg_window_is_loading (window));
      g_assert_nonnull (gui_find_label (GTK_WIDGET (dialog), "127.0.0.1", FALSE));
      g_assert_nonnull (gui_find_label (GTK_WIDGET (dialog), port, FALSE));
      g_assert_nonnull (gui_find_label (GTK_WIDGET (dialog), "ssh-ed25519", FALSE));
      g_assert_nonnull (gui_find_label (GTK_WIDGET (dialog), "SHA256:", TRUE));
      if (i == 0)
        gui_shot (GTK_WIDGET (dialog), "ssh-host-key-dialog.png");
      if (answers[i])
        click (GTK_WIDGET (dialog), answers[i]);
      else
        gtk_window_close (dialog);
      g_assert_true (gui_wait_until (gui_window_loaded, window, WAIT_MS));
      g_assert_null (gui_find_toplevel (TDBG_TYPE_HOST_KEY_DIALOG));
      g_free (contents);
      g_assert_true (g_file_get_contents (known_hosts, &contents, NULL, NULL));
      if (i <= 1)
        {
          g_assert_nonnull (tdbg_window_get_load_error (window));
          g_assert_nonnull (strstr (tdbg_window_get_load_error (window), "not known"));
          g_assert_null (tdbg_selection_get_logdir (tdbg_window_get_selection (window)));
        }
      else
        assert_same_as_local (window);
      if (i == 3)
        {
          g_autofree char *entry = g_strdup_printf ("[127.0.0.1]:%u ssh-ed25519 ", server.port);
          g_assert_nonnull (strstr (contents, entry));
        }
      else
        g_assert_cmpstr (contents, ==, "");
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* Cancel in the window while the host-key dialog waits: the dialog goes, nothing loads. */
static void
test_cancel_while_asking (void)
{
  g_autofree char *known_hosts = ssh_fixture_path (&server, "known_hosts_gui");
  g_autofree char *address = alias_address ();
  TdbgWindow *window;

  g_assert_true (g_file_set_contents (known_hosts, "", 0, NULL));
  window = start_opening (address, ssh_config, known_hosts);
  g_assert_true (gui_wait_until (host_key_dialog_shown, NULL, WAIT_MS));
  g_assert_nonnull (gui_find_label (GTK_WIDGET (window), "Connecting to tdbg-test…", FALSE));
  gui_shot (GTK_WIDGET (window), "ssh-connecting.png");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-load", NULL));
  g_assert_false (tdbg_window_is_loading (window));
  g_assert_true (gui_wait_until (host_key_dialog_gone, NULL, WAIT_MS));
  g_assert_null (tdbg_selection_get_logdir (tdbg_window_get_selection (window)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A changed key is refused without asking, and the window says what to do. */
static void
test_changed_host_key (void)
{
  g_autofree char *other = ssh_fixture_path (&server, "other_gui_ed25519");
  g_autofree char *other_pub = g_strconcat (other, ".pub", NULL);
  g_autofree char *known_hosts = ssh_fixture_path (&server, "known_hosts_changed_gui");
  g_autofree char *address = alias_address ();
  g_autofree char *line = NULL;
  g_autofree char *remove_command = g_strdup_printf ("ssh-keygen -R '[127.0.0.1]:%u' -f '%s'", server.port, known_hosts);
  TdbgWindow *window;
  const char *message;

  if (!g_file_test (other, G_FILE_TEST_EXISTS))
    ssh_fixture_keygen (other);
  line = ssh_fixture_known_hosts_line (&server, other_pub);
  g_assert_true (g_file_set_contents (known_hosts, line, -1, NULL));
  window = start_opening (address, ssh_config, known_hosts);
  g_assert_true (gui_wait_until (gui_window_loaded, window, WAIT_MS));
  g_assert_null (gui_find_toplevel (TDBG_TYPE_HOST_KEY_DIALOG));
  message = tdbg_window_get_load_error (window);
  g_assert_nonnull (message);
  g_assert_nonnull (strstr (message, "CHANGED"));
  g_assert_nonnull (strstr (message, "attack"));
  g_assert_nonnull (strstr (message, known_hosts));
  g_assert_nonnull (strstr (message, remove_command));
  g_assert_null (tdbg_selection_get_logdir (tdbg_window_get_selection (window)));
  gui_shot (GTK_WIDGET (window), "ssh-changed-key.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* No key: the password is asked in a hidden entry and the logdir loads. */
static void
test_password (void)
{
  g_autofree char *address = ssh_fixture_uri (&server, remote_logdir);
  TdbgWindow *window = start_opening (address, "", server.known_hosts);
  TdbgSecretDialog *dialog;
  GtkEditable *entry;

  g_assert_true (gui_wait_until (secret_dialog_shown, NULL, WAIT_MS));
  dialog = TDBG_SECRET_DIALOG (gui_find_toplevel (TDBG_TYPE_SECRET_DIALOG));
  g_assert_nonnull (gui_find_label (GTK_WIDGET (dialog), "Password for 127.0.0.1:", FALSE));
  entry = tdbg_secret_dialog_get_entry (dialog);
  g_assert_true (GTK_IS_PASSWORD_ENTRY (entry));
  gtk_editable_set_text (entry, SSH_FIXTURE_PASSWORD);
  gui_shot (GTK_WIDGET (dialog), "ssh-password-dialog.png");
  click (GTK_WIDGET (dialog), "C_onnect");
  g_assert_true (gui_wait_until (gui_window_loaded, window, WAIT_MS));
  assert_same_as_local (window);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
banner_shown (gpointer data)
{
  return *tdbg_window_get_connection_text (data) != '\0';
}

static gboolean
banner_hidden (gpointer data)
{
  return !banner_shown (data);
}

static TdbgSecretDialog *
wait_for_secret_dialog (void)
{
  g_assert_true (gui_wait_until (secret_dialog_shown, NULL, WAIT_MS));
  return TDBG_SECRET_DIALOG (gui_find_toplevel (TDBG_TYPE_SECRET_DIALOG));
}

/* Reconnecting asks for the password again; meanwhile the window keeps reading what it has
 * (records it needs from the server fail at once instead of waiting for the answer). */
static void
test_reconnect_with_password (void)
{
  g_autofree char *address = ssh_fixture_uri (&server, remote_logdir);
  TdbgWindow *window = start_opening (address, "", server.known_hosts);
  TdbgSelection *selection = tdbg_window_get_selection (window);
  TdbgSecretDialog *dialog;
  g_autoptr(GError) error = NULL;
  guint64 size;

  dialog = wait_for_secret_dialog ();
  gtk_editable_set_text (tdbg_secret_dialog_get_entry (dialog), SSH_FIXTURE_PASSWORD);
  tdbg_answer_window_answer (TDBG_ANSWER_WINDOW (dialog), TRUE);
  g_assert_true (gui_wait_until (gui_window_loaded, window, WAIT_MS));
  assert_same_as_local (window);

  ssh_fixture_stop (&server);
  g_assert_true (gui_wait_until (banner_shown, window, WAIT_MS));
  ssh_fixture_start (&server);
  click (GTK_WIDGET (window), "_Reconnect");
  dialog = wait_for_secret_dialog ();
  g_assert_false (tdbg_source_get_size (tdbg_logdir_get_source (tdbg_selection_get_logdir (selection)),
                                        tdbg_logdir_get_file_set (local, 0)->files[TDBG_FILE_GRAPHS].file_name,
                                        &size, NULL, &error));
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_IO);
  tdbg_selection_select_alert (selection, 0);
  gui_spin (100);
  gtk_editable_set_text (tdbg_secret_dialog_get_entry (dialog), SSH_FIXTURE_PASSWORD);
  tdbg_answer_window_answer (TDBG_ANSWER_WINDOW (dialog), TRUE);
  g_assert_true (gui_wait_until (banner_hidden, window, WAIT_MS));
  assert_same_as_local (window);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A keyboard-interactive prompt that may echo gets a plain entry; a secret one a hidden entry. */
static void
test_secret_dialog_echo (void)
{
  TdbgSecretDialog *echo = tdbg_secret_dialog_new (NULL, "Verification code:", TRUE);
  TdbgSecretDialog *hidden = tdbg_secret_dialog_new (NULL, "Password:", FALSE);
  char *answer;

  g_assert_true (GTK_IS_ENTRY (tdbg_secret_dialog_get_entry (echo)));
  g_assert_true (gtk_entry_get_visibility (GTK_ENTRY (tdbg_secret_dialog_get_entry (echo))));
  g_assert_true (GTK_IS_PASSWORD_ENTRY (tdbg_secret_dialog_get_entry (hidden)));
  gtk_editable_set_text (tdbg_secret_dialog_get_entry (echo), "123456");
  answer = tdbg_secret_dialog_take_answer (echo);
  g_assert_cmpstr (answer, ==, "123456");
  g_assert_cmpstr (gtk_editable_get_text (tdbg_secret_dialog_get_entry (echo)), ==, "");
  g_free (answer);
  gtk_window_destroy (GTK_WINDOW (echo));
  gtk_window_destroy (GTK_WINDOW (hidden));
}

static void
set_field (GtkWidget *dialog, const char *placeholder, const char *text)
{
  GtkWidget *entry = gui_find_editable (dialog, placeholder);

  g_assert_nonnull (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
}

static void
set_fields (GtkWidget *dialog, const char *host, const char *user, const char *port, const char *path)
{
  set_field (dialog, "host name, address or ~/.ssh/config alias", host);
  set_field (dialog, "from ~/.ssh/config, else your user name", user);
  set_field (dialog, "22", port);
  set_field (dialog, "/path/to/logdir or ~/logdir", path);
}

static char *
address_of (TdbgSshForm *form, const char *host, const char *user, const char *port, const char *path)
{
  set_fields (GTK_WIDGET (form), host, user, port, path);
  return tdbg_ssh_form_build_address (form, NULL);
}

static gboolean
location_dialog_shown (gpointer data)
{
  return gui_find_toplevel (TDBG_TYPE_LOCATION_DIALOG) != NULL;
}

static const char *
field (TdbgSshForm *form, const char *placeholder)
{
  return gtk_editable_get_text (GTK_EDITABLE (gui_find_editable (GTK_WIDGET (form), placeholder)));
}

/* Open Location's SSH form: the fields make the address, which the address entry shows; an
 * ssh:// address typed there fills them; bad fields are explained and the dialog stays; the
 * recents of every kind are listed. */
static void
test_location_dialog (void)
{
  g_autoptr(GSettings) settings = tdbg_settings_new ();
  g_autofree char *address = alias_address ();
  TdbgWindow *window = gui_new_window ();
  TdbgLocationDialog *dialog;
  GtkEditable *entry;
  TdbgSshForm *form;
  GtkListBox *recents;
  char *built;

  g_autoptr(GPtrArray) old = tdbg_recents_list (settings);

  for (guint i = 0; i < old->len; i++)
    tdbg_recents_remove (settings, ((TdbgRecent *) g_ptr_array_index (old, i))->location);
  use_ssh_files (ssh_config, server.known_hosts);
  tdbg_recents_add (settings, "/a/local/logdir");
  tdbg_recents_add (settings, "ssh://alice@far.example:2222/runs/one");
  tdbg_recents_add (settings, address);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-location", NULL));
  g_assert_true (gui_wait_until (location_dialog_shown, NULL, WAIT_MS));
  dialog = TDBG_LOCATION_DIALOG (gui_find_toplevel (TDBG_TYPE_LOCATION_DIALOG));
  entry = tdbg_location_dialog_get_entry (dialog);
  /* Folded at first, as a person finds it. */
  g_assert_null (gui_find_widget (GTK_WIDGET (dialog), TDBG_TYPE_SSH_FORM));
  gtk_expander_set_expanded (GTK_EXPANDER (gui_find_widget (GTK_WIDGET (dialog), GTK_TYPE_EXPANDER)), TRUE);
  form = TDBG_SSH_FORM (gui_find_widget (GTK_WIDGET (dialog), TDBG_TYPE_SSH_FORM));
  g_assert_nonnull (form);

  built = address_of (form, "tdbg-test", "", "", "/data/my logdir");
  g_assert_cmpstr (built, ==, "ssh://tdbg-test/data/my%20logdir");
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, built);
  g_free (built);
  built = address_of (form, " host.example ", "bob", "2222", "~/runs/7");
  g_assert_cmpstr (built, ==, "ssh://bob@host.example:2222/~/runs/7");
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, built);
  g_free (built);
  built = address_of (form, "fe80::1", "", "22", "/l");
  g_assert_cmpstr (built, ==, "ssh://[fe80::1]:22/l");
  g_free (built);

  /* An address typed in the entry fills the fields. */
  gtk_editable_set_text (entry, "ssh://carol@gpu.example:2200/~/runs/8");
  g_assert_cmpstr (field (form, "host name, address or ~/.ssh/config alias"), ==, "gpu.example");
  g_assert_cmpstr (field (form, "from ~/.ssh/config, else your user name"), ==, "carol");
  g_assert_cmpstr (field (form, "22"), ==, "2200");
  g_assert_cmpstr (field (form, "/path/to/logdir or ~/logdir"), ==, "~/runs/8");

  /* Invalid fields: the form's reason, the dialog stays. */
  set_fields (GTK_WIDGET (form), "host", "", "70000", "/l");
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "");
  tdbg_location_dialog_open (dialog);
  g_assert_nonnull (strstr (tdbg_location_dialog_get_message (dialog), "65535"));
  g_assert_true (location_dialog_shown (NULL));
  set_fields (GTK_WIDGET (form), "", "", "", "/l");
  g_assert_null (tdbg_ssh_form_build_address (form, NULL));
  set_fields (GTK_WIDGET (form), "user@host", "", "", "/l");
  g_assert_null (tdbg_ssh_form_build_address (form, NULL));
  set_fields (GTK_WIDGET (form), "host", "", "", "");
  g_assert_null (tdbg_ssh_form_build_address (form, NULL));
  tdbg_location_dialog_open (dialog);
  g_assert_nonnull (strstr (tdbg_location_dialog_get_message (dialog), "path"));

  /* Every recent is offered, the local one too. */
  recents = tdbg_location_dialog_get_recents (dialog);
  g_assert_nonnull (gtk_list_box_get_row_at_index (recents, 2));
  g_assert_null (gtk_list_box_get_row_at_index (recents, 3));
  g_assert_nonnull (gui_find_label (GTK_WIDGET (gtk_list_box_get_row_at_index (recents, 2)), "/a/local/logdir", FALSE));

  /* The form's address opened with Open. */
  set_fields (GTK_WIDGET (form), "tdbg-test", "", "", remote_logdir);
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, address);
  gui_shot (GTK_WIDGET (dialog), "ssh-open-dialog.png");
  click (GTK_WIDGET (dialog), "_Open");
  g_assert_null (gui_find_toplevel (TDBG_TYPE_LOCATION_DIALOG));
  g_assert_true (tdbg_window_is_loading (window));
  g_assert_true (gui_wait_until (gui_window_loaded, window, WAIT_MS));
  assert_same_as_local (window);

  /* A recent ssh:// logdir opens with one activation. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-location", NULL));
  g_assert_true (gui_wait_until (location_dialog_shown, NULL, WAIT_MS));
  dialog = TDBG_LOCATION_DIALOG (gui_find_toplevel (TDBG_TYPE_LOCATION_DIALOG));
  recents = tdbg_location_dialog_get_recents (dialog);
  g_signal_emit_by_name (recents, "row-activated", gtk_list_box_get_row_at_index (recents, 0));
  g_assert_null (gui_find_toplevel (TDBG_TYPE_LOCATION_DIALOG));
  g_assert_true (gui_wait_until (gui_window_loaded, window, WAIT_MS));
  g_assert_cmpstr (tdbg_window_get_location (window), ==, address);
  assert_same_as_local (window);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The server goes away after the load: the data stays, the banner offers Reconnect, and
 * reconnecting reads nothing twice. */
static void
test_reconnect (void)
{
  TdbgWindow *window = open_with_key ();

  assert_same_as_local (window);
  g_assert_true (banner_hidden (window));
  ssh_fixture_stop (&server);
  g_assert_true (gui_wait_until (banner_shown, window, WAIT_MS));
  g_assert_nonnull (strstr (tdbg_window_get_connection_text (window), "tdbg-test"));
  assert_same_as_local (window);
  gui_shot (GTK_WIDGET (window), "ssh-reconnect-banner.png");

  ssh_fixture_start (&server);
  click (GTK_WIDGET (window), "_Reconnect");
  g_assert_true (gui_wait_until (banner_hidden, window, WAIT_MS));
  assert_same_as_local (window);
  /* Still connected a while later. */
  gui_spin (2500);
  g_assert_true (banner_hidden (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A remote run handed from one window to another (as the application's watched runs are) keeps
 * its connection watched there: the new window's banner tells when the server goes. */
static void
test_run_shown_elsewhere_watched (void)
{
  TdbgWindow *window = open_with_key ();
  TdbgWindow *other = gui_new_window ();
  g_autoptr(TdbgRun) run = tdbg_window_give_run (window);

  gtk_window_destroy (GTK_WINDOW (window));
  tdbg_window_show_run (other, run);
  g_assert_nonnull (tdbg_window_get_connection_watch (other));
  assert_same_as_local (other);
  g_action_group_activate_action (G_ACTION_GROUP (other), "follow", NULL);
  ssh_fixture_stop (&server);
  g_assert_true (gui_wait_until (banner_shown, other, WAIT_MS));
  ssh_fixture_start (&server);
  click (GTK_WIDGET (other), "_Reconnect");
  g_assert_true (gui_wait_until (banner_hidden, other, WAIT_MS));
  assert_same_as_local (other);
  g_action_group_activate_action (G_ACTION_GROUP (other), "follow", NULL);
  gtk_window_destroy (GTK_WINDOW (other));
}

/* Following polls the remote logdir; the connection watch then lists the folder only when a
 * poll fails or following stops. */
static void
test_one_poll (void)
{
  TdbgWindow *window = open_with_key ();
  TdbgConnectionWatch *watch = tdbg_window_get_connection_watch (window);
  TdbgRun *run = tdbg_window_get_run (window);
  guint polls = tdbg_run_get_n_polls (run), checks;

  g_assert_nonnull (watch);
  g_assert_true (tdbg_run_get_following (run));
  checks = tdbg_connection_watch_get_n_checks (watch);
  gui_spin (5000);
  g_test_message ("following: %u polls, %u checks", tdbg_run_get_n_polls (run) - polls,
                  tdbg_connection_watch_get_n_checks (watch) - checks);
  g_assert_cmpuint (tdbg_run_get_n_polls (run) - polls, >=, 1);
  g_assert_cmpuint (tdbg_connection_watch_get_n_checks (watch), ==, checks);
  g_action_group_activate_action (G_ACTION_GROUP (window), "follow", NULL);
  gui_spin (5000);
  g_test_message ("not following: %u checks", tdbg_connection_watch_get_n_checks (watch) - checks);
  g_assert_cmpuint (tdbg_connection_watch_get_n_checks (watch) - checks, >=, 1);
  g_action_group_activate_action (G_ACTION_GROUP (window), "follow", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

typedef struct {
  TdbgWindow *window;
  guint n_windows;
  char *title;
  guint traces;
  guint poll;
} CommandLineRun;

static gboolean
poll_window_cb (gpointer data)
{
  CommandLineRun *run = data;
  GApplication *app = g_application_get_default ();

  if (run->window == NULL || tdbg_window_is_loading (run->window))
    return G_SOURCE_CONTINUE;
  run->title = g_strdup (gtk_window_get_title (GTK_WINDOW (run->window)));
  if (tdbg_selection_get_logdir (tdbg_window_get_selection (run->window)))
    run->traces = tdbg_logdir_get_n_traces (tdbg_selection_get_logdir (tdbg_window_get_selection (run->window)));
  gtk_window_destroy (GTK_WINDOW (run->window));
  g_application_quit (app);
  run->poll = 0;
  return G_SOURCE_REMOVE;
}

static void
window_added_cb (GtkApplication *app, GtkWindow *window, CommandLineRun *run)
{
  run->window = TDBG_WINDOW (window);
  run->n_windows++;
}

/* tfdbg-gtk ssh://… opens the address as it is, not as a GVfs file. */
static void
test_command_line (void)
{
  g_autoptr(TdbgApplication) app = tdbg_application_new ();
  g_autofree char *address = alias_address ();
  char *argv[] = { (char *) "tfdbg-gtk", address, NULL };
  CommandLineRun run = { 0 };

  use_ssh_files (ssh_config, server.known_hosts);
  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), &run);
  run.poll = g_timeout_add (50, poll_window_cb, &run);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 2, argv), ==, 0);
  g_clear_handle_id (&run.poll, g_source_remove);
  g_assert_cmpuint (run.n_windows, ==, 1);
  g_assert_nonnull (run.title);
  g_assert_true (g_str_has_prefix (run.title, address));
  g_assert_cmpuint (run.traces, ==, tdbg_logdir_get_n_traces (local));
  g_free (run.title);
}

static gboolean
load_started (gpointer data)
{
  return gui_find_label (data, "Loading", TRUE) != NULL;
}

/* The server goes away while a large logdir loads: what came in is shown, the banner offers
 * Reconnect, and reconnecting reads the rest, nothing twice. (Should the load win the race,
 * the same holds: the counts must end equal to the local ones.) */
static void
test_drop_during_load (void)
{
  g_autofree char *dir = ssh_fixture_path (&server, "big");
  g_autofree char *address = g_strdup_printf ("ssh://tdbg-test%s", dir);
  g_autoptr(TdbgLogdir) big = NULL;
  g_autoptr(GError) error = NULL;
  TdbgWindow *window;
  TdbgLogdir *shown;
  gint64 start;

  gui_ensure_demo_logdir (dir, 2000);
  big = tdbg_logdir_new_for_path (dir);
  g_assert_true (tdbg_logdir_load (big, NULL, &error));
  window = start_opening (address, ssh_config, server.known_hosts);
  g_assert_true (gui_wait_until (load_started, window, WAIT_MS));
  start = g_get_monotonic_time ();
  gui_spin (30);
  ssh_fixture_stop (&server);
  g_test_message ("server stopped %.3f s into the load; loading: %d", (g_get_monotonic_time () - start) / 1e6,
                  tdbg_window_is_loading (window));
  g_assert_true (gui_wait_until (gui_window_loaded, window, WAIT_MS));
  g_assert_true (gui_wait_until (banner_shown, window, WAIT_MS));
  shown = tdbg_selection_get_logdir (tdbg_window_get_selection (window));
  g_assert_nonnull (shown);
  g_test_message ("shown before reconnecting: %u of %u traces", tdbg_logdir_get_n_traces (shown),
                  tdbg_logdir_get_n_traces (big));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (shown), <=, tdbg_logdir_get_n_traces (big));
  g_test_message ("problems before reconnecting: “%s”", tdbg_window_get_problems_text (window));
  gui_shot (GTK_WIDGET (window), "ssh-drop-during-load.png");

  ssh_fixture_start (&server);
  click (GTK_WIDGET (window), "_Reconnect");
  g_assert_true (gui_wait_until (banner_hidden, window, WAIT_MS));
  shown = tdbg_selection_get_logdir (tdbg_window_get_selection (window));
  /* The reads the drop broke were done again: no problem is left to report. */
  g_assert_cmpuint (tdbg_logdir_get_problems (shown)->len, ==, 0);
  g_assert_cmpstr (tdbg_window_get_problems_text (window), ==, "");
  g_assert_cmpuint (tdbg_logdir_get_n_traces (shown), ==, tdbg_logdir_get_n_traces (big));
  g_assert_cmpuint (tdbg_logdir_get_n_executions (shown), ==, tdbg_logdir_get_n_executions (big));
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (shown), ==, tdbg_logdir_get_n_alerts (big));
  g_assert_cmpuint (tdbg_logdir_get_alert (shown, 0)->trace_index, ==, tdbg_logdir_get_alert (big, 0)->trace_index);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
copy_logdir (const char *from, const char *to)
{
  g_autoptr(GDir) dir = g_dir_open (from, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  g_mkdir_with_parents (to, 0755);
  while ((name = g_dir_read_name (dir)))
    {
      g_autofree char *src = g_build_filename (from, name, NULL);
      g_autofree char *dst = g_build_filename (to, name, NULL);
      g_autofree char *contents = NULL;
      gsize length;
      /* A V1 dump root's folders too. */
      if (g_file_test (src, G_FILE_TEST_IS_DIR))
        {
          copy_logdir (src, dst);
          continue;
        }
      g_assert_true (g_file_get_contents (src, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (dst, contents, length, NULL));
    }
}

static gboolean
receiving_shown (gpointer data)
{
  TdbgWindow *window = data;

  return g_str_has_prefix (gtk_label_get_text (window->progress_label), "Receiving: ");
}

static gboolean
bar_moved (gpointer data)
{
  TdbgWindow *window = ((gpointer *) data)[0];
  double first = *(double *) ((gpointer *) data)[1];

  return receiving_shown (window) && gtk_progress_bar_get_fraction (window->progress_bar) > first;
}

/* Sent by the server's tfdbg-gtk over a slow link: while the files come, the progress bar
 * shows the bytes received of those listed, and moves. */
static void
test_receiving_progress (void)
{
  g_autofree char *dir = ssh_fixture_path (&server, "slow-mnist");
  g_autofree char *source = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autofree char *slow = ssh_fixture_slow_program (&server, g_getenv ("TDBG_CLI"));
  g_autofree char *address = NULL;
  TdbgWindow *window;
  double first;
  gpointer data[2];

  copy_logdir (source, dir);
  ssh_fixture_write_noise (dir);
  address = g_strdup_printf ("ssh://tdbg-test%s", dir);
  g_setenv ("TDBG_SSH_REMOTE_PROGRAM", slow, TRUE);
  window = start_opening (address, ssh_config, server.known_hosts);
  g_assert_true (gui_wait_until (receiving_shown, window, WAIT_MS));
  first = gtk_progress_bar_get_fraction (window->progress_bar);
  g_test_message ("%s (%.2f)", gtk_label_get_text (window->progress_label), first);
  g_assert_cmpfloat (first, <, 1);
  data[0] = window;
  data[1] = &first;
  g_assert_true (gui_wait_until (bar_moved, data, WAIT_MS));
  g_test_message ("%s (%.2f)", gtk_label_get_text (window->progress_label),
                  gtk_progress_bar_get_fraction (window->progress_bar));
  gui_shot (GTK_WIDGET (window), "ssh-receiving-progress.png");
  g_assert_true (gui_wait_until (gui_window_loaded, window, WAIT_MS));
  g_setenv ("TDBG_SSH_REMOTE_PROGRAM", "no", TRUE);
  gtk_window_destroy (GTK_WINDOW (window));
}

static char *
buffer_text (GtkTextBuffer *buffer)
{
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

/* The first alert's values as the tensor viewer shows them. */
static char *
first_alert_values (TdbgWindow *window)
{
  GtkExpander *expander = GTK_EXPANDER (gui_find_widget (GTK_WIDGET (tdbg_window_get_trace_pane (window)),
                                                         GTK_TYPE_EXPANDER));
  GtkTextView *view;

  g_assert_nonnull (expander);
  gtk_expander_set_expanded (expander, TRUE);
  gui_spin (100);
  view = GTK_TEXT_VIEW (gui_find_widget (GTK_WIDGET (expander), GTK_TYPE_TEXT_VIEW));
  g_assert_nonnull (view);
  return buffer_text (gtk_text_view_get_buffer (view));
}

/* A damaged tfdbg V1 dump root (tests/data/v1/two-devices, one run without its core metadata,
 * a dump of another still empty) sent by the server's tfdbg-gtk: the problems banner names
 * what a local open names, and the first NaN's values (read after the load, from the logdir
 * the server made) are the local ones. */
static void
test_v1_dump_through_server (void)
{
  const char *stored = g_test_get_filename (G_TEST_DIST, "data", "v1", "two-devices", NULL);
  g_autofree char *dir = ssh_fixture_path (&server, "v1-damaged");
  g_autofree char *metadata = NULL, *empty = NULL, *address = NULL;
  g_autofree char *remote_values = NULL, *local_values = NULL;
  TdbgWindow *window, *here;
  TdbgLogdir *shown, *read_here;

  copy_logdir (stored, dir);
  metadata = g_build_filename (dir, "run_1795817552907547_2",
                               "_tfdbg_core_metadata_sessionrun00000000000003_1795817552949313", NULL);
  empty = g_build_filename (dir, "run_1795817552826972_1", "_tfdbg_device_,job_localhost,replica_0,task_0,device_CPU_1",
                            "loss_0_DebugIdentity_1795817552906591", NULL);
  g_assert_cmpint (g_unlink (metadata), ==, 0);
  g_assert_true (g_file_set_contents (empty, "", 0, NULL));

  here = gui_open_window (dir);
  local_values = first_alert_values (here);
  g_test_message ("here: %s", tdbg_window_get_problems_text (here));

  address = g_strdup_printf ("ssh://tdbg-test%s", dir);
  g_setenv ("TDBG_SSH_REMOTE_PROGRAM", g_getenv ("TDBG_CLI"), TRUE);
  window = start_opening (address, ssh_config, server.known_hosts);
  g_assert_true (gui_wait_until (gui_window_loaded, window, WAIT_MS));
  g_setenv ("TDBG_SSH_REMOTE_PROGRAM", "no", TRUE);
  g_assert_null (tdbg_window_get_load_error (window));
  g_test_message ("over ssh://: %s", tdbg_window_get_problems_text (window));
  /* The banner names the first of the damage (the missing traceback is a notice, not damage). */
  g_assert_nonnull (strstr (tdbg_window_get_problems_text (here), "loss_0_DebugIdentity_1795817552906591 at byte 0"));
  g_assert_cmpstr (tdbg_window_get_problems_text (window), ==, tdbg_window_get_problems_text (here));
  shown = tdbg_selection_get_logdir (tdbg_window_get_selection (window));
  read_here = tdbg_selection_get_logdir (tdbg_window_get_selection (here));
  g_assert_cmpuint (tdbg_logdir_get_problems (read_here)->len, ==, 2);
  g_assert_cmpuint (tdbg_logdir_get_problems (shown)->len, ==, 2);
  g_assert_cmpstr (tdbg_window_get_notice_text (window), ==, tdbg_window_get_notice_text (here));
  g_assert_nonnull (strstr (tdbg_window_get_notice_text (window), "no Python traceback"));
  remote_values = first_alert_values (window);
  g_assert_cmpstr (local_values, ==, "nan  0.  1.04815  1.44203");
  g_assert_cmpstr (remote_values, ==, local_values);
  gui_shot (GTK_WIDGET (window), "ssh-v1-dump-through-server.png");
  gtk_window_destroy (GTK_WINDOW (here));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
setup (void)
{
  g_autofree char *source = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autofree char *config = NULL;
  g_autoptr(GError) error = NULL;

  g_unsetenv ("SSH_AUTH_SOCK");
  ssh_fixture_setup (&server);
  remote_logdir = ssh_fixture_path (&server, "mnist");
  copy_logdir (source, remote_logdir);
  local = tdbg_logdir_new_for_path (remote_logdir);
  g_assert_true (tdbg_logdir_load (local, NULL, &error));
  g_assert_no_error (error);

  config = g_strdup_printf ("Host tdbg-test\n  HostName 127.0.0.1\n  Port %u\n  User root\n  IdentityFile %s\n",
                            server.port, server.client_key);
  ssh_fixture_write (&server, "ssh_config", config);
  ssh_config = ssh_fixture_path (&server, "ssh_config");
}

int
main (int argc, char **argv)
{
  int status;

  gui_test_init (&argc, &argv);
  setup ();

  g_test_add_func ("/gui-ssh/open-with-key", test_open_with_key);
  g_test_add_func ("/gui-ssh/unknown-host-key", test_unknown_host_key);
  g_test_add_func ("/gui-ssh/cancel-while-asking", test_cancel_while_asking);
  g_test_add_func ("/gui-ssh/changed-host-key", test_changed_host_key);
  g_test_add_func ("/gui-ssh/password", test_password);
  g_test_add_func ("/gui-ssh/secret-dialog-echo", test_secret_dialog_echo);
  g_test_add_func ("/gui-ssh/location-dialog", test_location_dialog);
  g_test_add_func ("/gui-ssh/reconnect", test_reconnect);
  g_test_add_func ("/gui-ssh/one-poll", test_one_poll);
  g_test_add_func ("/gui-ssh/run-shown-elsewhere-watched", test_run_shown_elsewhere_watched);
  g_test_add_func ("/gui-ssh/reconnect-with-password", test_reconnect_with_password);
  g_test_add_func ("/gui-ssh/drop-during-load", test_drop_during_load);
  g_test_add_func ("/gui-ssh/command-line", test_command_line);
  g_test_add_func ("/gui-ssh/receiving-progress", test_receiving_progress);
  g_test_add_func ("/gui-ssh/v1-dump-through-server", test_v1_dump_through_server);
  status = g_test_run ();
  ssh_fixture_teardown (&server);
  g_clear_object (&local);
  return status;
}
