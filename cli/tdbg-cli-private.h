/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What the command line's files share: the options every command takes, opening a logdir
 * (local or ssh://) the headless way, and the commands themselves for tdbg-cli.c's table. */

#include "tdbg-cli.h"
#include "libtdbg-data.h"

G_BEGIN_DECLS

/* --json, and the entries that offer it alone. */
extern gboolean _tdbg_cli_opt_json;
extern const GOptionEntry _tdbg_cli_json_entries[];

/* Parses @entries and the SSH options; returns FALSE (after printing why) when the positional
 * count is wrong. */
gboolean _tdbg_cli_parse_args (int *argc, char ***argv, const char *parameters, const GOptionEntry *entries,
                               int n_positional);
/* The same, for commands that take @min_positional or more positional arguments. */
gboolean _tdbg_cli_parse_args_at_least (int *argc, char ***argv, const char *parameters, const GOptionEntry *entries,
                                        int min_positional);
/* The source of the logdir at @path (local or ssh://), NULL after printing why not. */
TdbgSource *_tdbg_cli_open_source (const char *path);
/* The loaded logdir at @path, keeping the bytes it read (tdbg_logdir_set_keep_read_bytes()),
 * NULL after printing why not. */
TdbgLogdir *_tdbg_cli_open_logdir (const char *path);
/* FALSE, after saying why on stderr, when the logdir's executions and graph execution traces
 * cannot be read at all (tdbg_diagnose_unreadable()): a gate must not take that for "no
 * NaN/∞". TRUE otherwise; with @mention_problems, a line on stderr counts the problems found. */
gboolean _tdbg_cli_check_readable (TdbgLogdir *logdir, const char *path, gboolean mention_problems);
/* The exit status of a command that found no NaN/∞: 0, or TDBG_CLI_CANNOT_TELL after saying
 * on stderr that every debug mode recorded is one that records no values (NO_TENSOR, SHAPE):
 * a gate must not take that for "no NaN/∞" either. */
#define TDBG_CLI_CANNOT_TELL 3
int _tdbg_cli_status_of_none (TdbgLogdir *logdir, const char *path);
/* An index as the commands take it; FALSE after printing why not. */
gboolean _tdbg_cli_parse_index (const char *text, guint *index);
/* "Problem: FILE at offset N: WHY" (with its newline, as the message was translated), as
 * inspect and watch name a problem. */
char *_tdbg_cli_describe_problem (const TdbgProblem *p);
/* Prints @json and a newline, and frees it. */
void _tdbg_cli_print_json (TdbgJson *json);

/* tdbg-cli-inspect.c */
int _tdbg_cli_inspect (int argc, char **argv);
int _tdbg_cli_alerts (int argc, char **argv);
/* tdbg-cli-events.c */
int _tdbg_cli_trace (int argc, char **argv);
int _tdbg_cli_execution (int argc, char **argv);
int _tdbg_cli_tensor (int argc, char **argv);
/* tdbg-cli-explore.c */
int _tdbg_cli_explain (int argc, char **argv);
int _tdbg_cli_ops (int argc, char **argv);
int _tdbg_cli_export_graph (int argc, char **argv);
/* tdbg-cli-watch.c */
int _tdbg_cli_watch (int argc, char **argv);
/* tdbg-cli-diff.c */
int _tdbg_cli_diff (int argc, char **argv);
/* Remote access: tdbg-cli-remote.c in a build with data/remote/, else tdbg-cli-local.c, which
 * opens local logdirs alone and refuses serve-logdir. */
/* Adds the kind of location ssh:// is (at start). */
void _tdbg_cli_remote_init (void);
/* Adds the SSH options to @context. */
void _tdbg_cli_add_remote_options (GOptionContext *context);
/* @location's source, SSH's asked as the options say (a host key, a password on the terminal). */
TdbgSource *_tdbg_cli_location_open (const TdbgLocation *location, GError **error);
/* Object storage: tdbg-cli-storage.c in a build with data/storage/, else tdbg-cli-no-storage.c.
 * Adds the kind of location s3:// is (at start). */
void _tdbg_cli_storage_init (void);
/* The hidden command an SSH client runs ("serve-logdir"), not listed by help. */
extern const char _tdbg_cli_serve_command[];
int _tdbg_cli_serve_logdir (int argc, char **argv);

G_END_DECLS
