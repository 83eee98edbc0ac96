/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A window that asks one question and answers it exactly once: a button, Escape or closing
 * the window emits "answered" (an int whose meaning is the subclass's), then the window goes
 * away. Closing gives the answer set with tdbg_answer_window_set_close_answer() (0 by default).
 * A button answers through the "answer.give" action, its action-target the answer (an int). */

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TDBG_TYPE_ANSWER_WINDOW (tdbg_answer_window_get_type ())
G_DECLARE_DERIVABLE_TYPE (TdbgAnswerWindow, tdbg_answer_window, TDBG, ANSWER_WINDOW, GtkWindow)

struct _TdbgAnswerWindowClass {
  GtkWindowClass parent_class;

  /* Runs after every handler of "answered" (to wipe what they had to read). */
  void (*answered) (TdbgAnswerWindow *self, int answer);
};

void tdbg_answer_window_set_close_answer (TdbgAnswerWindow *self, int answer);
/* The same as pressing the matching button: answers (unless answered already) and closes. */
void tdbg_answer_window_answer (TdbgAnswerWindow *self, int answer);

G_END_DECLS
