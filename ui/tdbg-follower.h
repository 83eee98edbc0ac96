/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Follows the selection's logdir while a run is still writing it: polls about once a second,
 * fetches what was appended in a worker and applies it on the main thread, a bounded number
 * of bytes at a time, then tells the panes through the selection's "logdir-grew". Stops when
 * the logdir is replaced or closed, when turned off, and for good in tdbg_follower_stop(). */

#include <glib-object.h>
#include "tdbg-selection.h"

G_BEGIN_DECLS

#define TDBG_TYPE_FOLLOWER (tdbg_follower_get_type ())
G_DECLARE_FINAL_TYPE (TdbgFollower, tdbg_follower, TDBG, FOLLOWER, GObject)

/* Active from the start. */
TdbgFollower *tdbg_follower_new (TdbgSelection *selection);

/* The "active" property (a stateful action or a setting is bound to it). */
gboolean tdbg_follower_get_active (TdbgFollower *self);
/* Lets go of the selection and cancels what is under way: no signal is emitted afterwards. */
void tdbg_follower_stop (TdbgFollower *self);

/* Polls that found the logdir readable, and the last error of one that did not (or NULL). */
guint tdbg_follower_get_n_polls (TdbgFollower *self);
const char *tdbg_follower_get_error (TdbgFollower *self);

G_END_DECLS
