/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-ssh-prompt.h"

#include <string.h>
#include <glib/gi18n.h>
#include "tdbg-host-key-dialog.h"
#include "tdbg-location.h"
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

struct _TdbgSshPrompt {
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

G_DEFINE_FINAL_TYPE (TdbgSshPrompt, tdbg_ssh_prompt, G_TYPE_OBJECT)

/* The cancellable of the connection the calling worker is making. */
static GPrivate current_cancellable;

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
answer (TdbgSshPrompt *self, guint serial, TdbgHostKeyDecision decision, char *secret)
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
host_key_decided_cb (TdbgHostKeyDialog *dialog, int decision, TdbgSshPrompt *self)
{
  answer (self, self->dialog_serial, decision, NULL);
}

static void
secret_response_cb (TdbgSecretDialog *dialog, int accepted, TdbgSshPrompt *self)
{
  answer (self, self->dialog_serial, TDBG_HOST_KEY_REFUSE, accepted ? tdbg_secret_dialog_take_answer (dialog) : NULL);
}

static void
set_dialog (TdbgSshPrompt *self, GtkWindow *dialog, guint serial)
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
  TdbgSshPrompt *self = data;
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
  TdbgSshPrompt *self = data;
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
invoke_on_main (TdbgSshPrompt *self, GSourceFunc func)
{
  g_idle_add_full (G_PRIORITY_DEFAULT, func, g_object_ref (self), g_object_unref);
}

/* ---- worker threads ------------------------------------------------------------------- */

static void
cancelled_cb (GCancellable *cancellable, TdbgSshPrompt *self)
{
  g_mutex_lock (&self->lock);
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->lock);
}

static void
ask_and_wait (TdbgSshPrompt *self, Ask *ask)
{
  GCancellable *cancellable = g_private_get (&current_cancellable);

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
  invoke_on_main (self, close_abandoned_cb);
  if (!ask->done || g_cancellable_is_cancelled (cancellable))
    {
      ask->decision = TDBG_HOST_KEY_REFUSE;
      g_clear_pointer (&ask->secret, wipe);
    }
}

static TdbgHostKeyDecision
host_key_func (const char *host, guint port, const char *key_type, const char *fingerprint, gpointer user_data)
{
  Ask ask = { .kind = ASK_HOST_KEY, .host = host, .port = port, .key_type = key_type, .fingerprint = fingerprint,
              .decision = TDBG_HOST_KEY_REFUSE };

  ask_and_wait (user_data, &ask);
  return ask.decision;
}

/* The answer goes to libssh, which wipes it. */
static char *
secret_func (const char *prompt, gboolean echo, gpointer user_data)
{
  Ask ask = { .kind = ASK_SECRET, .prompt = prompt, .echo = echo };

  ask_and_wait (user_data, &ask);
  return ask.secret;
}

static void
fill_options (TdbgSshPrompt *self, TdbgSshOptions *options)
{
  memset (options, 0, sizeof *options);
  options->known_hosts_file = self->known_hosts;
  /* A known_hosts file of one's own replaces the system-wide one too. */
  options->global_known_hosts_file = self->known_hosts ? "/dev/null" : NULL;
  options->config_file = self->config;
  options->identity_file = self->identity;
  options->host_key_func = host_key_func;
  options->secret_func = secret_func;
  options->user_data = self;
}

typedef struct {
  char *location;
  TdbgSource *source;
} Job;

static void
job_free (Job *job)
{
  g_free (job->location);
  g_clear_object (&job->source);
  g_free (job);
}

static void
connect_in_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  TdbgSshPrompt *self = source_object;
  Job *job = task_data;
  GError *error = NULL;
  gulong handler = g_cancellable_connect (cancellable, G_CALLBACK (cancelled_cb), self, NULL);
  TdbgSource *source = NULL;
  gboolean ok;

  g_private_set (&current_cancellable, cancellable);
  if (job->source)
    ok = tdbg_ssh_source_reconnect (TDBG_SSH_SOURCE (job->source), cancellable, &error);
  else
    {
      g_autoptr(TdbgLocation) location = tdbg_location_parse (job->location, &error);
      TdbgSshOptions options;
      fill_options (self, &options);
      if (location)
        source = tdbg_location_open (location, &options, cancellable, &error);
      ok = source != NULL;
      /* The source calls back into this prompt when it reconnects. */
      if (source)
        g_object_set_data_full (G_OBJECT (source), "tdbg-ssh-prompt", g_object_ref (self), g_object_unref);
    }
  g_private_set (&current_cancellable, NULL);
  g_cancellable_disconnect (cancellable, handler);
  if (!ok)
    g_task_return_error (task, error);
  else if (source)
    g_task_return_pointer (task, source, g_object_unref);
  else
    g_task_return_boolean (task, TRUE);
}

void
tdbg_ssh_prompt_connect_async (TdbgSshPrompt *self, const char *location, GCancellable *cancellable,
                               GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  Job *job = g_new0 (Job, 1);

  job->location = g_strdup (location);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, connect_in_thread);
}

TdbgSource *
tdbg_ssh_prompt_connect_finish (TdbgSshPrompt *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

void
tdbg_ssh_prompt_reconnect_async (TdbgSshPrompt *self, TdbgSource *source, GCancellable *cancellable,
                                 GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  Job *job = g_new0 (Job, 1);

  g_return_if_fail (TDBG_IS_SSH_SOURCE (source));
  job->source = g_object_ref (source);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, connect_in_thread);
}

gboolean
tdbg_ssh_prompt_reconnect_finish (TdbgSshPrompt *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

GtkWindow *
tdbg_ssh_prompt_get_dialog (TdbgSshPrompt *self)
{
  return self->dialog;
}

static void
tdbg_ssh_prompt_dispose (GObject *object)
{
  TdbgSshPrompt *self = TDBG_SSH_PROMPT (object);

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
  G_OBJECT_CLASS (tdbg_ssh_prompt_parent_class)->dispose (object);
}

static void
tdbg_ssh_prompt_finalize (GObject *object)
{
  TdbgSshPrompt *self = TDBG_SSH_PROMPT (object);

  g_free (self->known_hosts);
  g_free (self->config);
  g_free (self->identity);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->cond);
  G_OBJECT_CLASS (tdbg_ssh_prompt_parent_class)->finalize (object);
}

static void
tdbg_ssh_prompt_class_init (TdbgSshPromptClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tdbg_ssh_prompt_dispose;
  G_OBJECT_CLASS (klass)->finalize = tdbg_ssh_prompt_finalize;
}

static void
tdbg_ssh_prompt_init (TdbgSshPrompt *self)
{
  g_mutex_init (&self->lock);
  g_cond_init (&self->cond);
  self->known_hosts = g_strdup (g_getenv ("TDBG_KNOWN_HOSTS"));
  self->config = g_strdup (g_getenv ("TDBG_SSH_CONFIG"));
  self->identity = g_strdup (g_getenv ("TDBG_SSH_IDENTITY"));
}

TdbgSshPrompt *
tdbg_ssh_prompt_new (GtkWindow *parent)
{
  TdbgSshPrompt *self = g_object_new (TDBG_TYPE_SSH_PROMPT, NULL);

  self->parent = parent;
  if (parent)
    g_object_add_weak_pointer (G_OBJECT (parent), (gpointer *) &self->parent);
  return self;
}
