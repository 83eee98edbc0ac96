/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A whole logdir built from fuzz input: the input is cut into the six files of one file set
 * (at 0xFF 0x00 0xFF separators), loaded, linked, every trace and execution decoded and
 * reported as the command line would, and the first alert walked back to its root cause. */
#include <string.h>
#include <glib.h>

#include "tdbg-fixture-writer.h"
#include "tdbg-logdir.h"
#include "tdbg-memory-source.h"
#include "tdbg-neighbourhood.h"
#include "tdbg-root-cause.h"
#include "tdbg-value.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static void
exercise (TdbgLogdir *logdir)
{
  g_autoptr(TdbgRootCause) cause = tdbg_root_cause_find (logdir);

  g_assert_nonnull (cause->explanation);
  for (guint i = 0; i < MIN (tdbg_logdir_get_n_traces (logdir), 64); i++)
    {
      Tensorflow__DebugEvent *event = tdbg_logdir_read_trace (logdir, i, NULL);
      const TdbgOp *op = tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, i)));
      g_autoptr(GPtrArray) frames = tdbg_logdir_resolve_stack (logdir, op->stack_frame_ids);
      g_autoptr(TdbgNeighbourhood) hood = tdbg_neighbourhood_new (logdir, tdbg_trace_digest_get_op (tdbg_logdir_get_trace (logdir, i)), 3, 3, 50);
      g_autofree char *dot = tdbg_neighbourhood_to_dot (hood, logdir, FALSE, TDBG_DOT_SHORT_NAMES);
      gint user;

      g_assert_true (g_str_has_prefix (dot, "digraph"));
      user = tdbg_stack_innermost_user_frame (frames);
      if (user >= 0)
        tdbg_logdir_get_frame_line (logdir, g_ptr_array_index (frames, user));
      if (event != NULL)
        {
          TdbgValue v;
          if (event->what_case == TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_EXECUTION_TRACE)
            {
              tdbg_value_init (&v, event->graph_execution_trace->tensor_debug_mode, event->graph_execution_trace->tensor_proto);
              if (v.decoded && v.mode == 7)
                g_free (tdbg_tensor_format (&v.tensor, 100));
              tdbg_value_clear (&v);
            }
          tensorflow__debug_event__free_unpacked (event, NULL);
        }
    }
  for (guint i = 0; i < MIN (tdbg_logdir_get_n_executions (logdir), 64); i++)
    {
      Tensorflow__DebugEvent *event = tdbg_logdir_read_execution (logdir, i, NULL);
      if (event != NULL)
        tensorflow__debug_event__free_unpacked (event, NULL);
    }
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr(TdbgSource) source = tdbg_memory_source_new ();
  g_autoptr(TdbgLogdir) logdir = NULL;
  gsize start = 0;
  guint kind = 0;

  for (gsize i = 0; i <= size && kind < TDBG_N_FILE_KINDS; i++)
    if (i == size || (i + 3 <= size && data[i] == 0xFF && data[i + 1] == 0x00 && data[i + 2] == 0xFF))
      {
        g_autofree char *name = g_strdup_printf ("tfdbg_events.1700000000.fuzz.host.%s", tdbg_file_kind_suffix (kind++));
        g_autoptr(GBytes) bytes = g_bytes_new (data + start, i - start);
        tdbg_memory_source_set_file (TDBG_MEMORY_SOURCE (source), name, bytes);
        start = i + 3;
        i += 2;
      }
  logdir = tdbg_logdir_new (source);
  if (tdbg_logdir_load (logdir, NULL, NULL))
    {
      exercise (logdir);
      tdbg_logdir_refresh (logdir, NULL, NULL, NULL);
    }
  return 0;
}
