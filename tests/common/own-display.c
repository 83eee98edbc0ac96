/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "own-display.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <unistd.h>
#include <glib-unix.h>

static GPid server;

static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

static void
stop_server (void)
{
  if (server > 0)
    kill (server, SIGTERM);
}

/* The display number Xvfb writes to its fd 3 once it listens; NULL if it ended first. */
static char *
read_display_number (int fd)
{
  GString *line = g_string_new (NULL);
  char c;
  ssize_t n;

  while ((n = read (fd, &c, 1)) > 0 || (n < 0 && errno == EINTR))
    {
      if (n < 0)
        continue;
      if (c == '\n')
        return g_string_free (line, FALSE);
      g_string_append_c (line, c);
    }
  g_string_free (line, TRUE);
  return NULL;
}

char *
own_display_start (const char *screen)
{
  g_autofree char *geometry = g_strdup_printf ("%sx24", screen);
  const char *argv[] = { "Xvfb", "-displayfd", "3", "-screen", "0", geometry, "-nolisten", "tcp",
                         "-noreset", NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *number = NULL;
  int fds[2], target = 3;

  g_assert_cmpint (server, ==, 0);
  if (!g_unix_open_pipe (fds, FD_CLOEXEC, &error))
    g_error ("pipe: %s", error->message);
  if (!g_spawn_async_with_pipes_and_fds (NULL, argv, NULL,
                                         G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_SEARCH_PATH |
                                           G_SPAWN_STDIN_FROM_DEV_NULL | G_SPAWN_STDOUT_TO_DEV_NULL,
                                         die_with_parent, NULL, -1, -1, -1, &fds[1], &target, 1,
                                         &server, NULL, NULL, NULL, &error))
    g_error ("cannot start Xvfb for a display of the test's own: %s", error->message);
  close (fds[1]);
  number = read_display_number (fds[0]);
  close (fds[0]);
  if (number == NULL || *number == '\0')
    g_error ("Xvfb ended without a display (screen %s)", screen);
  atexit (stop_server);
  return g_strconcat (":", number, NULL);
}
