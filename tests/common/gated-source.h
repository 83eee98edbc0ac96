/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A source for tests of a load in progress: reads pass through to another source, except
 * those of files whose names end in a given suffix, which wait until the gate is opened or
 * the read is cancelled. Loading then stops at that file for as long as a test needs. It
 * also counts the reads that go through it. */

#include "tdbg-source.h"

G_BEGIN_DECLS

#define GATED_TYPE_SOURCE (gated_source_get_type ())
G_DECLARE_FINAL_TYPE (GatedSource, gated_source, GATED, SOURCE, GObject)

/* @suffix NULL: no file waits (the source only counts). */
GatedSource *gated_source_new (TdbgSource *origin, const char *suffix);
/* Lets waiting and later reads through. */
void gated_source_open (GatedSource *self);
/* Makes later reads of the gated files wait again (a logdir loaded through an open gate, its
 * records read again afterwards). */
void gated_source_close (GatedSource *self);
/* Whether a read is waiting at the gate now. */
gboolean gated_source_is_waiting (GatedSource *self);
/* How many reads went through (waiting or not). */
guint gated_source_get_n_reads (GatedSource *self);

G_END_DECLS
