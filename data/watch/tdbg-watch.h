/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What is new in a run being followed, for whatever tells a person (the `watch` command, the
 * window's notifications): each alert once, the first of each kind marked; how long the run
 * has not grown; whether TensorFlow is holding its records back. The caller brings the logdir
 * up to date (a refresh, or a TdbgRun following it) and steps the watch after each update. */

#include "libtdbg-data.h"

G_BEGIN_DECLS

typedef struct {
  TdbgAlert alert;
  gboolean first_of_kind;  /* the first alert of its kind this watch told */
} TdbgWatchNews;

#define TDBG_TYPE_WATCH (tdbg_watch_get_type ())
G_DECLARE_FINAL_TYPE (TdbgWatch, tdbg_watch, TDBG, WATCH, GObject)

/* Watches @logdir (loaded) from monotonic time @now (µs); @magnitude_threshold as for the
 * exploding-magnitude alerts. */
TdbgWatch *tdbg_watch_new (TdbgLogdir *logdir, double magnitude_threshold, gint64 now);
/* After each update at monotonic time @now: the alerts not told before, NaN/∞ first in
 * Debugger V2's order, then the other kinds (an array of TdbgWatchNews). The first step tells
 * every alert already there. */
GArray *tdbg_watch_step (TdbgWatch *self, gint64 now);
/* µs since the logdir last grew (or since the watch began). */
gint64 tdbg_watch_get_idle (TdbgWatch *self, gint64 now);
/* Whether the logdir grew after the first step: a run still being written, not one that
 * had ended when the watch began. */
gboolean tdbg_watch_has_grown (TdbgWatch *self);
/* TRUE when the run has written graphs or op creations but, for @after µs since the watch
 * began, no trace and no execution: TensorFlow keeps those in its circular buffer until it
 * flushes, unless the run passed circular_buffer_size=-1 (or 0). */
gboolean tdbg_watch_is_held_back (TdbgWatch *self, gint64 now, gint64 after);
/* How many NaN/∞ alerts it has told. */
guint tdbg_watch_get_n_inf_nan (TdbgWatch *self);

G_END_DECLS
