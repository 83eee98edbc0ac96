/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Helpers shared by the test programs: scratch folders, loading a logdir that must load,
 * finding ops, and the facts EXPECTED.json states of the reference logdirs. */

#include "tdbg-logdir.h"

G_BEGIN_DECLS

/* A new empty folder under the temporary folder. */
char *test_make_temp_dir (void);
/* Removes @path and, for a folder, everything in it. */
void test_remove_tree (const char *path);
/* Loads @path, failing the test when it cannot be read. */
TdbgLogdir *test_load_logdir (const char *path);
/* The logdir @source reads, loaded; NULL (with @error set) when it cannot be, or when
 * @source is NULL (its making failed, @error already set). Takes @source. */
TdbgLogdir *test_load_source (TdbgSource *source, GError **error);
/* The index of the op named @name in @logdir, or TDBG_NONE. */
guint32 test_find_op (TdbgLogdir *logdir, const char *name);

/* Runs the build's command line ($TDBG_CLI) with the arguments up to NULL: its standard
 * output (to be freed), its exit status in @status (-1 when it did not exit). */
char *test_run_cli (int *status, const char *first, ...) G_GNUC_NULL_TERMINATED;

/* Asserts that @remote holds the index @local does (a load over SSH against a local one):
 * counts, problems, file states and every digest. */
void test_assert_same_logdir (TdbgLogdir *remote, TdbgLogdir *local);
/* Asserts that @remote reads what @local does: each of @local's files has the same size and
 * the same bytes in a range a third of the way in, and a read past the end gives none. */
void test_assert_same_bytes (TdbgSource *remote, TdbgSource *local);

/* Flips one bit @at bytes into the record that starts at or after @fraction of @contents. */
void test_damage_record (char *contents, gsize length, double fraction, gsize at);

/* The EXPECTED.json of the reference @scenario from where @key is first found in it (to be
 * freed): the tests read the JSON as text, needing no JSON library. */
char *test_expected_entry (const char *scenario, const char *key);
/* The count @key of the entry named @name in EXPECTED.json of @scenario, from its section
 * @counts_key ("counts" or "robust_reader_counts"); -1 when it states none. */
gint64 test_expected_count (const char *scenario, const char *name, const char *counts_key, const char *key);
/* The graph execution traces of each host (host name → count, as GUINT_TO_POINTER) that
 * EXPECTED.json of @scenario states in the file sets of its first logdir. */
GHashTable *test_expected_traces_per_host (const char *scenario);

G_END_DECLS
