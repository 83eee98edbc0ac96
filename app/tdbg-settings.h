/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The application's settings (GSettings schema io.github.tfdbg_gtk.TfdbgGtk) and the list of
 * recent logdirs kept in them. */

#include <gio/gio.h>

G_BEGIN_DECLS

#define TDBG_MAX_RECENTS 20

typedef struct {
  char *location;     /* a local path or an ssh:// address */
  gint64 last_opened; /* seconds since 1970 */
} TdbgRecent;

void tdbg_recent_free (TdbgRecent *recent);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgRecent, tdbg_recent_free)

/* The installed schema, or the one compiled in the build tree when running uninstalled. */
GSettings *tdbg_settings_new (void);

/* Newest first; an array of TdbgRecent. */
GPtrArray *tdbg_recents_list (GSettings *settings);
/* Puts @location first, opened now (keeping at most TDBG_MAX_RECENTS). */
void tdbg_recents_add (GSettings *settings, const char *location);
void tdbg_recents_remove (GSettings *settings, const char *location);

G_END_DECLS
