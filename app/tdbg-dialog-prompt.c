/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-dialog-prompt.h"

#include <string.h>
#include <glib/gi18n.h>
#include "tdbg-host-key-dialog.h"
#include "tdbg-secret-dialog.h"

typedef enum { ASK_HOST_KEY, ASK_SECRET } AskKind;

/* A question from a worker, living on the worker's stack while it waits. */
typedef struct {
  AskKind kind;
  guint serial;
  const char *host;
  guint port;
  const char *key_type;
  const char *fingerprint;
  const char *prompt;
  gboolean echo;
  gboolean done;
  TdbgHostKeyDecision decision;
  char *secret;
} Ask;

struct _TdbgDialogPrompt {
  GObject parent_instance;

  GtkWindow *parent;      /* weak */
  char *known_hosts;
  char *config;
  char *identity;

  GMutex lock;
  GCond cond;
  Ask *pending;           /* the question waiting for an answer (under lock) */
  guint next_serial;      /* under lock */

  GtkWindow *dialog;      /* main thread only; weak */
  guint dialog_serial;
};

static void tdbg_dialog_prompt_iface_init (TdbgPromptInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TdbgDialogPrompt, tdbg_dialog_prompt, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TDBG_TYPE_PROMPT, tdbg_dialog_prompt_iface_init))

static void
wipe (char *secret)
{
  if (secret)
    {
      explicit_bzero (secret, strlen (secret));
      g_free (secret);
    }
}

/* ---- main thread ------------------------------------------------------------------ */

static void
answer (TdbgDialogPrompt *self, guint serial, TdbgHostKeyDecision decision, char *secret)
{
  g_mutex_lock (&self->lock);
  if (self->pending && self->pending->serial == serial && !self->pending->done)
    {
      self->pending->decision = decision;
      self->pending->secret = g_steal_pointer (&secret);
      self->pending->done = TRUE;
      g_cond_broadcast (&self->cond);
    }
  g_mutex_unlock (&self->lock);
  wipe (secret);
}

static void
host_key_decided_cb (TdbgHostKeyDialog *dialog, int decision, TdbgDialogPrompt *self)
{
  answer (self, self->dialog_serial, decision, NULL);
}

static void
secret_response_cb (TdbgSecretDialog *dialog, int accepted, TdbgDialogPrompt *self)
{
  answer (self, self->dialog_serial, TDBG_HOST_KEY_REFUSE, accepted ? tdbg_secret_dialog_take_answer (dialog) : NULL);
}

static void
set_dialog (TdbgDialogPrompt *self, GtkWindow *dialog, guint serial)
{
  if (self->dialog)
    g_object_remove_weak_pointer (G_OBJECT (self->dialog), (gpointer *) &self->dialog);
  self->dialog = dialog;
  self->dialog_serial = serial;
  if (dialog)
    {
      g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->dialog);
      gtk_window_present (dialog);
    }
}

static gboolean
show_pending_cb (gpointer data)
{
  TdbgDialogPrompt *self = data;
  GtkWindow *dialog = NULL;
  guint serial = 0;

  g_mutex_lock (&self->lock);
  if (self->pending && !self->pending->done && (self->dialog == NULL || self->dialog_serial != self->pending->serial))
    {
      Ask *ask = self->pending;
      serial = ask->serial;
      if (ask->kind == ASK_HOST_KEY)
        {
          dialog = GTK_WINDOW (tdbg_host_key_dialog_new (self->parent, ask->host, ask->port, ask->key_type, ask->fingerprint));
          g_signal_connect_object (dialog, "answered", G_CALLBACK (host_key_decided_cb), self, 0);
        }
      else
        {
          dialog = GTK_WINDOW (tdbg_secret_dialog_new (self->parent, ask->prompt, ask->echo));
          g_signal_connect_object (dialog, "answered", G_CALLBACK (secret_response_cb), self, 0);
        }
    }
  g_mutex_unlock (&self->lock);
  if (dialog)
    set_dialog (self, dialog, serial);
  return G_SOURCE_REMOVE;
}

/* A question abandoned by its worker (cancelled) takes its dialog with it. */
static gboolean
close_abandoned_cb (gpointer data)
{
  TdbgDialogPrompt *self = data;
  gboolean abandoned;

  g_mutex_lock (&self->lock);
  abandoned = self->pending == NULL || self->pending->serial != self->dialog_serial;
  g_mutex_unlock (&self->lock);
  if (abandoned && self->dialog)
    {
      GtkWindow *dialog = self->dialog;
      set_dialog (self, NULL, 0);
      g_signal_handlers_disconnect_by_data (dialog, self);
      gtk_window_destroy (dialog);
    }
  return G_SOURCE_REMOVE;
}

/* Always through the main loop: g_main_context_invoke() would run @func right here in a
 * worker whenever the main thread happens not to hold the context. */
static void
invoke_on_main (TdbgDialogPrompt *self, GSourceFunc func)
{
  g_idle_add_full (G_PRIORITY_DEFAULT, func, g_object_ref (self), g_object_unref);
}

/* ---- the thread that opens a location ---------------------------------------------- */

static void
cancelled_cb (GCancellable *cancellable, TdbgDialogPrompt *self)
{
  g_mutex_lock (&self->lock);
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->lock);
}

