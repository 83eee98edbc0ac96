/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A tfdbg V1 dump root read as a tfdbg2 logdir: a TdbgSource whose one file set is made from
 * the dump (tdbg-v1-synth.h), so that everything that reads a logdir reads the dump too. Its
 * problems (tdbg_source_get_problems) name the dump's own files. The dump is read once. */

#include "libtdbg-data.h"
#include "tdbg-v1-dump.h"

G_BEGIN_DECLS

#define TDBG_TYPE_V1_SOURCE (tdbg_v1_source_get_type ())
G_DECLARE_FINAL_TYPE (TdbgV1Source, tdbg_v1_source, TDBG, V1_SOURCE, GObject)

/* Lets tdbg_location_open() open V1 dump roots (and single runs' folders) as logdirs: adds
 * this reader as a folder opener. Call once at start, as tdbg_remote_init(). */
void tdbg_v1_init (void);

/* The dump root (or single run's folder) @path, read at the first call that needs its files
 * (so in the loader's worker thread); a folder that cannot be listed is then the error. */
TdbgSource *tdbg_v1_source_new (const char *path);
/* The dump made of @files (TdbgV1File*, taken), described as @description. */
TdbgSource *tdbg_v1_source_new_from_files (GPtrArray *files, const char *description);

/* Writes the made logdir's files into the folder @folder (which must exist). */
gboolean tdbg_v1_source_write_to (TdbgV1Source *self, const char *folder, GError **error);

/* The logdir made of the dump root @path, written into a new temporary folder (for
 * serve-logdir, which sends a folder's files): its path, or NULL. The dump's own problems
 * (TdbgProblem*, named by its files), which the made files do not hold, go to @problems.
 * Remove the folder with tdbg_v1_remove_folder(). */
char *tdbg_v1_make_folder (const char *path, GPtrArray **problems, GError **error);
void tdbg_v1_remove_folder (const char *folder);

G_END_DECLS
