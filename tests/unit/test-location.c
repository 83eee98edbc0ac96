/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Where a logdir lives: local paths and ssh:// addresses as text and as GFiles, and GVfs
 * locations without a local path refused with an error instead of read from a wrong path.
 * ssh:// addresses are read once data/remote/ registered itself, and refused before (or in a
 * build without it). */

#include <string.h>
#include <gio/gio.h>
#include "tdbg-error.h"
#include "tdbg-location.h"
#ifdef TDBG_WITH_REMOTE
#include "tdbg-remote.h"
#endif

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

/* Runs before the remote reader is registered: an ssh:// address is recognised as one, and
 * refused with a message naming it; local paths open as ever. */
static void
test_without_remote (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TdbgLocation) remote = NULL;
  g_autoptr(TdbgLocation) local = tdbg_location_parse ("/tmp/some logdir", NULL);
  g_autoptr(GFile) file = g_file_new_for_uri ("ssh://gpu-box/home/ana/logdir");
  g_auto(GStrv) schemes = tdbg_location_list_remote_schemes ();

  g_assert_cmpuint (g_strv_length (schemes), ==, 0);
  g_assert_false (tdbg_location_can_open_remote ("ssh://gpu-box/x"));
  g_assert_true (tdbg_location_text_is_remote ("SSH://gpu-box/x"));
  remote = tdbg_location_parse ("ssh://gpu-box/runs/logdir", &error);
  g_assert_null (remote);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "ssh://gpu-box/runs/logdir"));
  g_assert_nonnull (strstr (error->message, "no remote access"));
  g_clear_error (&error);
  /* Object storage, whose folder this program has not added either: named by its scheme. */
  for (guint i = 0; i < 2; i++)
    {
      const char *address = i == 0 ? "s3://logs/run" : "gs://logs/run";
      g_assert_true (tdbg_location_text_is_remote (address));
      g_assert_false (tdbg_location_can_open_remote (address));
      g_assert_null (tdbg_location_parse (address, &error));
      g_assert_error (error, TDBG_ERROR, TDBG_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, address));
      g_assert_nonnull (strstr (error->message, i == 0 ? "read s3 addresses" : "read gs addresses"));
      g_clear_error (&error);
    }
  remote = tdbg_location_new_for_file (file, &error);
  g_assert_null (remote);
  g_assert_error (error, TDBG_ERROR, TDBG_ERROR_INVALID);
  g_assert_nonnull (local);
  g_assert_false (tdbg_location_is_remote (local));
}

static void
test_make_absolute (void)
{
  g_autoptr(TdbgLocation) local = tdbg_location_parse ("runs/../logdir/", NULL);
  g_autofree char *cwd = g_get_current_dir ();
  g_autofree char *expected = g_build_filename (cwd, "logdir", NULL);

  tdbg_location_make_absolute (local);
  g_assert_cmpstr (tdbg_location_get_path (local), ==, expected);
  g_assert_cmpstr (tdbg_location_get_text (local), ==, expected);
}

#ifdef TDBG_WITH_REMOTE
static void
test_register_remote (void)
{
  const char *const expected[] = { "ssh://", NULL };
  g_auto(GStrv) schemes = NULL;

  tdbg_remote_init ();
  g_assert_true (tdbg_location_can_open_remote ("ssh://gpu-box/x"));
  schemes = tdbg_location_list_remote_schemes ();
  g_assert_true (g_strv_equal ((const char *const *) schemes, expected));
}

static void
test_make_absolute_remote (void)
{
  g_autoptr(TdbgLocation) remote = tdbg_location_parse ("ssh://gpu-box/runs/../logdir", NULL);

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

#endif

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
  /* In the order added: the first runs before data/remote/ registers itself. */
  g_test_add_func ("/location/without-remote", test_without_remote);
  g_test_add_func ("/location/local-text", test_local_text);
  g_test_add_func ("/location/make-absolute", test_make_absolute);
  g_test_add_func ("/location/file-without-path", test_file_without_path);
  g_test_add_func ("/location/open-local", test_open_local);
#ifdef TDBG_WITH_REMOTE
  g_test_add_func ("/location/register-remote", test_register_remote);
  g_test_add_func ("/location/make-absolute-remote", test_make_absolute_remote);
  g_test_add_func ("/location/ssh-text", test_ssh_text);
  g_test_add_func ("/location/bad-ssh-text", test_bad_ssh_text);
  g_test_add_func ("/location/files", test_files);
#endif
  return g_test_run ();
}
