/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A tfdbg V1 dump root built from fuzz input: the input is cut into files at 0xFF 0x00 0xFF
 * separators, each a path ("/"-separated, up to a NUL byte) and then its bytes. The dump is read,
 * made into a logdir, loaded, and every trace decoded as the command line would. */
#include <string.h>
#include <glib.h>

#include "tdbg-logdir.h"
#include "tdbg-value.h"
#include "tdbg-v1-source.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static void
add_file (GPtrArray *files, const guint8 *data, gsize length)
{
  const guint8 *nul = memchr (data, 0, length);
  g_autofree char *path = NULL;
  g_autoptr(GBytes) bytes = NULL;

  if (nul == NULL)
    return;
  path = g_strndup ((const char *) data, nul - data);
  bytes = g_bytes_new (nul + 1, length - (nul + 1 - data));
  g_ptr_array_add (files, tdbg_v1_file_new (path, bytes));
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  GPtrArray *files = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_v1_file_free);
  g_autoptr(TdbgSource) source = NULL;
  g_autoptr(TdbgLogdir) logdir = NULL;
  gsize start = 0;

  for (gsize i = 0; i <= size && files->len < 256; i++)
    if (i == size || (i + 3 <= size && data[i] == 0xFF && data[i + 1] == 0x00 && data[i + 2] == 0xFF))
      {
        add_file (files, data + start, i - start);
        start = i + 3;
        i += 2;
      }
  source = tdbg_v1_source_new_from_files (files, "fuzz");
  logdir = tdbg_logdir_new (source);
  if (!tdbg_logdir_load (logdir, NULL, NULL))
    return 0;
  for (guint i = 0; i < MIN (tdbg_logdir_get_n_traces (logdir), 64); i++)
    {
      Tensorflow__DebugEvent *event = tdbg_logdir_read_trace (logdir, i, NULL);
      /* What the source made must be what the reader reads: every trace decodes. */
      g_assert_nonnull (event);
      g_assert_cmpint (event->what_case, ==, TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_EXECUTION_TRACE);
      {
        TdbgValue v;
        tdbg_value_init (&v, event->graph_execution_trace->tensor_debug_mode, event->graph_execution_trace->tensor_proto);
        if (v.decoded)
          g_free (tdbg_tensor_format (&v.tensor, 100));
        tdbg_value_clear (&v);
      }
      tensorflow__debug_event__free_unpacked (event, NULL);
    }
  for (guint i = 0; i < tdbg_logdir_get_n_executions (logdir); i++)
    {
      Tensorflow__DebugEvent *event = tdbg_logdir_read_execution (logdir, i, NULL);
      g_assert_nonnull (event);
      tensorflow__debug_event__free_unpacked (event, NULL);
    }
  /* Nothing the dump holds is a problem of the made files themselves. */
  for (guint i = 0; i < tdbg_logdir_get_problems (logdir)->len; i++)
    g_assert_false (g_str_has_prefix (((TdbgProblem *) g_ptr_array_index (tdbg_logdir_get_problems (logdir), i))->file_name,
                                      "tfdbg_events."));
  return 0;
}
