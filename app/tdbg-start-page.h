/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The page shown when no logdir is open: the runs watched in the background, the recent
 * logdirs (when each was last opened, whether it is still there), Open Logdir… and Open Demo. */

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum {
  TDBG_RECENT_PRESENT, /* a local folder that exists, or not yet checked */
  TDBG_RECENT_MISSING, /* a local folder that is gone */
  TDBG_RECENT_REMOTE,  /* an ssh:// address: not checked */
} TdbgRecentState;

#define TDBG_TYPE_START_PAGE (tdbg_start_page_get_type ())
G_DECLARE_FINAL_TYPE (TdbgStartPage, tdbg_start_page, TDBG, START_PAGE, GtkWidget)

/* Reads the recent list again; a worker then checks which folders still exist (a slow or
 * hung mount must not hold up the window) and marks the missing ones. */
void tdbg_start_page_refresh (TdbgStartPage *self);
/* Whether that check is still running. */
gboolean tdbg_start_page_is_checking (TdbgStartPage *self);
GtkListBox *tdbg_start_page_get_list (TdbgStartPage *self);
/* The runs watched in the background: a row each, with Show and Stop buttons. */
/* Lists @runs (TdbgWatchedRun items: the application's runs watched with no window) under
 * "Watching"; NULL lists none. */
void tdbg_start_page_set_watched_runs (TdbgStartPage *self, GListModel *runs);
GtkListBox *tdbg_start_page_get_watching_list (TdbgStartPage *self);
guint tdbg_start_page_get_n_recents (TdbgStartPage *self);
const char *tdbg_start_page_get_location (TdbgStartPage *self, guint index);
TdbgRecentState tdbg_start_page_get_state (TdbgStartPage *self, guint index);

/* A path with the home folder shown as ~, as the file chooser does; other locations as they are. */
char *tdbg_display_location (const char *location);
/* "2 days ago", from @then and @now in seconds since 1970. */
char *tdbg_format_age (gint64 then, gint64 now);

G_END_DECLS
