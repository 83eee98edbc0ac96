/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Starts an Xvfb of the calling test's own with one screen of @screen ("1280x800"), which
 * ends with the test (on exit or when the test dies), and returns its display (":N"). GUI
 * test programs then run side by side, none seeing another's windows or focus. */
char *own_display_start (const char *screen);

G_END_DECLS
