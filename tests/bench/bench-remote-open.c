/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The timed half of tests/bench/bench-netns.sh.
 *   bench-remote-open LOCATION [SSH options]   opens and loads a logdir; prints one line:
 *     "seconds ROUND_TRIPS TRACES CPU-SECONDS PATH" (round trips 0 for a local folder; PATH is
 *     "exec" when the server's tfdbg-gtk sent the files, "sftp" over SFTP, "local") */

#include <stdio.h>
#include <sys/resource.h>
#include <glib.h>

#include "answer-prompt.h"
#include "tdbg-location.h"
#include "tdbg-logdir.h"
#include "tdbg-remote.h"
#include "tdbg-ssh-source.h"

static char *opt_known_hosts;
static char *opt_identity;
static gboolean opt_no_compression;

static const GOptionEntry entries[] = {
  { "known-hosts", 0, 0, G_OPTION_ARG_FILENAME, &opt_known_hosts, "known_hosts file", "FILE" },
  { "identity", 0, 0, G_OPTION_ARG_FILENAME, &opt_identity, "Private key", "FILE" },
  { "no-compression", 0, 0, G_OPTION_ARG_NONE, &opt_no_compression, "Do not compress", NULL },
  { NULL }
};

static int
open_and_load (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLocation) location = tdbg_location_parse (text, &error);
  g_autoptr(TdbgAnswerPrompt) prompt = tdbg_answer_prompt_new (TDBG_HOST_KEY_REFUSE, NULL);
  g_autoptr(TdbgSource) source = NULL;
  g_autoptr(TdbgLogdir) logdir = NULL;
  gint64 start = g_get_monotonic_time ();
  guint64 round_trips = 0;
  const char *path = "local";
  struct rusage usage;

  tdbg_answer_prompt_set_setting (prompt, TDBG_PROMPT_KNOWN_HOSTS, opt_known_hosts);
  tdbg_answer_prompt_set_setting (prompt, TDBG_PROMPT_GLOBAL_KNOWN_HOSTS, "/dev/null");
  tdbg_answer_prompt_set_setting (prompt, TDBG_PROMPT_SSH_CONFIG, "");
  tdbg_answer_prompt_set_setting (prompt, TDBG_PROMPT_IDENTITY, opt_identity);
  tdbg_answer_prompt_set_setting (prompt, TDBG_PROMPT_COMPRESSION, opt_no_compression ? "no" : NULL);
  if (location)
    source = tdbg_location_open (location, TDBG_PROMPT (prompt), NULL, &error);
  if (source)
    {
      logdir = tdbg_logdir_new (source);
      tdbg_logdir_load (logdir, NULL, &error);
    }
  if (error)
    {
      g_printerr ("%s: %s\n", text, error->message);
      return 1;
    }
  if (TDBG_IS_SSH_SOURCE (source))
    {
      round_trips = tdbg_ssh_source_get_round_trips (TDBG_SSH_SOURCE (source));
      path = tdbg_ssh_source_used_remote_program (TDBG_SSH_SOURCE (source)) ? "exec" : "sftp";
    }
  getrusage (RUSAGE_SELF, &usage);
  printf ("%.3f %" G_GUINT64_FORMAT " %u %.2f %s\n", (g_get_monotonic_time () - start) / 1e6, round_trips,
          tdbg_logdir_get_n_traces (logdir),
          usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6, path);
  return 0;
}

int
main (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("LOCATION — open a logdir and time its load");
  g_autoptr(GError) error = NULL;

  tdbg_remote_init ();
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2)
    {
      g_printerr ("%s\n", error ? error->message : "usage: bench-remote-open LOCATION");
      return 2;
    }
  return open_and_load (argv[1]);
}
