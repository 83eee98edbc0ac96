/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The commands that show one event in full: trace, execution and tensor (its values,
 * printed or written as .npy). */
#include "config.h"

#include <stdio.h>
#include <glib/gi18n.h>
#include "tdbg-cli-private.h"
#include "libtdbg-data.h"
#include "libtdbg-report.h"

/* Writes event @index of @logdir (a trace or an execution) to @json, or appends its text to
 * @text; FALSE after printing why not. */
static gboolean
write_event (TdbgLogdir *logdir, guint index, gboolean trace, TdbgJson *json, GString *text)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (json != NULL)
    ok = trace ? tdbg_report_trace_json (json, logdir, index, &error)
               : tdbg_report_execution_json (json, logdir, index, -1, &error);
  else
    {
      g_autofree char *one = trace ? tdbg_report_trace_text (logdir, index, &error)
                                   : tdbg_report_execution_text (logdir, index, &error);
      if ((ok = one != NULL))
        g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", one);
    }
  if (!ok)
    g_printerr ("%s\n", error->message);
  return ok;
}

/* trace and execution: one event in full, or several (a JSON array of them, or their texts
 * apart by a blank line), so that a script reads many with one load of the logdir. */
static int
cmd_event (int argc, char **argv, gboolean trace)
{
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree guint *indices = NULL;
  guint n = 0;
  TdbgJson *json = NULL;

  if (!_tdbg_cli_parse_args_at_least (&argc, &argv, trace ? _("LOGDIR INDEX… — graph execution traces in full")
                                               : _("LOGDIR INDEX… — executions in full"), _tdbg_cli_json_entries, 2))
    return 2;
  indices = g_new (guint, argc - 2);
  for (n = 0; n < (guint) argc - 2; n++)
    if (!_tdbg_cli_parse_index (argv[n + 2], &indices[n]))
      return 2;
  if ((logdir = _tdbg_cli_open_logdir (argv[1])) == NULL)
    return 2;
  if (_tdbg_cli_opt_json)
    json = tdbg_json_new (TRUE);
  if (json != NULL && n > 1)
    tdbg_json_begin_array (json);
  for (guint i = 0; i < n; i++)
    if (!write_event (logdir, indices[i], trace, json, text))
      {
        if (json != NULL)
          tdbg_json_free (json);
        return 2;
      }
  if (json == NULL)
    {
      printf ("%s", text->str);
      return 0;
    }
  if (n > 1)
    tdbg_json_end_array (json);
  _tdbg_cli_print_json (json);
  return 0;
}

int _tdbg_cli_trace (int argc, char **argv) { return cmd_event (argc, argv, TRUE); }
int _tdbg_cli_execution (int argc, char **argv) { return cmd_event (argc, argv, FALSE); }

/* The TensorProto of a trace, or of output @slot of an execution; the event owns it. */
static const Tensorflow__TensorProto *
find_tensor (TdbgLogdir *logdir, guint index, gboolean execution, guint slot,
             Tensorflow__DebugEvent **event, guint *mode, GError **error)
{
  *event = execution ? tdbg_logdir_read_execution (logdir, index, error) : tdbg_logdir_read_trace (logdir, index, error);
  if (*event == NULL)
    return NULL;
  if (!execution)
    {
      *mode = (*event)->graph_execution_trace->tensor_debug_mode;
      return (*event)->graph_execution_trace->tensor_proto;
    }
  *mode = (*event)->execution->tensor_debug_mode;
  if (slot >= (*event)->execution->n_tensor_protos)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID, _("execution %u has no output %u"), index, slot);
      return NULL;
    }
  return (*event)->execution->tensor_protos[slot];
}

int
_tdbg_cli_tensor (int argc, char **argv)
{
  static gboolean npy, execution;
  static gint slot;
  static char *output;
  const GOptionEntry entries[] = {
    { "npy", 0, 0, G_OPTION_ARG_NONE, &npy, N_("Write the values as a NumPy .npy file"), NULL },
    { "execution", 0, 0, G_OPTION_ARG_NONE, &execution, N_("INDEX is an eager execution, not a graph execution trace"), NULL },
    { "slot", 0, 0, G_OPTION_ARG_INT, &slot, N_("Output slot of the execution (default 0)"), N_("N") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("File to write"), N_("FILE") },
    { NULL }
  };
  g_autoptr(TdbgLogdir) logdir = NULL;
  g_autoptr(GError) error = NULL;
  Tensorflow__DebugEvent *event = NULL;
  const Tensorflow__TensorProto *proto;
  TdbgTensor tensor;
  guint index, mode = 0;
  int status = 2;

  if (!_tdbg_cli_parse_args (&argc, &argv, _("LOGDIR INDEX — the values of a FULL_TENSOR trace or execution output"), entries, 2))
    return 2;
  if (npy && output == NULL)
    {
      g_printerr (_("--npy needs -o FILE\n"));
      return 2;
    }
  if (!_tdbg_cli_parse_index (argv[2], &index) || (logdir = _tdbg_cli_open_logdir (argv[1])) == NULL)
    return 2;
  proto = find_tensor (logdir, index, execution, (guint) MAX (slot, 0), &event, &mode, &error);
  if (proto != NULL && mode != TDBG_MODE_FULL_TENSOR)
    g_set_error (&error, TDBG_ERROR, TDBG_ERROR_INVALID,
                 _("%u was recorded in %s mode, which keeps no tensor values"), index, tdbg_debug_mode_name (mode));
  else if (proto != NULL && tdbg_tensor_init (&tensor, proto, &error))
    {
      if (npy && tdbg_npy_write (&tensor, output, &error))
        status = 0;
      else if (!npy)
        {
          g_autofree char *text = tdbg_tensor_format (&tensor, 1000);
          printf ("%s\n", text);
          status = 0;
        }
    }
  if (error)
    g_printerr ("%s\n", error->message);
  if (event)
    tensorflow__debug_event__free_unpacked (event, NULL);
  return status;
}
