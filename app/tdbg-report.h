/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* One event in full, as JSON (the shape of EXPECTED.json's samples) or as text. */

#include "tdbg-json.h"
#include "tdbg-logdir.h"
#include "tdbg-value.h"

G_BEGIN_DECLS

gboolean tdbg_report_trace_json (TdbgJson *json, TdbgLogdir *logdir, guint index, GError **error);
/* @first_alert_slot >= 0 adds first_alert_output_slot. */
gboolean tdbg_report_execution_json (TdbgJson *json, TdbgLogdir *logdir, guint index,
                                     gint first_alert_slot, GError **error);
char *tdbg_report_trace_text (TdbgLogdir *logdir, guint index, GError **error);
char *tdbg_report_execution_text (TdbgLogdir *logdir, guint index, GError **error);

/* The keys of one trace's value inside an open object: dtype, shape, rank, size, the summary
 * vector or the full tensor values, and element_counts where the mode records them. */
void tdbg_report_value_json (TdbgJson *json, const TdbgValue *value);

/* The user-facing name of a device ("CPU:0" from ".../device:CPU:0"). */
const char *tdbg_report_short_device (const char *device_name);
/* One stack frame as JSON: file_path, line, func and the line's code (null when unknown). */
void tdbg_report_frame_json (TdbgJson *json, TdbgLogdir *logdir, const TdbgStackFrame *frame);

G_END_DECLS
