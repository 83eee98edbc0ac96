/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-layout-worker.h"

typedef struct {
  char *dot;
  char *format;   /* NULL for a layout */
  char *path;
} Job;

static void
job_free (Job *job)
{
  g_free (job->dot);
  g_free (job->format);
  g_free (job->path);
  g_free (job);
}

static GAsyncQueue *queue;

static gpointer
worker_main (gpointer data)
{
  for (;;)
    {
      GTask *task = g_async_queue_pop (queue);
      Job *job = g_task_get_task_data (task);
      GError *error = NULL;

      if (g_task_return_error_if_cancelled (task))
        {
          g_object_unref (task);
          continue;
        }
      if (job->format == NULL)
        {
          TdbgGraphLayout *layout = tdbg_graph_layout_dot (job->dot, &error);
          if (layout)
            g_task_return_pointer (task, layout, (GDestroyNotify) tdbg_graph_layout_free);
          else
            g_task_return_error (task, error);
        }
      else if (tdbg_graph_render_dot_file (job->dot, job->format, job->path, &error))
        g_task_return_boolean (task, TRUE);
      else
        g_task_return_error (task, error);
      g_object_unref (task);
    }
  return NULL;
}

static void
submit (GTask *task, Job *job)
{
  static gsize started;

  if (g_once_init_enter (&started))
    {
      queue = g_async_queue_new ();
      g_thread_unref (g_thread_new ("tdbg-graphviz", worker_main, NULL));
      g_once_init_leave (&started, 1);
    }
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_async_queue_push (queue, task);
}

void
tdbg_layout_worker_layout_async (const char *dot, GCancellable *cancellable, GAsyncReadyCallback callback,
                                 gpointer user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  Job *job = g_new0 (Job, 1);

  g_task_set_source_tag (task, tdbg_layout_worker_layout_async);
  job->dot = g_strdup (dot);
  submit (task, job);
}

TdbgGraphLayout *
tdbg_layout_worker_layout_finish (GAsyncResult *result, GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

void
tdbg_layout_worker_export_async (const char *dot, const char *format, const char *path, GCancellable *cancellable,
                                 GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  Job *job = g_new0 (Job, 1);

  g_task_set_source_tag (task, tdbg_layout_worker_export_async);
  job->dot = g_strdup (dot);
  job->format = g_strdup (format);
  job->path = g_strdup (path);
  submit (task, job);
}

gboolean
tdbg_layout_worker_export_finish (GAsyncResult *result, GError **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}
