/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Where a logdir lives, decided in one place: a folder on this machine, or an address (ssh://,
 * s3://, gs://). The command line, the window, its start page and the SSH prompt all parse what
 * they are given here and open it into a TdbgSource with tdbg_location_open(). Each kind of
 * address is read by the folder that registers an opener for its scheme (data/remote/'s
 * tdbg_remote_init() for ssh://, data/storage/'s tdbg_storage_init() for s3://); in a build
 * without it the address is still recognised, and refused with a message. */

#include <gio/gio.h>
#include "tdbg-prompt.h"
#include "tdbg-source.h"

G_BEGIN_DECLS

typedef struct _TdbgLocation TdbgLocation;

/* How the addresses of one scheme are read. */
typedef struct {
  /* "ssh://", "s3://": the addresses this opener reads. */
  const char *scheme;
  /* Checks the address @text: the host (or bucket) it names, newly allocated, or NULL with
   * @error set. */
  char *(*parse) (const char *text, GError **error);
  /* Connects (blocking) and opens the logdir @text names, asking @prompt (NULL: nobody to
   * ask) what it needs to. */
  TdbgSource *(*open) (const char *text, TdbgPrompt *prompt, GCancellable *cancellable, GError **error);
} TdbgRemoteOpener;

/* Opens the folder at @path when it is of a kind this opener reads (not a tfdbg2 logdir: a
 * TensorFlow Debugger V1 dump root, say); NULL when it is not. */
typedef TdbgSource *(*TdbgFolderOpener) (const char *path);

/* Adds (before any location is opened) a reader of folders of another kind; data/v1/ adds
 * its own with tdbg_v1_init(). A folder no opener takes is read as a tfdbg2 logdir. */
void tdbg_location_add_folder_opener (TdbgFolderOpener opener);

/* Adds (before any location is parsed) how the addresses of the opener's scheme are read. */
void tdbg_location_add_remote_opener (const TdbgRemoteOpener *opener);
/* Whether this build reads @text's kind of address (an opener for its scheme was added). */
gboolean tdbg_location_can_open_remote (const char *text);
/* The schemes of the addresses this build reads, of "ssh://", "s3://" and "gs://" in that
 * order: what the window's Open Location tells the person it opens. */
GStrv tdbg_location_list_remote_schemes (void);

/* @text: an address (an error when it is malformed or of a kind this build does not read) or
 * else a local path, kept as given. */
TdbgLocation *tdbg_location_parse (const char *text, GError **error);
/* @file: a file with a local path (a folder, or GVfs's FUSE view of a mount), or an address
 * tdbg_location_text_is_remote() knows. Any other URI (a GVfs location without a local path) is an error: the logdir cannot be
 * read there. */
TdbgLocation *tdbg_location_new_for_file (GFile *file, GError **error);
TdbgLocation *tdbg_location_copy (const TdbgLocation *location);
void tdbg_location_free (TdbgLocation *location);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgLocation, tdbg_location_free)

/* A local path made absolute and normalised as GFile makes it (relative to the current
 * directory, "." and ".." resolved): for what is remembered beyond this process. Remote
 * locations are left as they are. */
void tdbg_location_make_absolute (TdbgLocation *location);

/* Whether @text names a remote logdir (an ssh://, s3:// or gs:// address, well-formed or not). */
gboolean tdbg_location_text_is_remote (const char *text);

gboolean tdbg_location_is_remote (const TdbgLocation *location);
/* The path or the address, as it was given: what the window shows and remembers. */
const char *tdbg_location_get_text (const TdbgLocation *location);
/* The local folder, or NULL for a remote one. */
const char *tdbg_location_get_path (const TdbgLocation *location);
/* The host (or bucket) of a remote logdir, or NULL for a local one. */
const char *tdbg_location_get_host (const TdbgLocation *location);

/* A source reading the logdir, whatever its kind: the one way from a location to a source.
 * What the kind needs from the person (an SSH host key's fate, a password, their settings) is
 * asked of @prompt (NULL: nobody to ask; unknown host keys are refused). Remote logdirs are
 * connected to here (blocking). */
TdbgSource *tdbg_location_open (const TdbgLocation *location, TdbgPrompt *prompt,
                                GCancellable *cancellable, GError **error);
/* The same in a worker thread (where @prompt is asked, with @cancellable as the thread's
 * current one), for a program with a main loop. */
void tdbg_location_open_async (const TdbgLocation *location, TdbgPrompt *prompt, GCancellable *cancellable,
                               GAsyncReadyCallback callback, gpointer user_data);
TdbgSource *tdbg_location_open_finish (GAsyncResult *result, GError **error);

G_END_DECLS
