/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "a11y-session.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <glib-unix.h>

#define STARTUP_TIMEOUT_MS 15000

static struct {
  char *tmp;
  char *log_path;
  GPid app;
  AtspiAccessible *frame;
  gboolean atspi_up;
} session;

/* --- processes ------------------------------------------------------------------------ */

static pid_t
parent_of (pid_t pid)
{
  char path[64];
  char buffer[512];
  const char *close_paren;
  int fd;
  ssize_t n;

  g_snprintf (path, sizeof path, "/proc/%d/stat", (int) pid);
  fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return 0;
  n = read (fd, buffer, sizeof buffer - 1);
  close (fd);
  if (n <= 0)
    return 0;
  buffer[n] = '\0';
  /* "pid (comm) state ppid …"; comm may hold spaces and parentheses. */
  close_paren = strrchr (buffer, ')');
  if (close_paren == NULL || close_paren[1] == '\0' || close_paren[2] == '\0')
    return 0;
  return (pid_t) strtol (close_paren + 3, NULL, 10);
}

static gboolean
descends_from_us (pid_t pid)
{
  pid_t self = getpid ();

  for (guint depth = 0; pid > 1 && depth < 64; depth++)
    {
      pid = parent_of (pid);
      if (pid == self)
        return TRUE;
    }
  return FALSE;
}

/* Signals every process descended from this one (orphans of activated services are ours:
 * this process is their child subreaper). Returns how many there were. Async-signal-unsafe
 * only in its use of opendir(), which the watchdog thread may call. */
static guint
signal_descendants (int sig)
{
  GDir *dir = g_dir_open ("/proc", 0, NULL);
  const char *name;
  guint n = 0;

  while (dir && (name = g_dir_read_name (dir)))
    {
      char *end;
      long pid = strtol (name, &end, 10);
      if (*end == '\0' && pid > 1 && pid != getpid () && descends_from_us ((pid_t) pid))
        {
          kill ((pid_t) pid, sig);
          n++;
        }
    }
  if (dir)
    g_dir_close (dir);
  return n;
}

static void
reap_children (void)
{
  while (waitpid (-1, NULL, WNOHANG) > 0)
    ;
}

/* SIGTERM to the whole tree, SIGKILL to what is left after @grace_ms; then reaped. */
static void
end_descendants (guint grace_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) grace_ms * 1000;

  signal_descendants (SIGTERM);
  while (g_get_monotonic_time () < deadline)
    {
      reap_children ();
      if (signal_descendants (0) == 0)
        return;
      g_usleep (20000);
    }
  signal_descendants (SIGKILL);
  for (guint i = 0; i < 100 && signal_descendants (0) > 0; i++)
    {
      reap_children ();
      g_usleep (10000);
    }
  reap_children ();
}

static gpointer
watchdog_thread (gpointer data)
{
  g_usleep ((gulong) GPOINTER_TO_UINT (data) * G_USEC_PER_SEC);
  g_printerr ("# a11y session: deadline passed, ending every process\n");
  signal_descendants (SIGKILL);
  _exit (124);
  return NULL;
}

/* The children end with this process, even when it aborts. */
static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  if (dir)
    g_dir_close (dir);
  g_rmdir (path);
}

/* A failed assertion aborts: the whole desktop goes with it, at once, and its folder. */
static void
abort_cb (int sig)
{
  signal_descendants (SIGKILL);
  if (session.tmp)
    remove_tree (session.tmp);
  signal (sig, SIG_DFL);
  raise (sig);
}

