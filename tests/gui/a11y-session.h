/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A private desktop for accessibility tests: its own X server (Xvfb), session bus and
 * accessibility bus, and one program on it, seen and driven only through libatspi.
 *
 * Every process is ended by its id when the session stops, also the ones D-Bus activated
 * (this process is their child subreaper); a watchdog thread ends them all and the test with
 * exit status 124 when the deadline passes, even if a libatspi call hangs. Only one session
 * per process: libatspi cannot be initialised twice. */

#include <atspi/atspi.h>

G_BEGIN_DECLS

/* libatspi 2.46 declares none. */
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AtspiAccessible, g_object_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AtspiStateSet, g_object_unref)

/* Starts X, the buses and libatspi, then runs @argv with @env_extra ("NAME=value"; may be
 * NULL) and waits for its window. The program gets LC_ALL=C.UTF-8 and no LANGUAGE unless
 * @env_extra says otherwise, and never GTK_A11Y. Aborts the test on failure. */
void a11y_session_start (const char * const *argv, const char * const *env_extra, guint deadline_s);
/* The program's window (role frame). */
AtspiAccessible *a11y_session_get_frame (void);
/* The program's log (stdout and stderr), for failure messages. */
char *a11y_session_get_log_tail (void);
/* Stops everything and removes the temporary folder. */
void a11y_session_stop (void);

/* Tree helpers: never NULL strings; errors count as "no". */
char *a11y_name (AtspiAccessible *a);
gboolean a11y_has_state (AtspiAccessible *a, AtspiStateType state);
/* The first accessible at or under @root (depth first) with @role and a name equal to
 * @name (or starting with it when @prefix; any name when @name is NULL). New reference. */
AtspiAccessible *a11y_find (AtspiAccessible *root, AtspiRole role, const char *name, gboolean prefix);
/* All accessibles at or under @root with @role (new references). */
GPtrArray *a11y_find_all (AtspiAccessible *root, AtspiRole role);
/* Runs the action named @action_name ("click"); FALSE when there is none. */
gboolean a11y_do_action (AtspiAccessible *a, const char *action_name);
/* Presses @keysym with @modifiers (GDK/X modifier masks) held, through at-spi2-registryd. */
void a11y_press_key (guint keysym, guint modifiers);

typedef gboolean (*A11yProbe) (gpointer data);
/* Polls @probe every 50 ms until it holds or @timeout_ms pass; returns its last answer. */
gboolean a11y_wait (A11yProbe probe, gpointer data, guint timeout_ms);

G_END_DECLS
