/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Keeps an eye on the connection of a logdir read through one (a source that can reconnect,
 * tdbg_source_can_reconnect()) shown in a window. Every few seconds a worker lists the
 * logdir's directory, unless following polls it; when that fails "lost" is emitted with the
 * reason.
 * reconnect() connects again (asking the prompt the source was opened with when needed) and
 * then reads, in a
 * worker, whatever an interrupted load or refresh left unread, applying it on the main
 * thread; "restored" then tells how many records came in. Nothing is read twice: reading
 * continues from the offsets the logdir saved. */

#include "libtdbg-data.h"

G_BEGIN_DECLS

#define TDBG_TYPE_CONNECTION_WATCH (tdbg_connection_watch_get_type ())
G_DECLARE_FINAL_TYPE (TdbgConnectionWatch, tdbg_connection_watch, TDBG, CONNECTION_WATCH, GObject)

/* Starts checking at once, then every @interval_ms. */
TdbgConnectionWatch *tdbg_connection_watch_new (TdbgLogdir *logdir, guint interval_ms);
void tdbg_connection_watch_reconnect (TdbgConnectionWatch *self);
gboolean tdbg_connection_watch_is_busy (TdbgConnectionWatch *self);
/* While following polls the logdir the timed checks pause (a failed poll then asks for
 * one with check_now()): one poll over the connection, not two. */
void tdbg_connection_watch_set_paused (TdbgConnectionWatch *self, gboolean paused);
void tdbg_connection_watch_check_now (TdbgConnectionWatch *self);
/* How many times the directory was listed to check the connection. */
guint tdbg_connection_watch_get_n_checks (TdbgConnectionWatch *self);

G_END_DECLS
