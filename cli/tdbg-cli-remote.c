/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The command line's remote access, in a build with data/remote/ (tdbg-cli-local.c in one
 * without): the SSH options every command takes, given to the prompt that answers what an open
 * asks (tdbg-cli-prompt.c), and `tfdbg-gtk serve-logdir`, which is not for people: the client runs it on
 * the server over SSH and speaks to it on standard input and output (data/remote/tdbg-serve.h);
 * it opens no window. */
#include "config.h"

#include <signal.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "tdbg-cli-private.h"
#include "tdbg-cli-prompt.h"
#include "libtdbg-remote.h"

const char _tdbg_cli_serve_command[] = TDBG_SERVE_COMMAND;

static gboolean opt_accept_new_host_key;
static char *opt_known_hosts;
static char *opt_ssh_config;
static char *opt_identity;
static gboolean opt_no_ssh_compression;
static char *opt_remote_program;

static const GOptionEntry ssh_entries[] = {
  { "accept-new-host-key", 0, 0, G_OPTION_ARG_NONE, &opt_accept_new_host_key,
    N_("Accept (once, without remembering) the key of an SSH host not in known_hosts"), NULL },
  { "known-hosts", 0, 0, G_OPTION_ARG_FILENAME, &opt_known_hosts, N_("known_hosts file (default ~/.ssh/known_hosts)"), N_("FILE") },
  { "ssh-config", 0, 0, G_OPTION_ARG_FILENAME, &opt_ssh_config, N_("SSH configuration (default ~/.ssh/config)"), N_("FILE") },
  { "identity", 'i', 0, G_OPTION_ARG_FILENAME, &opt_identity, N_("Private key for SSH"), N_("FILE") },
  { "no-ssh-compression", 0, 0, G_OPTION_ARG_NONE, &opt_no_ssh_compression,
    N_("Do not compress the SSH connection (also: TDBG_SSH_COMPRESSION=no)"), NULL },
  { "remote-program", 0, 0, G_OPTION_ARG_STRING, &opt_remote_program,
    N_("The tfdbg-gtk to run on the SSH server, which sends the logdir compressed when it is this version "
       "(default: tfdbg-gtk; “no”: SFTP only; also TDBG_SSH_REMOTE_PROGRAM)"), N_("PROGRAM") },
  { NULL }
};

void
_tdbg_cli_remote_init (void)
{
  tdbg_remote_init ();
}

void
_tdbg_cli_add_remote_options (GOptionContext *context)
{
  g_option_context_add_main_entries (context, ssh_entries, GETTEXT_PACKAGE);
}

TdbgSource *
_tdbg_cli_location_open (const TdbgLocation *location, GError **error)
{
  g_autoptr(TdbgCliPrompt) prompt = tdbg_cli_prompt_new (opt_accept_new_host_key);

  tdbg_cli_prompt_set_setting (prompt, TDBG_PROMPT_KNOWN_HOSTS, opt_known_hosts);
  tdbg_cli_prompt_set_setting (prompt, TDBG_PROMPT_SSH_CONFIG, opt_ssh_config);
  tdbg_cli_prompt_set_setting (prompt, TDBG_PROMPT_IDENTITY, opt_identity);
  tdbg_cli_prompt_set_setting (prompt, TDBG_PROMPT_COMPRESSION, opt_no_ssh_compression ? "no" : NULL);
  tdbg_cli_prompt_set_setting (prompt, TDBG_PROMPT_REMOTE_PROGRAM, opt_remote_program);
  return tdbg_location_open (location, TDBG_PROMPT (prompt), NULL, error);
}

int
_tdbg_cli_serve_logdir (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;

  /* A client that goes away is a write error, not a signal. */
  signal (SIGPIPE, SIG_IGN);
  if (!tdbg_serve_logdir (STDIN_FILENO, STDOUT_FILENO, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  return 0;
}
