/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "gcs-fixture.h"

#include <glib/gstdio.h>

#include "test-env.h"
#include "test-util.h"

void
gcs_fixture_start (GcsFixture *fixture, const char *python, const char *const *uploads)
{
  g_autofree char *mnist = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autofree char *mnist_upload = g_strconcat ("runs/mnist=", mnist, NULL);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *script = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "common", "gcs-server.py", NULL);
  g_autoptr(GDataInputStream) out = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  g_auto(GStrv) parts = NULL;

  fixture->python = g_strdup (python);
  fixture->home = g_dir_make_tmp ("tdbg-gcs-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->keys = g_build_filename (fixture->home, "keys", NULL);
  g_assert_cmpint (g_mkdir_with_parents (fixture->keys, 0700), ==, 0);
  g_ptr_array_add (argv, (gpointer) python);
  g_ptr_array_add (argv, script);
  g_ptr_array_add (argv, fixture->keys);
  g_ptr_array_add (argv, GCS_FIXTURE_BUCKET);
  g_ptr_array_add (argv, mnist_upload);
  for (const char *const *u = uploads; u && *u; u++)
    g_ptr_array_add (argv, (gpointer) *u);
  g_ptr_array_add (argv, NULL);
  fixture->server = g_subprocess_newv ((const char *const *) argv->pdata,
                                       G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
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
  g_clear_pointer (&fixture->python, g_free);
}

void
gcs_fixture_upload (GcsFixture *fixture, const char *folder, const char *prefix)
{
  /* Multipart uploads: the emulator's media upload fails on an empty object (a metadata file
   * not yet flushed). */
  static const char script[] =
    "import json, os, sys, urllib.request\n"
    "host, bucket, folder, prefix = sys.argv[1:]\n"
    "url = f'http://{host}/upload/storage/v1/b/{bucket}/o?uploadType=multipart'\n"
    "headers = {'Content-Type': 'multipart/related; boundary=tfdbg-part'}\n"
    "for top, _, names in os.walk(folder):\n"
    "    for name in sorted(names):\n"
    "        path = os.path.join(top, name)\n"
    "        with open(path, 'rb') as f:\n"
    "            data = f.read()\n"
    "        about = json.dumps({'name': prefix + '/' + os.path.relpath(path, folder)})\n"
    "        body = (f'--tfdbg-part\\r\\nContent-Type: application/json\\r\\n\\r\\n{about}\\r\\n'\n"
    "                '--tfdbg-part\\r\\nContent-Type: application/octet-stream\\r\\n\\r\\n').encode()\n"
    "        body += data + b'\\r\\n--tfdbg-part--\\r\\n'\n"
    "        request = urllib.request.Request(url, data=body, method='POST', headers=headers)\n"
    "        urllib.request.urlopen(request, timeout=30).read()\n";
  const char *argv[] = { fixture->python, "-c", script, fixture->emulator_host, GCS_FIXTURE_BUCKET, folder, prefix,
                         NULL };
  g_autoptr(GError) error = NULL;
  gint status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}
