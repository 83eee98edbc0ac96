/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The headless command line: the program's start (tdbg_cli_main), the table of commands and
 * what they share (options, opening a logdir, indexes, JSON). The commands are in
 * tdbg-cli-inspect.c, tdbg-cli-events.c, tdbg-cli-explore.c, tdbg-cli-watch.c and
 * tdbg-cli-diff.c; remote access in tdbg-cli-remote.c (tdbg-cli-local.c without it). */
#include "config.h"

#include <inttypes.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>
#include "tdbg-cli-private.h"
#include "libtdbg-analysis.h"
#include "libtdbg-data.h"
#include "libtdbg-report.h"
#include "libtdbg-v1.h"

typedef int (*CommandFunc) (int argc, char **argv);

gboolean _tdbg_cli_opt_json;

const GOptionEntry _tdbg_cli_json_entries[] = {
  { "json", 0, 0, G_OPTION_ARG_NONE, &_tdbg_cli_opt_json, N_("Print JSON"), NULL },
  { NULL }
};

/* Parses the options; then the positional arguments must number from @min_positional to
 * @max_positional (-1: no limit). */
static gboolean
parse_args_counted (int *argc, char ***argv, const char *parameters, const GOptionEntry *entries,
                    int min_positional, int max_positional)
{
  g_autoptr(GOptionContext) context = g_option_context_new (parameters);
  g_autoptr(GError) error = NULL;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (entries)
    g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  _tdbg_cli_add_remote_options (context);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
      g_printerr ("%s\n%s", error->message, help);
      return FALSE;
    }
  if (*argc < min_positional + 1 || (max_positional >= 0 && *argc > max_positional + 1))
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
      g_printerr ("%s", help);
      return FALSE;
    }
  return TRUE;
}

gboolean
_tdbg_cli_parse_args (int *argc, char ***argv, const char *parameters, const GOptionEntry *entries, int n_positional)
{
  return parse_args_counted (argc, argv, parameters, entries, n_positional, n_positional);
}

gboolean
_tdbg_cli_parse_args_at_least (int *argc, char ***argv, const char *parameters, const GOptionEntry *entries,
                               int min_positional)
{
  return parse_args_counted (argc, argv, parameters, entries, min_positional, -1);
}

TdbgSource *
_tdbg_cli_open_source (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLocation) location = tdbg_location_parse (text, &error);
  TdbgSource *source = NULL;

  if (location && !tdbg_location_is_remote (location) &&
      !g_file_test (tdbg_location_get_path (location), G_FILE_TEST_IS_DIR))
    {
      if (g_file_test (tdbg_location_get_path (location), G_FILE_TEST_EXISTS))
        g_printerr (_("%s: not a directory\n"), text);
      else
        g_printerr (_("%s: no such folder\n"), text);
      return NULL;
    }
  if (location)
    source = _tdbg_cli_location_open (location, &error);
  if (source == NULL)
    g_printerr ("%s\n", error->message);
  return source;
}

TdbgLogdir *
_tdbg_cli_open_logdir (const char *path)
{
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgSource) source = _tdbg_cli_open_source (path);

  if (source == NULL)
    return NULL;
  logdir = tdbg_logdir_new (source);
  /* A command loads once and reports: the records it shows are read from the bytes loaded
   * (the same mapping for a local logdir; no second request to a server). */
  tdbg_logdir_set_keep_read_bytes (logdir, TRUE);
  /* It exits once it has answered: the pages read are given back as they are read, on every
   * core, rather than by one at the exit. */
  tdbg_logdir_set_release_read_pages (logdir, TRUE);
  if (!tdbg_logdir_load (logdir, NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      return NULL;
    }
  return g_steal_pointer (&logdir);
}

