/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Why a folder shows nothing useful, in words a person can act on: a folder that is not a
 * tfdbg2 logdir, a run that recorded no graph execution traces because its functions ran
 * eagerly, and a run whose circular buffer dropped its earliest events. */

#include <glib.h>
#include "libtdbg-data.h"

G_BEGIN_DECLS

typedef enum {
  TDBG_DIAGNOSIS_OK,
  TDBG_DIAGNOSIS_NOT_FOUND,        /* nothing at that path */
  TDBG_DIAGNOSIS_NOT_A_DIRECTORY,  /* a file, not a folder */
  TDBG_DIAGNOSIS_UNREADABLE,       /* a folder we may not list */
  TDBG_DIAGNOSIS_EMPTY_FOLDER,     /* a folder with nothing in it */
  TDBG_DIAGNOSIS_NO_METADATA,      /* files, but no tfdbg_events.* (no .metadata) */
  TDBG_DIAGNOSIS_NOTHING_RECORDED, /* a logdir without executions or traces (yet) */
  TDBG_DIAGNOSIS_EAGER_ONLY,       /* executions, but no graph execution traces */
  TDBG_DIAGNOSIS_DAMAGED,          /* no executions or traces, and their files damaged */
} TdbgDiagnosisKind;

/* Checks a local folder before loading it. */
TdbgDiagnosisKind tdbg_diagnose_folder (const char *path);
/* Checks a location before opening it: a folder here as tdbg_diagnose_folder(); any other kind
 * is OK here, and diagnosed once its files are read. */
TdbgDiagnosisKind tdbg_diagnose_location (const TdbgLocation *location);
/* Checks what a loaded logdir holds. */
TdbgDiagnosisKind tdbg_diagnose_logdir (TdbgLogdir *logdir);

/* Why the executions and graph execution traces of @logdir cannot be read at all, one line
 * per file ("FILE at offset N: what is wrong"), or NULL when they can: every file of them
 * that holds bytes yields an intact record or ends in a record still being written, and a
 * logdir with no record at all has a readable metadata file (a run that has not written yet).
 * What a command line that gates on NaN/∞ must not take for "none". */
char *tdbg_diagnose_unreadable (TdbgLogdir *logdir);

/* A short title and an explanation with what to do (both translated, newly allocated). */
char *tdbg_diagnosis_title (TdbgDiagnosisKind kind);
char *tdbg_diagnosis_explain (TdbgDiagnosisKind kind, const char *path);
/* What a logdir without graph execution traces still holds that can be browsed ("Intact: 12
 * graphs of 140 ops, 41 source files. …"), or NULL when nothing. */
char *tdbg_diagnosis_intact_parts (TdbgLogdir *logdir);

typedef struct {
  gboolean traces_dropped;      /* a function ran before the earliest trace, yet its ops are traced */
  guint kept_traces;
  guint kept_executions;
} TdbgCircularEvidence;

/* TRUE when the logdir shows that a circular buffer (enable_dump_debug_info's
 * circular_buffer_size > 0) dropped its earliest executions or graph execution traces. The
 * files do not record the setting; what gives it away is time: the traces of a function call
 * are written before its execution record, so a call older than every trace, of a function
 * whose ops are traced, means the traces of that call were lost. (Lost executions leave no
 * such mark that a damaged record would not leave too.) */
gboolean tdbg_logdir_find_circular_evidence (TdbgLogdir *logdir, TdbgCircularEvidence *evidence);
/* The banner text for that evidence (translated, newly allocated). */
char *tdbg_circular_explain (const TdbgCircularEvidence *evidence);

/* What a reader should know about a logdir that is not damage in its files (those are its
 * problems): a circular buffer that dropped events, a tfdbg V1 dump that holds no Python
 * traceback. A new array of translated strings, empty when there is nothing to say. */
GPtrArray *tdbg_logdir_list_notices (TdbgLogdir *logdir);

G_END_DECLS
