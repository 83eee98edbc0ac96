/* SPDX-License-Identifier: GPL-3.0-or-later */
/* diff: where two runs of one program first part, as JSON, text or a Markdown report with
 * both neighbourhoods drawn. Exit status 0 when nothing differs, 1 when something does, 2 when
 * a run cannot be read. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>
#include "tdbg-cli-private.h"
#include "libtdbg-compare.h"
#include "libtdbg-graph.h"
#include "libtdbg-data.h"

#define TEXT_WORST_OPS 10

/* report.md → report-a-graph.png, beside it. */
static char *
picture_path_for (const char *report, const char *run)
{
  g_autofree char *stem = g_str_has_suffix (report, ".md") ? g_strndup (report, strlen (report) - 3) : g_strdup (report);
  return g_strdup_printf ("%s-%s-graph.png", stem, run);
}

/* Draws one side's neighbourhood beside the report; its link, NULL when there is nothing to draw. */
static gboolean
draw_side (TdbgComparison *c, gboolean run_b, const char *report, char **link)
{
  g_autofree char *dot = tdbg_comparison_picture_dot (c, run_b);
  g_autofree char *picture = NULL;
  g_autoptr(GError) error = NULL;

  *link = NULL;
  if (dot == NULL)
    return TRUE;
  picture = picture_path_for (report, run_b ? "b" : "a");
  if (!tdbg_graph_render_dot_file (dot, "png", picture, &error))
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }
  *link = g_path_get_basename (picture);
  return TRUE;
}

static gboolean
write_markdown_report (TdbgComparison *c, const char *path)
{
  g_autofree char *link_a = NULL, *link_b = NULL, *text = NULL;
  g_autoptr(GError) error = NULL;

  if (!draw_side (c, FALSE, path, &link_a) || !draw_side (c, TRUE, path, &link_b))
    return FALSE;
  tdbg_graph_export_shutdown ();
  text = tdbg_comparison_markdown (c, link_a, link_b);
  if (!tdbg_write_file (path, text, strlen (text), &error))
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_tolerance (const char *option, const char *text, double *value)
{
  char *end = NULL;
  double v;

  if (text == NULL)
    return TRUE;
  v = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !(v >= 0) || v > 1e300)
    {
      g_printerr (_("%s: “%s” is not a tolerance (a number from 0)\n"), option, text);
      return FALSE;
    }
  *value = v;
  return TRUE;
}

int
_tdbg_cli_diff (int argc, char **argv)
{
  static gboolean markdown;
  static char *output, *rtol, *atol;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &_tdbg_cli_opt_json, N_("Print JSON"), NULL },
    { "rtol", 0, 0, G_OPTION_ARG_STRING, &rtol, N_("Relative tolerance of FULL_TENSOR values (default 1e-5)"), N_("R") },
    { "atol", 0, 0, G_OPTION_ARG_STRING, &atol, N_("Absolute tolerance of FULL_TENSOR values (default 1e-8)"), N_("A") },
    { "markdown", 0, 0, G_OPTION_ARG_NONE, &markdown, N_("Print a Markdown report for a bug or a pull request"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("With --markdown: write the report to FILE and the pictures of both neighbourhoods beside it"), N_("FILE") },
    { NULL }
  };
  g_autoptr(TdbgLogdir) a = NULL, b = NULL;
  g_autoptr(TdbgComparison) comparison = NULL;
  g_autoptr(GError) error = NULL;
  TdbgCompareOptions options;

  tdbg_compare_options_init (&options);
  if (!_tdbg_cli_parse_args (&argc, &argv, _("RUN_A RUN_B — where two runs of one program first part; exit 1 if they do"),
                             entries, 2))
    return 2;
  if (!parse_tolerance ("--rtol", rtol, &options.rtol) || !parse_tolerance ("--atol", atol, &options.atol))
    return 2;
  if (output && !markdown)
    {
      g_printerr (_("diff: -o FILE goes with --markdown\n"));
      return 2;
    }
  if ((a = _tdbg_cli_open_logdir (argv[1])) == NULL)
    return 2;
  /* The comparison reads its own records: what the first run's load read is not held while
   * the second loads. */
  tdbg_logdir_set_keep_read_bytes (a, FALSE);
  if ((b = _tdbg_cli_open_logdir (argv[2])) == NULL)
    return 2;
  tdbg_logdir_set_keep_read_bytes (b, FALSE);
  comparison = tdbg_comparison_new (a, b, &options, NULL, &error);
  if (comparison == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  if (output)
    {
      if (!write_markdown_report (comparison, output))
        return 2;
    }
  else if (_tdbg_cli_opt_json)
    {
      TdbgJson *j = tdbg_json_new (TRUE);
      tdbg_comparison_json (j, comparison);
      _tdbg_cli_print_json (j);
    }
  else
    {
      g_autofree char *text = markdown ? tdbg_comparison_markdown (comparison, NULL, NULL)
                                       : tdbg_comparison_text (comparison, TEXT_WORST_OPS);
      printf ("%s", text);
    }
  return tdbg_comparison_diverges (comparison) ? 1 : 0;
}
