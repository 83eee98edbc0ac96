/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* One run of a TensorFlow program as a program with a main loop keeps it: where it is (its
 * location), loading it (progress, cancel, the problems found), following it while it is
 * written, watching it for alerts and whether it is still growing. The window shows a run
 * (and in compare mode a second one beside it); nothing here draws. Signals are emitted on
 * the thread whose main context the run was made in. */

#include "libtdbg-data.h"

G_BEGIN_DECLS

#define TDBG_TYPE_RUN (tdbg_run_get_type ())
G_DECLARE_FINAL_TYPE (TdbgRun, tdbg_run, TDBG, RUN, GObject)

/* How far a load is. */
typedef struct {
  gboolean receiving;   /* a remote source still receives the files: received of expected */
  guint64 received;
  guint64 expected;
  guint64 bytes_done;   /* else: bytes read of bytes_total, records found */
  guint64 bytes_total;
  guint64 records;
  guint64 alerts;       /* the NaN/∞ the records read so far hold */
} TdbgRunProgress;

/* Following on (the "following" property) and watching for alerts off. */
TdbgRun *tdbg_run_new (void);

/* ---- where it is, and loading it ---- */

/* Forgets what the run held (a load is cancelled without a "loaded", following stops) and
 * takes @location (a path or an ssh:// address, as shown and remembered); the run is opening
 * until tdbg_run_load(), tdbg_run_fail() or tdbg_run_cancel(). */
void tdbg_run_begin (TdbgRun *self, const char *location);
const char *tdbg_run_get_location (TdbgRun *self);
/* Of the load under way (the source's connection too): NULL when none, or once cancelled. */
GCancellable *tdbg_run_get_cancellable (TdbgRun *self);
/* Reads @source in a worker. With @first_stretch_bytes, a big logdir's first stretch of that
 * many bytes per bulk file comes first: "loaded" tells it (the "logdir" property is it, and
 * the run is still loading), and the whole is read behind it, "loaded" again once in. */
void tdbg_run_load (TdbgRun *self, TdbgSource *source, guint64 first_stretch_bytes);
/* Opens @location, whatever its kind, then reads it as tdbg_run_load() does, or fails as
 * tdbg_run_fail(). A folder on this computer opens at once and its load begins before this
 * returns; a remote one opens in a worker (tdbg_location_open_async(): @prompt is asked what
 * the kind needs). @first_stretch_bytes applies to a logdir on this computer; one read from
 * afar is read whole (its first stretch would cross the link twice). A run begun again
 * meanwhile drops it. */
void tdbg_run_open (TdbgRun *self, const TdbgLocation *location, TdbgPrompt *prompt, guint64 first_stretch_bytes);
/* The source could not be had: "loaded" with @error. */
void tdbg_run_fail (TdbgRun *self, const GError *error);
/* Stops the load: a load under way ends with "loaded" and G_IO_ERROR_CANCELLED. */
void tdbg_run_cancel (TdbgRun *self);
/* Between tdbg_run_begin() and a load's end (or the source's failure, or a cancel). */
gboolean tdbg_run_is_loading (TdbgRun *self);
/* Between tdbg_run_begin() and tdbg_run_load() (a remote source connecting). */
gboolean tdbg_run_is_opening (TdbgRun *self);
/* FALSE when no load is under way. */
gboolean tdbg_run_get_progress (TdbgRun *self, TdbgRunProgress *progress);
/* The source being read or read, NULL before one. */
TdbgSource *tdbg_run_get_source (TdbgRun *self);
/* The logdir loaded (the "logdir" property), NULL before. */
TdbgLogdir *tdbg_run_get_logdir (TdbgRun *self);
/* The problems found in its files (TdbgProblem*), NULL before a logdir is in. */
GPtrArray *tdbg_run_get_problems (TdbgRun *self);

/* ---- following and watching ---- */

/* The "following" property: while on, the logdir loaded is polled for what the run appends
 * ("grew", "refreshed"). */
gboolean tdbg_run_get_following (TdbgRun *self);
void tdbg_run_set_following (TdbgRun *self, gboolean following);
/* Polls that found the logdir readable, and the last error of one that did not (or NULL). */
guint tdbg_run_get_n_polls (TdbgRun *self);
const char *tdbg_run_get_follow_error (TdbgRun *self);
/* Watching on: each logdir loaded is watched (what it holds then is no news), and the first
 * alert of each kind that following finds is told by "alert". */
void tdbg_run_set_watching (TdbgRun *self, gboolean watching);
/* Whether the run is still being written: followed and watched, it grew while loaded, in the
 * last half hour. */
gboolean tdbg_run_is_growing (TdbgRun *self);

G_END_DECLS
