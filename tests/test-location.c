/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Where a logdir lives: local paths and ssh:// addresses as text and as GFiles, and GVfs
 * locations without a local path refused with an error instead of read from a wrong path. */

#include <string.h>
#include <gio/gio.h>
#include "tdbg-error.h"
#include "tdbg-location.h"

static void
test_local_text (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLocation) location = tdbg_location_parse ("/tmp/some logdir", &error);

  g_assert_no_error (error);
  g_assert_false (tdbg_location_is_remote (location));
  g_assert_cmpstr (tdbg_location_get_text (location), ==, "/tmp/some logdir");
  g_assert_cmpstr (tdbg_location_get_path (location), ==, "/tmp/some logdir");
  g_assert_null (tdbg_location_get_host (location));
  g_assert_false (tdbg_location_text_is_remote ("relative/dir"));
}

static void
test_make_absolute (void)
{
  g_autoptr(TdbgLocation) local = tdbg_location_parse ("runs/../logdir/", NULL);
  g_autoptr(TdbgLocation) remote = tdbg_location_parse ("ssh://gpu-box/runs/../logdir", NULL);
  g_autofree char *cwd = g_get_current_dir ();
  g_autofree char *expected = g_build_filename (cwd, "logdir", NULL);

  tdbg_location_make_absolute (local);
  g_assert_cmpstr (tdbg_location_get_path (local), ==, expected);
  g_assert_cmpstr (tdbg_location_get_text (local), ==, expected);
  tdbg_location_make_absolute (remote);
  g_assert_cmpstr (tdbg_location_get_text (remote), ==, "ssh://gpu-box/runs/../logdir");
}

static void
test_ssh_text (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLocation) location = tdbg_location_parse ("ssh://ana@gpu-box:2222/runs/logdir", &error);

  g_assert_no_error (error);
  g_assert_true (tdbg_location_is_remote (location));
  g_assert_true (tdbg_location_text_is_remote ("ssh://gpu-box/x"));
  g_assert_cmpstr (tdbg_location_get_text (location), ==, "ssh://ana@gpu-box:2222/runs/logdir");
  g_assert_null (tdbg_location_get_path (location));
  g_assert_cmpstr (tdbg_location_get_host (location), ==, "gpu-box");
}

static void
test_bad_ssh_text (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLocation) location = tdbg_location_parse ("ssh://", &error);

  g_assert_null (location);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_INVALID);
}

static void
test_files (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) local = g_file_new_for_path ("/tmp/logdir");
  g_autoptr(GFile) remote = g_file_new_for_uri ("ssh://gpu-box/home/ana/logdir");
  g_autoptr(TdbgLocation) from_local = tdbg_location_new_for_file (local, &error);
  g_autoptr(TdbgLocation) from_remote = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (tdbg_location_get_path (from_local), ==, "/tmp/logdir");
  from_remote = tdbg_location_new_for_file (remote, &error);
  g_assert_no_error (error);
  g_assert_true (tdbg_location_is_remote (from_remote));
  g_assert_cmpstr (tdbg_location_get_host (from_remote), ==, "gpu-box");
}

/* A GVfs location with no local path is an error that names it, never its basename taken for
 * a local folder. */
static void
test_file_without_path (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_file_new_for_uri ("smb://server/share/logdir");
  g_autoptr(TdbgLocation) location = NULL;

  if (g_file_peek_path (file) != NULL)
    {
      g_test_skip ("a GVfs FUSE mount gives smb:// files a local path here");
      return;
    }
  location = tdbg_location_new_for_file (file, &error);
  g_assert_null (location);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "smb://server/share/logdir"));
}

static void
test_open_local (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLocation) location = tdbg_location_parse (g_get_tmp_dir (), &error);
  g_autoptr(TdbgSource) source = tdbg_location_open (location, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (source);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/location/local-text", test_local_text);
  g_test_add_func ("/location/make-absolute", test_make_absolute);
  g_test_add_func ("/location/ssh-text", test_ssh_text);
  g_test_add_func ("/location/bad-ssh-text", test_bad_ssh_text);
  g_test_add_func ("/location/files", test_files);
  g_test_add_func ("/location/file-without-path", test_file_without_path);
  g_test_add_func ("/location/open-local", test_open_local);
  return g_test_run ();
}
