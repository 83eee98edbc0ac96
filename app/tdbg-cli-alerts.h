/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The command line's lines for the alert kinds beyond NaN/∞ (`tfdbg-gtk alerts`). */

#include "tdbg-logdir.h"

G_BEGIN_DECLS

/* Prints one line per alert of those kinds, each starting with its kind's name; returns how
 * many. */
guint tdbg_cli_print_more_alerts (TdbgLogdir *logdir, double magnitude_threshold);

G_END_DECLS
