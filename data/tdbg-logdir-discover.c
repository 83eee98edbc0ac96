/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Finding a logdir's file sets and reading their metadata: the run a set belongs to, its
 * TensorFlow version, and a metadata file written after the set was found. */

#include "tdbg-logdir-private.h"

#include <string.h>
#include <glib/gi18n.h>

#define FILE_PREFIX "tfdbg_events."

/* Splits "tfdbg_events.<T>.<host>.<suffix>"; host names may contain dots, so the
 * timestamp is taken from the left and the suffix from the right. */
gboolean
tdbg_parse_file_name (const char *name, char **prefix, TdbgFileKind *kind)
{
  if (!g_str_has_prefix (name, FILE_PREFIX))
    return FALSE;
  for (guint k = 0; k < TDBG_N_FILE_KINDS; k++)
    {
      const char *suffix = tdbg_file_kind_suffix (k);
      gsize name_len = strlen (name), suffix_len = strlen (suffix);
      if (name_len > suffix_len + strlen (FILE_PREFIX) + 1 &&
          name[name_len - suffix_len - 1] == '.' &&
          strcmp (name + name_len - suffix_len, suffix) == 0)
        {
          *prefix = g_strndup (name, name_len - suffix_len - 1);
          *kind = k;
          return TRUE;
        }
    }
  return FALSE;
}

static TdbgFileSet *
file_set_new (const char *prefix)
{
  TdbgFileSet *fs = g_new0 (TdbgFileSet, 1);
  const char *rest = prefix + strlen (FILE_PREFIX);
  const char *dot = strchr (rest, '.');

  fs->file_prefix = g_strdup (prefix);
  fs->prefix_timestamp = g_ascii_strtoll (rest, NULL, 10);
  fs->host_name = g_strdup (dot ? dot + 1 : "");
  return fs;
}

static TdbgFileSet *
find_file_set (GPtrArray *sets, const char *prefix)
{
  for (guint i = 0; i < sets->len; i++)
    {
      TdbgFileSet *fs = g_ptr_array_index (sets, i);
      if (g_str_equal (fs->file_prefix, prefix))
        return fs;
    }
  return NULL;
}

static gboolean
take_first_record (const TdbgRecord *record, gpointer user_data)
{
  *(TdbgRecord *) user_data = *record;
  return FALSE;
}


/* Reads the metadata record of a new file set. */
static void
read_metadata (TdbgLogdir *self, TdbgFileSet *fs, GCancellable *cancellable)
{
  TdbgFileState *state = &fs->files[TDBG_FILE_METADATA];
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_problem_free);
  TdbgScanResult result;
  TdbgRecord first = { 0 };
  Tensorflow__DebugEvent *event;
  gsize size;
  const guint8 *data;

  if (state->file_name == NULL)
    {
      g_autofree char *name = g_strconcat (fs->file_prefix, ".metadata", NULL);
      tdbg_logdir_add_read_failure (self, name, 0, _("the metadata file is missing; the other files of this set are read without it"));
      return;
    }
  bytes = tdbg_source_read (self->source, state->file_name, 0, G_MAXSIZE, cancellable, &error);
  if (bytes == NULL)
    {
      tdbg_logdir_add_problem (self, state->file_name, 0, error->message);
      return;
    }
  data = g_bytes_get_data (bytes, &size);
  tdbg_record_scan (data, size, 0, state->file_name, problems, NULL, NULL, &result);
  tdbg_logdir_take_problems (self, problems);
  state->size_bytes = size;
  state->records = result.n_records;
  state->resume_offset = result.resume_offset;
  state->partial_tail = result.partial_tail;
  state->partial_tail_bytes = result.partial_tail_bytes;
  if (result.n_records == 0)
    {
      /* Until the writer's first flush: read again by the next refresh (retry_metadata()). */
      tdbg_logdir_add_read_failure (self, state->file_name, 0,
                                    size == 0 ? _("the metadata file is empty: no run id or TensorFlow version")
                                              : _("the metadata file holds no intact record"));
      return;
    }

  tdbg_record_scan (data, size, 0, state->file_name, NULL, take_first_record, &first, &result);
  event = _tdbg_logdir_unpack_event (self, state->file_name, &first);
  if (event == NULL)
    return;
  if (event->what_case == TENSORFLOW__DEBUG_EVENT__WHAT_DEBUG_METADATA)
    {
      Tensorflow__DebugMetadata *m = event->debug_metadata;
      fs->has_metadata = TRUE;
      fs->metadata_wall_time = event->wall_time;
      fs->tfdbg_run_id = g_strdup (m->tfdbg_run_id);
      fs->tensorflow_version = g_strdup (m->tensorflow_version);
      fs->file_version = g_strdup (m->file_version);
      if (m->file_version && *m->file_version && !g_str_equal (m->file_version, "debug.Event:1"))
        {
          g_autofree char *message = g_strdup_printf (_("unknown file version “%s”; reading it as debug.Event:1"), m->file_version);
          tdbg_logdir_add_problem (self, state->file_name, first.offset, message);
        }
    }
  else
    tdbg_logdir_add_problem (self, state->file_name, first.offset, _("the first record is not DebugMetadata"));
  tensorflow__debug_event__free_unpacked (event, NULL);
}