static GPid
spawn (const char * const *argv, char **envp, int report_fd)
{
  g_autoptr(GError) error = NULL;
  int log_fd = open (session.log_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  int target_fd = 3;
  GPid pid = 0;

  g_assert_cmpint (log_fd, >=, 0);
  if (!g_spawn_async_with_pipes_and_fds (NULL, argv, (const char * const *) envp,
                                         G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_SEARCH_PATH |
                                           G_SPAWN_STDIN_FROM_DEV_NULL,
                                         die_with_parent, NULL, -1, log_fd, log_fd,
                                         report_fd >= 0 ? &report_fd : NULL, report_fd >= 0 ? &target_fd : NULL,
                                         report_fd >= 0 ? 1 : 0, &pid, NULL, NULL, NULL, &error))
    g_error ("cannot start %s: %s", argv[0], error->message);
  close (log_fd);
  return pid;
}

/* The first line written to @fd within @timeout_ms, or NULL. */
static char *
read_line (int fd, guint timeout_ms)
{
  GString *line = g_string_new (NULL);
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (strchr (line->str, '\n') == NULL)
    {
      struct pollfd p = { fd, POLLIN, 0 };
      int left = (int) ((deadline - g_get_monotonic_time ()) / 1000);
      char buffer[256];
      ssize_t n;

      if (left <= 0 || poll (&p, 1, left) <= 0)
        break;
      n = read (fd, buffer, sizeof buffer);
      if (n <= 0 && errno != EINTR)
        break;
      if (n > 0)
        g_string_append_len (line, buffer, n);
    }
  if (strchr (line->str, '\n') == NULL)
    {
      g_string_free (line, TRUE);
      return NULL;
    }
  return g_strchomp (g_string_free (line, FALSE));
}

/* Starts @argv, which writes one line (a display number, a bus address) to its fd 3. */
static char *
start_reporting (const char * const *argv, char **envp)
{
  g_autoptr(GError) error = NULL;
  int fds[2];
  char *line;

  if (!g_unix_open_pipe (fds, FD_CLOEXEC, &error))
    g_error ("pipe: %s", error->message);
  spawn (argv, envp, fds[1]);
  close (fds[1]);
  line = read_line (fds[0], STARTUP_TIMEOUT_MS);
  close (fds[0]);
  if (line == NULL || *line == '\0')
    g_error ("%s reported nothing within %u ms; log:\n%s", argv[0], STARTUP_TIMEOUT_MS, a11y_session_get_log_tail ());
  return line;
}

/* --- the session ---------------------------------------------------------------------- */

static char **
base_environment (void)
{
  static const char *dropped[] = { "GTK_A11Y", "NO_AT_BRIDGE", "AT_SPI_BUS_ADDRESS", "WAYLAND_DISPLAY",
                                   "DBUS_SESSION_BUS_ADDRESS", "LANGUAGE", "DISPLAY", "G_DEBUG" };
  char **env = g_get_environ ();
  g_autofree char *config = g_build_filename (session.tmp, "config", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (dropped); i++)
    env = g_environ_unsetenv (env, dropped[i]);
  env = g_environ_setenv (env, "XDG_RUNTIME_DIR", session.tmp, TRUE);
  env = g_environ_setenv (env, "XDG_CONFIG_HOME", config, TRUE);
  env = g_environ_setenv (env, "GDK_BACKEND", "x11", TRUE);
  env = g_environ_setenv (env, "GSETTINGS_BACKEND", "memory", TRUE);
  env = g_environ_setenv (env, "LC_ALL", "C.UTF-8", TRUE);
  return env;
}

/* Text views scroll with an animation otherwise, and a read-back could catch it midway. */
static void
write_gtk_settings (void)
{
  g_autofree char *dir = g_build_filename (session.tmp, "config", "gtk-4.0", NULL);
  g_autofree char *path = g_build_filename (dir, "settings.ini", NULL);

  g_mkdir_with_parents (dir, 0700);
  g_assert_true (g_file_set_contents (path, "[Settings]\ngtk-enable-animations=false\n", -1, NULL));
}

static gboolean
app_on_desktop (gpointer data)
{
  g_autoptr(AtspiAccessible) desktop = atspi_get_desktop (0);
  gint n = atspi_accessible_get_child_count (desktop, NULL);

  if (waitpid (session.app, NULL, WNOHANG) == session.app)
    g_error ("the program exited; its log:\n%s", a11y_session_get_log_tail ());
  for (gint i = 0; i < n && session.frame == NULL; i++)
    {
      g_autoptr(AtspiAccessible) app = atspi_accessible_get_child_at_index (desktop, i, NULL);
      if (app == NULL || atspi_accessible_get_process_id (app, NULL) != (guint) session.app)
        continue;
      for (gint k = 0; k < atspi_accessible_get_child_count (app, NULL); k++)
        {
          AtspiAccessible *child = atspi_accessible_get_child_at_index (app, k, NULL);
          if (child && atspi_accessible_get_role (child, NULL) == ATSPI_ROLE_FRAME)
            {
              session.frame = child;
              break;
            }
          g_clear_object (&child);
        }
    }
  return session.frame != NULL;
}

void
a11y_session_start (const char * const *argv, const char * const *env_extra, guint deadline_s)
{
  const char *xvfb[] = { "Xvfb", "-displayfd", "3", "-screen", "0", "1280x800x24", "-nolisten", "tcp",
                         "-noreset", NULL };
  const char *bus[] = { "dbus-daemon", "--session", "--nofork", "--print-address=3", NULL };
  g_auto(GStrv) env = NULL;
  g_autofree char *display_number = NULL;
  g_autofree char *display = NULL;
  g_autofree char *bus_address = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_null (session.tmp);
  /* Orphans of activated services (registryd, the accessibility bus) come back here. */
  prctl (PR_SET_CHILD_SUBREAPER, 1);
  signal (SIGABRT, abort_cb);
  signal (SIGTRAP, abort_cb);
  session.tmp = g_dir_make_tmp ("tfdbg-a11y-XXXXXX", &error);
  g_assert_no_error (error);
  g_chmod (session.tmp, 0700);
  session.log_path = g_build_filename (session.tmp, "log.txt", NULL);
  write_gtk_settings ();

  env = base_environment ();
  display_number = start_reporting (xvfb, env);
  display = g_strdup_printf (":%s", display_number);
  env = g_environ_setenv (env, "DISPLAY", display, TRUE);
  bus_address = start_reporting (bus, env);
  env = g_environ_setenv (env, "DBUS_SESSION_BUS_ADDRESS", bus_address, TRUE);

  /* libatspi connects inside atspi_init(), from this process's environment; the
   * accessibility bus is D-Bus activated on the private session bus. */
  g_setenv ("DISPLAY", display, TRUE);
  g_setenv ("DBUS_SESSION_BUS_ADDRESS", bus_address, TRUE);
  g_setenv ("XDG_RUNTIME_DIR", session.tmp, TRUE);
  g_unsetenv ("AT_SPI_BUS_ADDRESS");
  g_thread_unref (g_thread_new ("a11y-watchdog", watchdog_thread, GUINT_TO_POINTER (deadline_s)));
  g_assert_cmpint (atspi_init (), ==, 0);
  session.atspi_up = TRUE;
  atspi_set_timeout (3000, STARTUP_TIMEOUT_MS);

  for (guint i = 0; env_extra && env_extra[i]; i++)
    {
      g_auto(GStrv) pair = g_strsplit (env_extra[i], "=", 2);
      env = g_environ_setenv (env, pair[0], pair[1] ? pair[1] : "", TRUE);
    }
  session.app = spawn (argv, env, -1);
  if (!a11y_wait (app_on_desktop, NULL, 30000))
    g_error ("the program's window did not appear on the accessibility bus; its log:\n%s",
             a11y_session_get_log_tail ());
}

AtspiAccessible *
a11y_session_get_frame (void)
{
  return session.frame;
}

char *
a11y_session_get_log_tail (void)
{
  g_autofree char *text = NULL;
  gsize length = 0;

  if (session.log_path == NULL || !g_file_get_contents (session.log_path, &text, &length, NULL))
    return g_strdup ("");
  return g_strdup (length > 4000 ? text + length - 4000 : text);
}

void
a11y_session_stop (void)
{
  g_clear_object (&session.frame);
  if (session.atspi_up)
    atspi_exit ();
  session.atspi_up = FALSE;
  if (session.app > 0)
    {
      gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
      kill (session.app, SIGTERM);
      while (waitpid (session.app, NULL, WNOHANG) == 0 && g_get_monotonic_time () < deadline)
        g_usleep (20000);
      kill (session.app, SIGKILL);
      waitpid (session.app, NULL, WNOHANG);
      session.app = 0;
    }
  /* Then the buses (and what they activated) and X. */
  end_descendants (3000);
  if (session.tmp)
    remove_tree (session.tmp);
  g_clear_pointer (&session.tmp, g_free);
  g_clear_pointer (&session.log_path, g_free);
}

/* --- the tree ------------------------------------------------------------------------- */

char *
a11y_name (AtspiAccessible *a)
{
  char *name = atspi_accessible_get_name (a, NULL);
  return name ? name : g_strdup ("");
}

gboolean
a11y_has_state (AtspiAccessible *a, AtspiStateType state)
{
  g_autoptr(AtspiStateSet) set = atspi_accessible_get_state_set (a);
  return set && atspi_state_set_contains (set, state);
}

static gboolean
matches (AtspiAccessible *a, AtspiRole role, const char *name, gboolean prefix)
{
  g_autofree char *text = NULL;

  AtspiRole found = atspi_accessible_get_role (a, NULL);

  /* GTK 4.8 shows a toggle button as a push button (only its pressed state tells it apart);
   * GTK 4.10 on as a toggle button. */
  if (found != role && !(role == ATSPI_ROLE_TOGGLE_BUTTON && found == ATSPI_ROLE_PUSH_BUTTON))
    return FALSE;
  if (name == NULL)
    return TRUE;
  text = a11y_name (a);
  return prefix ? g_str_has_prefix (text, name) : g_str_equal (text, name);
}

AtspiAccessible *
a11y_find (AtspiAccessible *root, AtspiRole role, const char *name, gboolean prefix)
{
  gint n;

  if (matches (root, role, name, prefix))
    return g_object_ref (root);
  n = atspi_accessible_get_child_count (root, NULL);
  for (gint i = 0; i < n; i++)
    {
      g_autoptr(AtspiAccessible) child = atspi_accessible_get_child_at_index (root, i, NULL);
      AtspiAccessible *found = child ? a11y_find (child, role, name, prefix) : NULL;
      if (found)
        return found;
    }
  return NULL;
}

static void
collect (AtspiAccessible *root, AtspiRole role, GPtrArray *out)
{
  gint n = atspi_accessible_get_child_count (root, NULL);

  if (atspi_accessible_get_role (root, NULL) == role)
    g_ptr_array_add (out, g_object_ref (root));
  for (gint i = 0; i < n; i++)
    {
      g_autoptr(AtspiAccessible) child = atspi_accessible_get_child_at_index (root, i, NULL);
      if (child)
        collect (child, role, out);
    }
}

GPtrArray *
a11y_find_all (AtspiAccessible *root, AtspiRole role)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_object_unref);
  collect (root, role, out);
  return out;
}

gboolean
a11y_do_action (AtspiAccessible *a, const char *action_name)
{
  AtspiAction *action = ATSPI_ACTION (a);
  gint n = atspi_action_get_n_actions (action, NULL);

  for (gint i = 0; i < n; i++)
    {
      g_autofree char *name = atspi_action_get_action_name (action, i, NULL);
      if (g_strcmp0 (name, action_name) == 0)
        return atspi_action_do_action (action, i, NULL);
    }
  return FALSE;
}

void
a11y_press_key (guint keysym, guint modifiers)
{
  if (modifiers)
    atspi_generate_keyboard_event (modifiers, NULL, ATSPI_KEY_LOCKMODIFIERS, NULL);
  atspi_generate_keyboard_event (keysym, NULL, ATSPI_KEY_SYM, NULL);
  if (modifiers)
    atspi_generate_keyboard_event (modifiers, NULL, ATSPI_KEY_UNLOCKMODIFIERS, NULL);
}

gboolean
a11y_wait (A11yProbe probe, gpointer data, guint timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;
  gboolean ok;

  while (!(ok = probe (data)) && g_get_monotonic_time () < deadline)
    g_usleep (50000);
  return ok;
}
