/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Which graph execution traces a filter lets through: a regular expression on op names, an
 * op type, a device, a host and "raised NaN/∞ only". The first pass runs over all traces off the main
 * thread; traces a followed logdir appends later are filtered on the main thread. Also the
 * choices the filters offer: the op types, devices and hosts the traces name. A trace's host
 * is that of the file set it was read from (a remote worker writes its own file set; the
 * devices' records all come from the coordinator's). */

#include "libtdbg-data.h"

G_BEGIN_DECLS

#define TDBG_TYPE_TRACE_FILTER (tdbg_trace_filter_get_type ())
G_DECLARE_FINAL_TYPE (TdbgTraceFilter, tdbg_trace_filter, TDBG, TRACE_FILTER, GObject)

/* A filter over @logdir's traces. @regex (matched without regard to case; NULL or "" for
 * any op name), @op_type and @device (NULL for any). NULL with a G_REGEX_ERROR when @regex
 * is not a regular expression. */
TdbgTraceFilter *tdbg_trace_filter_new (TdbgLogdir *logdir, const char *regex, const char *op_type,
                                        const char *device, gboolean alerting_only, GError **error);

/* Lets through only the traces written on @host (a file set's host name; NULL for any).
 * Before the first pass. */
void tdbg_trace_filter_set_host (TdbgTraceFilter *self, const char *host);

/* Lets through only the traces whose byte in @wanted is not 0 (a trace past its end is not
 * wanted): the diverging ones of a comparison. NULL for any. Before the first pass. */
void tdbg_trace_filter_set_wanted (TdbgTraceFilter *self, GBytes *wanted);

/* The matching traces (guint32 indices, ascending) among those not looked at yet, up to the
 * logdir's end; stops early, with what it found, when @cancellable is cancelled. */
GArray *tdbg_trace_filter_more (TdbgTraceFilter *self, GCancellable *cancellable);

/* The first pass over every trace, on a worker thread holding the logdir's read lock. */
void tdbg_trace_filter_run_async (TdbgTraceFilter *self, GCancellable *cancellable, GAsyncReadyCallback callback,
                                  gpointer user_data);
/* All the matching traces, also those appended while the worker ran; the filter is then
 * done, and later traces are for tdbg_trace_filter_more(). */
GArray *tdbg_trace_filter_run_finish (TdbgTraceFilter *self, GAsyncResult *result, GError **error);
/* Whether the first pass has finished. */
gboolean tdbg_trace_filter_is_done (TdbgTraceFilter *self);

/* Adds to @set (a string set) the op types that have traces. */
void tdbg_trace_filter_collect_op_types (TdbgLogdir *logdir, GHashTable *set);
/* Adds to @set the devices the traces name (tdbg_logdir_get_trace_places()). */
void tdbg_trace_filter_collect_devices (TdbgLogdir *logdir, GHashTable *set);
/* The host name of file set @file_set, "" when unknown. */
const char *tdbg_trace_filter_get_file_set_host (TdbgLogdir *logdir, guint file_set);
/* The host that wrote trace @trace (its file set's host name), "" when unknown. */
const char *tdbg_trace_filter_get_host (TdbgLogdir *logdir, guint trace);
/* Adds to @set the hosts of the traces (the strings are the logdir's). */
void tdbg_trace_filter_collect_hosts (TdbgLogdir *logdir, GHashTable *set);
/* The strings of @set, sorted (a new array that borrows them). */
GPtrArray *tdbg_trace_filter_sorted_names (GHashTable *set);

G_END_DECLS
