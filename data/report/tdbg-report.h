/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What the command line and the window tell people about a logdir, the one header of
 * data/report/: an event in full (tdbg-report.c), the root cause explained (tdbg-explain.c),
 * the ops and their lines (tdbg-ops.c), an alert as a line or a JSON object
 * (tdbg-alert-text.c), and where the program's translations are (tdbg-locale.c). No GTK. */

#include "libtdbg-data.h"
#include "libtdbg-analysis.h"

G_BEGIN_DECLS

/* ---- One event in full, as JSON (the shape of EXPECTED.json's samples) or as text ---- */

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
/* The innermost frame of the user's program in execution @index's stack (owned by the
 * logdir), or NULL when none or the record cannot be read. */
const TdbgStackFrame *tdbg_report_execution_user_frame (TdbgLogdir *logdir, guint index);
/* One stack frame as JSON: file_path, line, func and the line's code (null when unknown). */
void tdbg_report_frame_json (TdbgJson *json, TdbgLogdir *logdir, const TdbgStackFrame *frame);

/* ---- The root cause of the first NaN/∞ told three ways: JSON for scripts, text for a
 * terminal, and Markdown for a bug report (the cause, the source line with its context, the
 * inputs and the op's neighbourhood) ---- */

void tdbg_explain_json (TdbgJson *json, TdbgLogdir *logdir, const TdbgRootCause *cause);
char *tdbg_explain_text (TdbgLogdir *logdir, const TdbgRootCause *cause);
/* @picture: where the neighbourhood's picture is, relative to the report (a Markdown image
 * link), or NULL when it is not drawn (the report then says how to get it). */
char *tdbg_explain_markdown (TdbgLogdir *logdir, const TdbgRootCause *cause, const char *picture);
/* DOT of the picture for the report (light style, the origin and its inputs marked): the
 * origin's neighbourhood, or for an eager origin the first bad trace's; NULL when neither. */
char *tdbg_explain_picture_dot (TdbgLogdir *logdir, const TdbgRootCause *cause);

/* The origin's op name ("Log", or the eager op type), or NULL when nothing went bad. */
const char *tdbg_explain_origin_name (TdbgLogdir *logdir, const TdbgRootCause *cause);

/* ---- Every op creation of a logdir with the line of the user's program that built it (the
 * tfdbg CLI's `lt` and `ps -t`) as JSON or text, optionally narrowed to a file, a line or a
 * graph ---- */

typedef struct {
  const char *file;    /* the user frame's path, or its trailing components; NULL: any */
  gint line;           /* 0: any */
  const char *graph;   /* graph id; NULL: any */
} TdbgOpsFilter;

/* Traces per op index, for num_traces. */
guint *tdbg_ops_count_traces (TdbgLogdir *logdir);
gboolean tdbg_ops_filter_matches (TdbgLogdir *logdir, const TdbgOp *op, const TdbgOpsFilter *filter);

/* Every op; FALSE when an op's creation record could not be read again (its device_name is
 * null then), with the first such error: the JSON is written whole either way. */
gboolean tdbg_ops_json (TdbgJson *json, TdbgLogdir *logdir, const TdbgOpsFilter *filter, GError **error);
char *tdbg_ops_text (TdbgLogdir *logdir, const TdbgOpsFilter *filter);

/* ---- An alert of any kind told as a line of text (`alerts`, `inspect`, `watch`, a
 * notification) or a JSON object ---- */

/* One line about @alert, with -inf and +inf as scripts read them (no newline). */
char *tdbg_report_describe_alert (TdbgLogdir *logdir, const TdbgAlert *alert);
/* The same with −∞ and +∞ written as the window writes them (for a notification). */
char *tdbg_describe_alert_for_people (TdbgLogdir *logdir, const TdbgAlert *alert);
/* @alert as a JSON object, with @extra_members (may be NULL) called to add members of the
 * caller's before it closes. */
void tdbg_report_alert_json (TdbgJson *j, TdbgLogdir *logdir, const TdbgAlert *alert,
                             void (*extra_members) (TdbgJson *j, gpointer data), gpointer data);

/* ---- Where the program's translations are: TDBG_LOCALEDIR when set; the catalogues
 * compiled in the build tree when the program runs from there (as the settings schema is
 * found uninstalled, see app/tdbg-settings.c); else the installed ones ---- */

/* The folder to bind the text domain to (newly allocated). */
char *tdbg_locale_dir (void);
/* Binds the program's text domain to tdbg_locale_dir(), in UTF-8. */
void tdbg_locale_bind (void);

G_END_DECLS
