/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Runs a fuzz target once over every file of the directories given: the stored corpus and every
 * past finding. Every build replays them as a test, so that a finding never returns unnoticed.
 * Prints TAP, one case per directory. */
#include <stdio.h>
#include <stdlib.h>
#include <glib.h>

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static int
compare_paths (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* Every file of @dir_path in name order; returns how many were run. */
static guint
replay_directory (const char *dir_path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, &error);
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (dir == NULL)
    {
      printf ("Bail out! %s\n", error->message);
      exit (1);
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    if (name[0] != '.')
      g_ptr_array_add (paths, g_build_filename (dir_path, name, NULL));
  g_ptr_array_sort (paths, compare_paths);
  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = g_ptr_array_index (paths, i);
      g_autofree char *contents = NULL;
      gsize length;

      if (!g_file_get_contents (path, &contents, &length, &error))
        {
          printf ("Bail out! %s\n", error->message);
          exit (1);
        }
      /* A crash or a failed assertion in the target ends the run there, naming the input. */
      printf ("# %s\n", path);
      fflush (stdout);
      LLVMFuzzerTestOneInput ((const guint8 *) contents, length);
    }
  return paths->len;
}

/* One TAP case per directory: the stored corpus, then the past findings. */
int
main (int argc, char **argv)
{
  printf ("1..%d\n", argc - 1);
  for (int i = 1; i < argc; i++)
    {
      guint n = replay_directory (argv[i]);
      printf ("ok %d %s: %u inputs replayed\n", i, argv[i], n);
    }
  return 0;
}