gboolean
_tdbg_cli_check_readable (TdbgLogdir *logdir, const char *path, gboolean mention_problems)
{
  g_autofree char *why = tdbg_diagnose_unreadable (logdir);
  GPtrArray *problems = tdbg_logdir_get_problems (logdir);

  if (why != NULL)
    {
      /* Translators: a logdir, then one line per damaged file */
      g_printerr (_("%s: its executions and graph execution traces cannot be read at all:\n%s\n"), path, why);
      return FALSE;
    }
  if (mention_problems && problems->len > 0)
    g_printerr (g_dngettext (GETTEXT_PACKAGE,
                             "%s: %u problem in its files; what is intact was read (inspect lists it)\n",
                             "%s: %u problems in its files; what is intact was read (inspect lists them)\n",
                             problems->len),
                path, problems->len);
  return TRUE;
}

int
_tdbg_cli_status_of_none (TdbgLogdir *logdir, const char *path)
{
  guint modes = tdbg_logdir_get_modes (logdir);
  g_autofree char *names = NULL;

  if (tdbg_debug_modes_tell_nonfinite (modes))
    return 0;
  names = tdbg_debug_modes_names (modes);
  /* Translators: a logdir, its debug modes ("NO_TENSOR", "SHAPE") */
  g_printerr (_("%s: recorded in %s, which records no values: whether it held NaN or ∞ cannot be told "
                "(record with CURT_HEALTH, CONCISE_HEALTH, FULL_HEALTH or FULL_TENSOR)\n"),
              path, names);
  return TDBG_CLI_CANNOT_TELL;
}

gboolean
_tdbg_cli_parse_index (const char *text, guint *index)
{
  guint64 value;
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT32 - 1, &value, NULL))
    {
      g_printerr (_("“%s” is not an index\n"), text);
      return FALSE;
    }
  *index = value;
  return TRUE;
}

char *
_tdbg_cli_describe_problem (const TdbgProblem *p)
{
  return g_strdup_printf (_("Problem: %s at offset %" PRIu64 ": %s\n"), p->file_name, p->byte_offset, p->message);
}

void
_tdbg_cli_print_json (TdbgJson *json)
{
  g_autofree char *text = tdbg_json_free_to_string (json);
  printf ("%s\n", text);
}

static int cmd_help (int argc, char **argv);

static const struct {
  const char *name;
  CommandFunc func;
  const char *summary;
} commands[] = {
  { "inspect", _tdbg_cli_inspect, N_("[--json] LOGDIR: run, file sets, counts, alerts, first NaN/∞ and problems") },
  { "alerts", _tdbg_cli_alerts, N_("LOGDIR: one line per NaN/∞ alert; exit status 0 none, 1 some, 2 unreadable, 3 recorded in modes that cannot tell") },
  { "explain", _tdbg_cli_explain, N_("[--json|--markdown [-o FILE]] LOGDIR: why the first NaN/∞ happened; exit status like alerts") },
  { "trace", _tdbg_cli_trace, N_("[--json] LOGDIR INDEX…: graph execution traces in full") },
  { "execution", _tdbg_cli_execution, N_("[--json] LOGDIR INDEX…: eager executions in full") },
  { "ops", _tdbg_cli_ops, N_("[--json] [--file PATH] [--line N] [--graph ID] LOGDIR: every op creation and its line") },
  { "tensor", _tdbg_cli_tensor, N_("[--npy -o FILE] [--execution [--slot N]] LOGDIR INDEX: the values of a FULL_TENSOR trace") },
  { "export-graph", _tdbg_cli_export_graph, N_("LOGDIR --trace INDEX [--depth N] | --graph ID [--collapse-scopes] --format png|svg|pdf -o FILE: draw a graph") },
  { "diff", _tdbg_cli_diff, N_("[--json|--markdown [-o FILE]] [--rtol R] [--atol A] RUN_A RUN_B: where two runs first part; exit 0 alike, 1 not, 2 unreadable") },
  { "watch", _tdbg_cli_watch, N_("[--json] [--exit-on-alert] [--idle-timeout SECONDS] LOGDIR: follow a run, print each alert as it appears") },
  { "help", cmd_help, N_("this list") },
};