/* Waits for the person's answer; the open's cancellable (the thread's current one) gives up. */
static void
ask_and_wait (TdbgDialogPrompt *self, Ask *ask)
{
  GCancellable *cancellable = g_cancellable_get_current ();
  gulong handler = cancellable ? g_cancellable_connect (cancellable, G_CALLBACK (cancelled_cb), self, NULL) : 0;

  g_mutex_lock (&self->lock);
  /* One dialog at a time. */
  while (self->pending && !g_cancellable_is_cancelled (cancellable))
    g_cond_wait (&self->cond, &self->lock);
  if (!g_cancellable_is_cancelled (cancellable))
    {
      ask->serial = ++self->next_serial;
      self->pending = ask;
      invoke_on_main (self, show_pending_cb);
      while (!ask->done && !g_cancellable_is_cancelled (cancellable))
        g_cond_wait (&self->cond, &self->lock);
      self->pending = NULL;
      g_cond_broadcast (&self->cond);
    }
  g_mutex_unlock (&self->lock);
  if (cancellable)
    g_cancellable_disconnect (cancellable, handler);
  invoke_on_main (self, close_abandoned_cb);
  if (!ask->done || g_cancellable_is_cancelled (cancellable))
    {
      ask->decision = TDBG_HOST_KEY_REFUSE;
      g_clear_pointer (&ask->secret, wipe);
    }
}

static TdbgHostKeyDecision
decide_host_key (TdbgPrompt *prompt, const char *host, guint port, const char *key_type, const char *fingerprint)
{
  Ask ask = { .kind = ASK_HOST_KEY, .host = host, .port = port, .key_type = key_type, .fingerprint = fingerprint,
              .decision = TDBG_HOST_KEY_REFUSE };

  ask_and_wait (TDBG_DIALOG_PROMPT (prompt), &ask);
  return ask.decision;
}

/* The answer goes to libssh, which wipes it. */
static char *
ask_secret (TdbgPrompt *prompt, const char *question, gboolean echo)
{
  Ask ask = { .kind = ASK_SECRET, .prompt = question, .echo = echo };

  ask_and_wait (TDBG_DIALOG_PROMPT (prompt), &ask);
  return ask.secret;
}

static const char *
get_setting (TdbgPrompt *prompt, TdbgPromptSetting setting)
{
  TdbgDialogPrompt *self = TDBG_DIALOG_PROMPT (prompt);

  switch (setting)
    {
    case TDBG_PROMPT_KNOWN_HOSTS:
      return self->known_hosts;
    case TDBG_PROMPT_GLOBAL_KNOWN_HOSTS:
      /* A known_hosts file of one's own replaces the system-wide one too. */
      return self->known_hosts ? "/dev/null" : NULL;
    case TDBG_PROMPT_SSH_CONFIG:
      return self->config;
    case TDBG_PROMPT_IDENTITY:
      return self->identity;
    default:
      return NULL;
    }
}

static void
tdbg_dialog_prompt_iface_init (TdbgPromptInterface *iface)
{
  iface->decide_host_key = decide_host_key;
  iface->ask_secret = ask_secret;
  iface->get_setting = get_setting;
}

GtkWindow *
tdbg_dialog_prompt_get_dialog (TdbgDialogPrompt *self)
{
  return self->dialog;
}

static void
tdbg_dialog_prompt_dispose (GObject *object)
{
  TdbgDialogPrompt *self = TDBG_DIALOG_PROMPT (object);

  if (self->dialog)
    {
      GtkWindow *dialog = self->dialog;
      set_dialog (self, NULL, 0);
      g_signal_handlers_disconnect_by_data (dialog, self);
      gtk_window_destroy (dialog);
    }
  if (self->parent)
    g_object_remove_weak_pointer (G_OBJECT (self->parent), (gpointer *) &self->parent);
  self->parent = NULL;
  G_OBJECT_CLASS (tdbg_dialog_prompt_parent_class)->dispose (object);
}

static void
tdbg_dialog_prompt_finalize (GObject *object)
{
  TdbgDialogPrompt *self = TDBG_DIALOG_PROMPT (object);

  g_free (self->known_hosts);
  g_free (self->config);
  g_free (self->identity);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->cond);
  G_OBJECT_CLASS (tdbg_dialog_prompt_parent_class)->finalize (object);
}

static void
tdbg_dialog_prompt_class_init (TdbgDialogPromptClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tdbg_dialog_prompt_dispose;
  G_OBJECT_CLASS (klass)->finalize = tdbg_dialog_prompt_finalize;
}

static void
tdbg_dialog_prompt_init (TdbgDialogPrompt *self)
{
  g_mutex_init (&self->lock);
  g_cond_init (&self->cond);
  self->known_hosts = g_strdup (g_getenv ("TDBG_KNOWN_HOSTS"));
  self->config = g_strdup (g_getenv ("TDBG_SSH_CONFIG"));
  self->identity = g_strdup (g_getenv ("TDBG_SSH_IDENTITY"));
}

TdbgDialogPrompt *
tdbg_dialog_prompt_new (GtkWindow *parent)
{
  TdbgDialogPrompt *self = g_object_new (TDBG_TYPE_DIALOG_PROMPT, NULL);

  self->parent = parent;
  if (parent)
    g_object_add_weak_pointer (G_OBJECT (parent), (gpointer *) &self->parent);
  return self;
}
