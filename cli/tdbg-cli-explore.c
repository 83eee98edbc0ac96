/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The commands that look across a logdir: explain (the root cause of the first NaN/∞),
 * ops (every op creation and its line) and export-graph. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>
#include "tdbg-cli-private.h"
#include "libtdbg-analysis.h"
#include "libtdbg-graph.h"
#include "libtdbg-report.h"
#include "libtdbg-data.h"

/* report.md → report-graph.png, beside it. */
static char *
picture_path_for (const char *report)
{
  g_autofree char *stem = g_str_has_suffix (report, ".md") ? g_strndup (report, strlen (report) - 3) : g_strdup (report);
  return g_strconcat (stem, "-graph.png", NULL);
}

/* The Markdown report in @path and the picture of the neighbourhood beside it, linked. */
static gboolean
write_markdown_report (TdbgLogdir *logdir, const TdbgRootCause *cause, const char *path)
{
  g_autofree char *dot = tdbg_explain_picture_dot (logdir, cause);
  g_autofree char *picture = dot ? picture_path_for (path) : NULL;
  g_autofree char *link = picture ? g_path_get_basename (picture) : NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  if (dot && !tdbg_graph_render_dot_file (dot, "png", picture, &error))
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }
  tdbg_graph_export_shutdown ();
  text = tdbg_explain_markdown (logdir, cause, link);
  if (!tdbg_write_file (path, text, strlen (text), &error))
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }
  return TRUE;
}

int
_tdbg_cli_explain (int argc, char **argv)
{
  static gboolean markdown;
  static char *output;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &_tdbg_cli_opt_json, N_("Print JSON"), NULL },
    { "markdown", 0, 0, G_OPTION_ARG_NONE, &markdown, N_("Print a Markdown report for a bug tracker"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("With --markdown: write the report to FILE and the picture of the neighbourhood beside it (FILE-graph.png)"),
      N_("FILE") },
    { NULL }
  };
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(TdbgRootCause) cause = NULL;

  if (!_tdbg_cli_parse_args (&argc, &argv, _("LOGDIR — the root cause of the first NaN/∞; exit 1 if there is one"), entries, 1))
    return 2;
  if (output && !markdown)
    {
      g_printerr (_("explain: -o FILE goes with --markdown\n"));
      return 2;
    }
  if ((logdir = _tdbg_cli_open_logdir (argv[1])) == NULL)
    return 2;
  if (!_tdbg_cli_check_readable (logdir, argv[1], TRUE))
    return 2;
  cause = tdbg_root_cause_find (logdir);
  if (output)
    {
      if (!write_markdown_report (logdir, cause, output))
        return 2;
    }
  else if (_tdbg_cli_opt_json)
    {
      TdbgJson *j = tdbg_json_new (TRUE);
      tdbg_explain_json (j, logdir, cause);
      _tdbg_cli_print_json (j);
    }
  else
    {
      g_autofree char *text = markdown ? tdbg_explain_markdown (logdir, cause, NULL) : tdbg_explain_text (logdir, cause);
      printf ("%s", text);
    }
  return tdbg_explain_origin_name (logdir, cause) != NULL ? 1 : _tdbg_cli_status_of_none (logdir, argv[1]);
}

int
_tdbg_cli_ops (int argc, char **argv)
{
  static char *file, *graph;
  static gint line;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &_tdbg_cli_opt_json, N_("Print JSON"), NULL },
    { "file", 0, 0, G_OPTION_ARG_STRING, &file, N_("Only ops built in this file (a path or its last components)"), N_("PATH") },
    { "line", 0, 0, G_OPTION_ARG_INT, &line, N_("Only ops built on this line"), N_("N") },
    { "graph", 0, 0, G_OPTION_ARG_STRING, &graph, N_("Only ops of this graph (its id or name)"), N_("GRAPH_ID") },
    { NULL }
  };
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(GError) error = NULL;
  TdbgOpsFilter filter;
  guint32 graph_index = TDBG_NONE;

  if (!_tdbg_cli_parse_args (&argc, &argv, _("LOGDIR — every op creation and the line of the program that built it"), entries, 1))
    return 2;
  if ((logdir = _tdbg_cli_open_logdir (argv[1])) == NULL)
    return 2;
  /* A graph is named as export-graph names it: its id, or a name only one graph has. */
  if (graph && (graph_index = tdbg_whole_graph_lookup (logdir, graph, &error)) == TDBG_NONE)
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  filter = (TdbgOpsFilter) { .file = file, .line = line,
                             .graph = graph ? tdbg_logdir_get_graph (logdir, graph_index)->graph_id : NULL };
  if (_tdbg_cli_opt_json)
    {
      TdbgJson *j = tdbg_json_new (TRUE);
      gboolean ok = tdbg_ops_json (j, logdir, &filter, &error);
      _tdbg_cli_print_json (j);
      if (!ok)
        {
          g_printerr ("%s\n", error->message);
          return 2;
        }
    }
  else
    {
      g_autofree char *text = tdbg_ops_text (logdir, &filter);
      printf ("%s", text);
    }
  return 0;
}

/* @graph non-NULL: the whole graph; else the neighbourhood of trace @trace's op. */
static int
export_graph (const char *location, guint trace, guint depth, const char *graph, gboolean collapse,
              const char *format, const char *output)
{
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(GError) error = NULL;
  const char *fmt = tdbg_graph_export_format_from_name (format);
  gboolean ok;

  if (fmt == NULL)
    {
      g_printerr (_("Unknown format “%s”: use png, svg or pdf\n"), format);
      return 2;
    }
  if ((logdir = _tdbg_cli_open_logdir (location)) == NULL)
    return 2;
  ok = graph ? tdbg_graph_export_whole (logdir, graph, collapse, fmt, output, &error)
             : tdbg_graph_export_trace (logdir, trace, depth, fmt, output, &error);
  if (!ok)
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  tdbg_graph_export_shutdown ();
  return 0;
}

int
_tdbg_cli_export_graph (int argc, char **argv)
{
  static gint trace = -1, depth = 2;
  static gboolean collapse;
  static char *format, *output, *graph;
  const GOptionEntry entries[] = {
    { "trace", 0, 0, G_OPTION_ARG_INT, &trace, N_("Graph execution trace whose op is drawn"), N_("INDEX") },
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, N_("Levels of inputs above and consumers below (default 2)"), N_("N") },
    { "graph", 0, 0, G_OPTION_ARG_STRING, &graph, N_("Draw this whole graph instead (its id or name)"), N_("GRAPH_ID") },
    { "collapse-scopes", 0, 0, G_OPTION_ARG_NONE, &collapse, N_("With --graph: one node per top-level name scope"), NULL },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, N_("png, svg or pdf"), N_("FORMAT") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("File to write"), N_("FILE") },
    { NULL }
  };

  if (!_tdbg_cli_parse_args (&argc, &argv, _("LOGDIR — draw an op's graph neighbourhood, or a whole graph, to a file"),
                             entries, 1))
    return 2;
  if ((trace < 0) == (graph == NULL) || output == NULL || depth < 0 || depth > 10)
    {
      g_printerr (_("export-graph needs --trace INDEX or --graph GRAPH_ID, -o FILE and a depth from 0 to 10\n"));
      return 2;
    }
  if (format == NULL)
    format = g_strdup (strrchr (output, '.') ? strrchr (output, '.') + 1 : "");
  return export_graph (argv[1], trace, depth, graph, collapse, format, output);
}