static void
print_usage (FILE *out)
{
  fprintf (out, _("Usage: tfdbg-gtk [LOGDIR…]           open the window\n"
                  "       tfdbg-gtk COMMAND [ARGS…]     headless\n\nCommands:\n"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-10s %s\n", commands[i].name, _(commands[i].summary));
  fprintf (out, _("\nWindow options:\n  --compare RUN_A RUN_B  open the window on RUN_A compared with RUN_B\n"));
  fprintf (out, _("\nOther options:\n  --version  print the version and exit\n"));
}

/* One line, the same in every build and language, that scripts and packaging can compare
 * with meson's version (tests/unit/check-version.py). */
static int
print_version (void)
{
  printf ("tfdbg-gtk %s\n", TDBG_VERSION);
  return 0;
}

static int
cmd_help (int argc, char **argv)
{
  print_usage (stdout);
  return 0;
}

/* Whether @argv (the program's own, argv[0] its name) opens the window: nothing but logdirs,
 * local or ssh://. FALSE after printing why and the usage on stderr (exit status 2): an
 * unknown option, or a first argument that is no command and names no file. */
static gboolean
check_window_args (int argc, char **argv)
{
  gboolean options = TRUE, compare = FALSE;
  int first = 0, n_locations = 0;

  for (int i = 1; i < argc; i++)
    {
      if (options && g_str_equal (argv[i], "--"))
        options = FALSE;
      /* How D-Bus activation starts the application (its service file). */
      else if (options && g_str_equal (argv[i], "--gapplication-service"))
        continue;
      else if (options && g_str_equal (argv[i], "--compare") && !compare)
        compare = TRUE;
      else if (options && argv[i][0] == '-' && argv[i][1] != '\0')
        {
          g_printerr (_("tfdbg-gtk: unknown option “%s”\n"), argv[i]);
          print_usage (stderr);
          return FALSE;
        }
      else if (n_locations++ == 0)
        first = i;
    }
  /* --compare RUN_A RUN_B: a window on one run compared with the other, and nothing else. */
  if (compare)
    {
      if (n_locations == 2)
        return TRUE;
      g_printerr (_("tfdbg-gtk: --compare takes two logdirs, RUN_A and RUN_B (%d given)\n"), n_locations);
      print_usage (stderr);
      return FALSE;
    }
  /* A word that names no file where a command goes is a command mistyped, or one this
   * version does not have: opening a window on it (or on the arguments after it) would hide
   * that from a script. */
  if (first > 0 && strchr (argv[first], G_DIR_SEPARATOR) == NULL && strstr (argv[first], "://") == NULL &&
      !tdbg_location_text_is_remote (argv[first]) && !g_file_test (argv[first], G_FILE_TEST_EXISTS))
    {
      g_printerr (_("tfdbg-gtk: “%s” is not a command, nor a logdir here\n"), argv[first]);
      print_usage (stderr);
      return FALSE;
    }
  return TRUE;
}

/* The headless subcommands, and --help and --version. */
static gboolean
is_subcommand (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (name, commands[i].name))
      return TRUE;
  if (g_str_equal (name, _tdbg_cli_serve_command))
    return TRUE;
  return g_str_equal (name, "--help") || g_str_equal (name, "-h") || g_str_equal (name, "--version");
}

/* argv[0] is the subcommand name. Returns the exit status. */
static int
run_subcommand (int argc, char **argv)
{
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[0], commands[i].name))
      return commands[i].func (argc, argv);
  if (g_str_equal (argv[0], _tdbg_cli_serve_command))
    return _tdbg_cli_serve_logdir (argc, argv);
  if (g_str_equal (argv[0], "--version"))
    return print_version ();
  return cmd_help (argc, argv);
}

int
tdbg_cli_main (int argc, char **argv, TdbgCliWindowFunc run_window)
{
  setlocale (LC_ALL, "");
  tdbg_locale_bind ();
  tdbg_v1_init ();
  _tdbg_cli_remote_init ();
  _tdbg_cli_storage_init ();

  if (argc > 1 && is_subcommand (argv[1]))
    return run_subcommand (argc - 1, argv + 1);
  if (!check_window_args (argc, argv))
    return 2;
  return run_window (argc, argv);
}
