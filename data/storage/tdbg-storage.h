/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Object storage, the library's one entry for the rest of the program: s3:// addresses become
 * locations the window and the command line open (tdbg-location.h). */

#include <glib.h>

G_BEGIN_DECLS

/* Adds the s3:// opener to tdbg-location.c; called once at start, before any location is
 * parsed. */
void tdbg_storage_init (void);

G_END_DECLS