static double
file_set_sort_key (const TdbgFileSet *fs)
{
  return fs->has_metadata ? fs->metadata_wall_time : (double) fs->prefix_timestamp;
}

static gint
compare_file_sets (gconstpointer a, gconstpointer b)
{
  const TdbgFileSet *x = *(TdbgFileSet *const *) a, *y = *(TdbgFileSet *const *) b;
  double kx = file_set_sort_key (x), ky = file_set_sort_key (y);
  return kx < ky ? -1 : kx > ky ? 1 : strcmp (x->file_prefix, y->file_prefix);
}

/* The run's id and TensorFlow version are those of the first file set that names them. */
static void
adopt_run_facts (TdbgLogdir *self, const TdbgFileSet *fs)
{
  if (self->run_id == NULL && fs->tfdbg_run_id && *fs->tfdbg_run_id)
    self->run_id = g_strdup (fs->tfdbg_run_id);
  if (self->tensorflow_version == NULL && fs->tensorflow_version && *fs->tensorflow_version)
    self->tensorflow_version = g_strdup (fs->tensorflow_version);
}

/* A file set whose metadata file was missing, empty or cut when first read (a run opened as
 * TensorFlow created its files) has it read again: once written, what was said of it is
 * withdrawn and the run's facts are taken from it. */
static void
retry_metadata (TdbgLogdir *self, GCancellable *cancellable)
{
  for (guint i = 0; i < self->file_sets->len; i++)
    {
      TdbgFileSet *fs = g_ptr_array_index (self->file_sets, i);
      g_autofree char *name = NULL;
      guint64 size;

      /* Only once it has grown: what was said of it stays said meanwhile. */
      if (fs->has_metadata || fs->files[TDBG_FILE_METADATA].file_name == NULL ||
          !tdbg_source_get_size (self->source, fs->files[TDBG_FILE_METADATA].file_name, &size, cancellable, NULL) ||
          size == fs->files[TDBG_FILE_METADATA].size_bytes)
        continue;
      name = g_strdup (fs->files[TDBG_FILE_METADATA].file_name);
      tdbg_logdir_withdraw_read_failures (self, name);
      g_free (fs->files[TDBG_FILE_METADATA].file_name);
      fs->files[TDBG_FILE_METADATA] = (TdbgFileState) { .file_name = g_steal_pointer (&name) };
      read_metadata (self, fs, cancellable);
      adopt_run_facts (self, fs);
    }
}

/* Finds file sets not seen before; returns how many were added. Several runs in one
 * directory: the run of the earliest file set is shown, the others are reported. */
guint
_tdbg_logdir_discover (TdbgLogdir *self, GCancellable *cancellable, GError **error)
{
  g_auto(GStrv) names = tdbg_source_list_files (self->source, cancellable, error);
  g_autoptr(GPtrArray) found = g_ptr_array_new ();
  guint added = 0;

  if (names == NULL)
    return G_MAXUINT;
  for (char **n = names; *n; n++)
    {
      g_autofree char *prefix = NULL;
      TdbgFileKind kind;
      TdbgFileSet *fs;

      if (!tdbg_parse_file_name (*n, &prefix, &kind) || g_hash_table_contains (self->ignored_prefixes, prefix))
        continue;
      fs = find_file_set (self->file_sets, prefix);
      if (fs != NULL)
        {
          /* A file the writer created after the others of its set. */
          if (fs->files[kind].file_name == NULL)
            fs->files[kind].file_name = g_strdup (*n);
          continue;
        }
      fs = find_file_set (found, prefix);
      if (fs == NULL)
        {
          fs = file_set_new (prefix);
          g_ptr_array_add (found, fs);
        }
      fs->files[kind].file_name = g_strdup (*n);
    }

  retry_metadata (self, cancellable);
  for (guint i = 0; i < found->len; i++)
    read_metadata (self, g_ptr_array_index (found, i), cancellable);
  g_ptr_array_sort (found, compare_file_sets);

  for (guint i = 0; i < found->len; i++)
    {
      TdbgFileSet *fs = g_ptr_array_index (found, i);
      gboolean other_run = self->run_id && fs->tfdbg_run_id && *fs->tfdbg_run_id &&
                           !g_str_equal (self->run_id, fs->tfdbg_run_id);
      if (other_run || self->file_sets->len >= TDBG_MAX_FILE_SETS)
        {
          g_autofree char *message = other_run
            ? g_strdup_printf (_("file set of another run (%s, not %s); not shown"), fs->tfdbg_run_id, self->run_id)
            : g_strdup_printf (_("more than %d file sets; this one is not shown"), TDBG_MAX_FILE_SETS);
          tdbg_logdir_add_problem (self, fs->file_prefix, 0, message);
          g_hash_table_add (self->ignored_prefixes, g_strdup (fs->file_prefix));
          tdbg_file_set_free (fs);
          continue;
        }
      adopt_run_facts (self, fs);
      g_ptr_array_add (self->file_sets, fs);
      added++;
    }
  return added;
}
