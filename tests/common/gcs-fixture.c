/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "gcs-fixture.h"

#include <glib/gstdio.h>

#include "test-env.h"
#include "test-util.h"

void
gcs_fixture_start (GcsFixture *fixture, const char *python, guint paged_objects)
{
  g_autofree char *mnist = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autofree char *mnist_upload = g_strconcat ("runs/mnist=", mnist, NULL);
  g_autofree char *paged_upload = g_strdup_printf ("paged=count:%u", paged_objects);
  g_autofree char *script = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "common", "gcs-server.py", NULL);
  g_autoptr(GDataInputStream) out = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  g_auto(GStrv) parts = NULL;

  fixture->home = g_dir_make_tmp ("tdbg-gcs-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->keys = g_build_filename (fixture->home, "keys", NULL);
  g_assert_cmpint (g_mkdir_with_parents (fixture->keys, 0700), ==, 0);
  fixture->server = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error, python,
                                      script, fixture->keys, GCS_FIXTURE_BUCKET, mnist_upload, paged_upload, NULL);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (fixture->server));
  line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (line);
  parts = g_strsplit (line, " ", -1);
  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  fixture->emulator_host = g_strdup (parts[0]);
  fixture->front = g_strdup (parts[1]);
}

void
gcs_fixture_stop (GcsFixture *fixture)
{
  g_output_stream_close (g_subprocess_get_stdin_pipe (fixture->server), NULL, NULL);
  g_subprocess_wait (fixture->server, NULL, NULL);
  g_clear_object (&fixture->server);
  test_remove_tree (fixture->home);
  g_clear_pointer (&fixture->home, g_free);
  g_clear_pointer (&fixture->keys, g_free);
  g_clear_pointer (&fixture->emulator_host, g_free);
  g_clear_pointer (&fixture->front, g_free);
}
