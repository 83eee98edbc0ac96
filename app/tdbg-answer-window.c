/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-answer-window.h"

typedef struct {
  int close_answer;
  gboolean answered;
} TdbgAnswerWindowPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (TdbgAnswerWindow, tdbg_answer_window, GTK_TYPE_WINDOW)

enum { ANSWERED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* Emits "answered" the first time only; TRUE when it did. */
static gboolean
answer_once (TdbgAnswerWindow *self, int answer)
{
  TdbgAnswerWindowPrivate *priv = tdbg_answer_window_get_instance_private (self);

  if (priv->answered)
    return FALSE;
  priv->answered = TRUE;
  g_signal_emit (self, signals[ANSWERED], 0, answer);
  return TRUE;
}

void
tdbg_answer_window_answer (TdbgAnswerWindow *self, int answer)
{
  g_return_if_fail (TDBG_IS_ANSWER_WINDOW (self));
  if (answer_once (self, answer))
    gtk_window_destroy (GTK_WINDOW (self));
}

void
tdbg_answer_window_set_close_answer (TdbgAnswerWindow *self, int answer)
{
  TdbgAnswerWindowPrivate *priv = tdbg_answer_window_get_instance_private (self);

  g_return_if_fail (TDBG_IS_ANSWER_WINDOW (self));
  priv->close_answer = answer;
}

/* "answer.give": a button's action-target is its answer, so subclasses need no handler per button. */
static void
give_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  tdbg_answer_window_answer (TDBG_ANSWER_WINDOW (widget), g_variant_get_int32 (parameter));
}

static gboolean
tdbg_answer_window_close_request (GtkWindow *window)
{
  TdbgAnswerWindow *self = TDBG_ANSWER_WINDOW (window);
  TdbgAnswerWindowPrivate *priv = tdbg_answer_window_get_instance_private (self);

  answer_once (self, priv->close_answer);
  return FALSE;
}

static void
tdbg_answer_window_class_init (TdbgAnswerWindowClass *klass)
{
  GTK_WINDOW_CLASS (klass)->close_request = tdbg_answer_window_close_request;
  signals[ANSWERED] = g_signal_new ("answered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    G_STRUCT_OFFSET (TdbgAnswerWindowClass, answered), NULL, NULL, NULL,
                                    G_TYPE_NONE, 1, G_TYPE_INT);
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "answer.give", "i", give_action);
}

static void
tdbg_answer_window_init (TdbgAnswerWindow *self)
{
}
