/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What a new user still trips on, in the window: a logdir file that is a symbolic link is named
 * in the problems banner. */

#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "gui-util.h"
#include "test-env.h"
#include "test-util.h"

/* A copy of the reference tutorial logdir whose .source_files is a symbolic link to the
 * original; *@linked is that file's name. */
static char *
make_linked_logdir (char **linked)
{
  g_autofree char *original = test_env_shared_path ("tutorial_mnist", "logdir", NULL);
  g_autoptr(GDir) dir = g_dir_open (original, 0, NULL);
  char *copy = test_make_temp_dir ();
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)))
    {
      g_autofree char *from = g_build_filename (original, name, NULL);
      g_autofree char *to = g_build_filename (copy, name, NULL);
      g_autofree char *contents = NULL;
      gsize length;

      if (g_str_has_suffix (name, ".source_files"))
        {
          g_assert_cmpint (symlink (from, to), ==, 0);
          *linked = g_strdup (name);
          continue;
        }
      g_assert_true (g_file_get_contents (from, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (to, contents, length, NULL));
    }
  g_assert_nonnull (*linked);
  return copy;
}

static void
test_symbolic_link_named (void)
{
  g_autofree char *linked = NULL;
  g_autofree char *dir = make_linked_logdir (&linked);
  TdbgWindow *window = gui_open_window (dir);
  const char *banner = tdbg_window_get_problems_text (window);

  g_test_message ("banner: %s", banner);
  g_assert_nonnull (strstr (banner, linked));
  g_assert_nonnull (strstr (banner, "a symbolic link, not followed"));
  g_assert_cmpuint (tdbg_logdir_get_n_traces (tdbg_selection_get_logdir (tdbg_window_get_selection (window))), >, 0);
  gui_shot (GTK_WIDGET (window), "first-use-symbolic-link.png");
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/first-use/symbolic-link-named", test_symbolic_link_named);
  return g_test_run ();
}
