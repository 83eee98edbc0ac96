/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The root cause of the first NaN/∞ told three ways: JSON for scripts, text for a terminal,
 * and Markdown for a bug report (the cause, the source line with its context, the inputs and
 * the op's neighbourhood). */

#include "tdbg-json.h"
#include "tdbg-root-cause.h"

G_BEGIN_DECLS

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

G_END_DECLS
