/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-tty.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

char *
tdbg_tty_secret (const char *prompt, gboolean echo)
{
  int fd = open ("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY);
  struct termios saved, quiet;
  char buffer[1024];
  gssize n;
  gsize len = 0;

  if (fd < 0)
    return NULL;
  if (write (fd, prompt, strlen (prompt)) < 0 || write (fd, " ", 1) < 0 || tcgetattr (fd, &saved) != 0)
    {
      close (fd);
      return NULL;
    }
  quiet = saved;
  if (!echo)
    quiet.c_lflag &= ~(tcflag_t) ECHO;
  tcsetattr (fd, TCSAFLUSH, &quiet);
  while (len + 1 < sizeof buffer && (n = read (fd, buffer + len, 1)) == 1 && buffer[len] != '\n')
    len++;
  tcsetattr (fd, TCSAFLUSH, &saved);
  if (!echo && write (fd, "\n", 1) < 0)
    len = 0;
  close (fd);
  buffer[len] = '\0';
  char *answer = g_strdup (buffer);
  explicit_bzero (buffer, sizeof buffer);
  return answer;
}
