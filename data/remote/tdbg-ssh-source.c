/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-ssh-source.h"
#include "tdbg-ssh-source-private.h"

#include <string.h>
#include <glib/gi18n.h>

#include "libtdbg-data.h"

static void tdbg_ssh_source_iface_init (TdbgSourceInterface *iface);

/* A size from a listing is as fresh as a stat sent when the listing was: a file may grow
 * after either. Older ones are asked again. */
#define LISTED_SIZE_USEC (2 * G_USEC_PER_SEC)

G_DEFINE_FINAL_TYPE_WITH_CODE (TdbgSshSource, tdbg_ssh_source, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TDBG_TYPE_SOURCE, tdbg_ssh_source_iface_init))

static void
wipe_string (char *secret)
{
  if (secret == NULL)
    return;
  explicit_bzero (secret, strlen (secret));
  g_free (secret);
}

/* libssh asks here for key passphrases. */
static int
auth_callback (const char *prompt, char *buf, size_t len, int echo, int verify, void *userdata)
{
  TdbgSshSource *self = userdata;
  char *answer;

  answer = tdbg_prompt_ask_secret (self->prompt, prompt, echo);
  if (answer == NULL || strlen (answer) >= len)
    {
      wipe_string (answer);
      return -1;
    }
  strcpy (buf, answer);
  wipe_string (answer);
  return 0;
}

static void
drop_reader (TdbgSshSource *self)
{
  if (self->reader)
    self->round_trips += tdbg_sftp_reader_get_round_trips (self->reader);
  g_clear_pointer (&self->reader, tdbg_sftp_reader_free);
}

static void
disconnect (TdbgSshSource *self)
{
  drop_reader (self);
  g_hash_table_remove_all (self->listed_sizes);
  g_clear_pointer (&self->sftp, sftp_free);
  if (self->session)
    {
      ssh_disconnect (self->session);
      g_clear_pointer (&self->session, ssh_free);
    }
}

static gboolean
set_error_from_session (TdbgSshSource *self, GError **error, TdbgErrorCode code, const char *what)
{
  g_set_error (error, TDBG_ERROR, code, "%s (%s): %s", what, self->uri.host,
               self->session ? ssh_get_error (self->session) : "");
  return FALSE;
}

static gboolean
configure (TdbgSshSource *self, GError **error)
{
  long timeout = self->timeout_seconds ? self->timeout_seconds : 15;
  int off = 0, on = 1, verbosity = SSH_LOG_NOLOG;
  g_autofree char *default_config = g_build_filename (g_get_home_dir (), ".ssh", "config", NULL);
  const char *config = self->config_file ? self->config_file : default_config;

  ssh_options_set (self->session, SSH_OPTIONS_LOG_VERBOSITY, &verbosity);
  ssh_options_set (self->session, SSH_OPTIONS_PROCESS_CONFIG, &off);
  if (ssh_options_set (self->session, SSH_OPTIONS_HOST, self->uri.host) != SSH_OK)
    return set_error_from_session (self, error, TDBG_ERROR_INVALID, _("Bad host name"));
  /* Compressed by default: trace files shrink about ten times, executions thirty, and on a
   * link slower than the server's zlib (a few hundred Mbit/s: OpenSSH compresses at level 6
   * on one core) the bytes are the load time. The configuration, read next, may say
   * "Compression no", for faster links. */
  ssh_options_set (self->session, SSH_OPTIONS_COMPRESSION, "yes");
  /* ~/.ssh/config gives aliases, users, ports and identity files; the address wins over it. */
  if (*config && g_file_test (config, G_FILE_TEST_IS_REGULAR) && ssh_options_parse_config (self->session, config) != SSH_OK)
    return set_error_from_session (self, error, TDBG_ERROR_INVALID, _("Cannot read the SSH configuration"));
  if (self->no_compression || g_strcmp0 (g_getenv ("TDBG_SSH_COMPRESSION"), "no") == 0)
    ssh_options_set (self->session, SSH_OPTIONS_COMPRESSION, "no");
  if (self->uri.user)
    ssh_options_set (self->session, SSH_OPTIONS_USER, self->uri.user);
  if (self->uri.port)
    ssh_options_set (self->session, SSH_OPTIONS_PORT, &self->uri.port);
  if (self->known_hosts_file)
    ssh_options_set (self->session, SSH_OPTIONS_KNOWNHOSTS, self->known_hosts_file);
  if (self->global_known_hosts_file)
    ssh_options_set (self->session, SSH_OPTIONS_GLOBAL_KNOWNHOSTS, self->global_known_hosts_file);
  if (self->identity_file)
    ssh_options_set (self->session, SSH_OPTIONS_IDENTITY, self->identity_file);
  ssh_options_set (self->session, SSH_OPTIONS_TIMEOUT, &timeout);
  /* AES-GCM first: with AES instructions it is several times faster than ChaCha20, and
   * bulk reading is bound by decryption. */
  ssh_options_set (self->session, SSH_OPTIONS_CIPHERS_S_C,
                   "aes128-gcm@openssh.com,aes256-gcm@openssh.com,chacha20-poly1305@openssh.com,aes128-ctr,aes256-ctr");
  ssh_options_set (self->session, SSH_OPTIONS_CIPHERS_C_S,
                   "aes128-gcm@openssh.com,aes256-gcm@openssh.com,chacha20-poly1305@openssh.com,aes128-ctr,aes256-ctr");
  /* Without it request/response SFTP on a fast link is ten times slower. */
  ssh_options_set (self->session, SSH_OPTIONS_NODELAY, &on);

  ssh_callbacks_init (&self->callbacks);
  self->callbacks.userdata = self;
  self->callbacks.auth_function = auth_callback;
  ssh_set_callbacks (self->session, &self->callbacks);
  return TRUE;
}

/* Says what a changed key may mean, where the recorded key is and how to remove it. */
static void
set_changed_key_error (TdbgSshSource *self, const char *host, guint port, const char *key_type,
                       const char *fingerprint, GError **error)
{
  g_autofree char *known_hosts = self->known_hosts_file ? g_strdup (self->known_hosts_file)
                                 : g_build_filename (g_get_home_dir (), ".ssh", "known_hosts", NULL);
  /* known_hosts names hosts on other ports as [host]:port. */
  g_autofree char *entry = port == 22 ? g_strdup (host) : g_strdup_printf ("[%s]:%u", host, port);

  g_set_error (error, TDBG_ERROR, TDBG_ERROR_HOST_KEY,
               _("The host key of %s has CHANGED: it now presents %s %s, not the key recorded in %s. Someone may be "
                 "intercepting the connection (an attack), or the server was reinstalled. Refused. Ask the "
                 "server’s administrator for its key fingerprint; if it matches, remove the old key with "
                 "“ssh-keygen -R '%s' -f '%s'” and connect again."),
               self->uri.host, key_type, fingerprint ? fingerprint : "?", known_hosts, entry, known_hosts);
}

static gboolean
verify_host_key (TdbgSshSource *self, GError **error)
{
  ssh_key key = NULL;
  unsigned char *hash = NULL;
  size_t hash_len = 0;
  g_autofree char *fingerprint = NULL;
  const char *key_type;
  enum ssh_known_hosts_e state;
  TdbgHostKeyDecision decision = TDBG_HOST_KEY_REFUSE;
  unsigned int port = 22;
  char *host = NULL;
  gboolean ok = FALSE;

  if (ssh_get_server_publickey (self->session, &key) != SSH_OK)
    return set_error_from_session (self, error, TDBG_ERROR_HOST_KEY, _("The server sent no host key"));
  key_type = ssh_key_type_to_char (ssh_key_type (key));
  if (ssh_get_publickey_hash (key, SSH_PUBLICKEY_HASH_SHA256, &hash, &hash_len) == SSH_OK)
    {
      char *f = ssh_get_fingerprint_hash (SSH_PUBLICKEY_HASH_SHA256, hash, hash_len);
      fingerprint = g_strdup (f);
      ssh_string_free_char (f);
      ssh_clean_pubkey_hash (&hash);
    }
  ssh_key_free (key);

  /* The host and port connected to, after ~/.ssh/config resolved aliases. */
  ssh_options_get_port (self->session, &port);
  if (ssh_options_get (self->session, SSH_OPTIONS_HOST, &host) != SSH_OK)
    host = NULL;
  state = ssh_session_is_known_server (self->session);
  switch (state)
    {
    case SSH_KNOWN_HOSTS_OK:
      ok = TRUE;
      break;
    case SSH_KNOWN_HOSTS_CHANGED:
    case SSH_KNOWN_HOSTS_OTHER:
      set_changed_key_error (self, host ? host : self->uri.host, port, key_type, fingerprint, error);
      break;
    case SSH_KNOWN_HOSTS_UNKNOWN:
    case SSH_KNOWN_HOSTS_NOT_FOUND:
      decision = tdbg_prompt_decide_host_key (self->prompt, host ? host : self->uri.host, port, key_type,
                                              fingerprint ? fingerprint : "?");
      if (decision == TDBG_HOST_KEY_REFUSE)
        g_set_error (error, TDBG_ERROR, TDBG_ERROR_HOST_KEY,
                     _("The host %s is not known (its %s key is %s); refused."), self->uri.host, key_type,
                     fingerprint ? fingerprint : "?");
      else if (decision == TDBG_HOST_KEY_ACCEPT_AND_REMEMBER && ssh_session_update_known_hosts (self->session) != SSH_OK)
        set_error_from_session (self, error, TDBG_ERROR_HOST_KEY, _("Cannot add the host key to known_hosts"));
      else
        ok = TRUE;
      break;
    case SSH_KNOWN_HOSTS_ERROR:
    default:
      set_error_from_session (self, error, TDBG_ERROR_HOST_KEY, _("Cannot check the host key"));
      break;
    }
  ssh_string_free_char (host);
  return ok;
}

static int
try_password (TdbgSshSource *self)
{
  g_autofree char *prompt = g_strdup_printf (_("Password for %s:"), self->uri.host);
  char *password = tdbg_prompt_ask_secret (self->prompt, prompt, FALSE);
  int rc;

  if (password == NULL)
    return SSH_AUTH_DENIED;
  rc = ssh_userauth_password (self->session, NULL, password);
  wipe_string (password);
  return rc;
}

static int
try_keyboard_interactive (TdbgSshSource *self)
{
  int rc = ssh_userauth_kbdint (self->session, NULL, NULL);

  for (guint round = 0; rc == SSH_AUTH_INFO && round < 8; round++)
    {
      int n = ssh_userauth_kbdint_getnprompts (self->session);
      for (int i = 0; i < n; i++)
        {
          char echo = 0;
          const char *prompt = ssh_userauth_kbdint_getprompt (self->session, i, &echo);
          char *answer = tdbg_prompt_ask_secret (self->prompt, prompt, echo);
          if (answer == NULL)
            return SSH_AUTH_DENIED;
          ssh_userauth_kbdint_setanswer (self->session, i, answer);
          wipe_string (answer);
        }
      rc = ssh_userauth_kbdint (self->session, NULL, NULL);
    }
  return rc;
}

/* The agent and keys first, then a password, then keyboard-interactive, as ssh does. */
static gboolean
authenticate (TdbgSshSource *self, GError **error)
{
  int rc = ssh_userauth_none (self->session, NULL);
  int methods;

  if (rc == SSH_AUTH_SUCCESS)
    return TRUE;
  methods = ssh_userauth_list (self->session, NULL);
  if (methods & SSH_AUTH_METHOD_PUBLICKEY)
    {
      if (self->identity_file)
        {
          ssh_key key = NULL;
          if (ssh_pki_import_privkey_file (self->identity_file, NULL, auth_callback, self, &key) == SSH_OK)
            {
              rc = ssh_userauth_publickey (self->session, NULL, key);
              ssh_key_free (key);
            }
        }
      if (rc != SSH_AUTH_SUCCESS)
        rc = ssh_userauth_publickey_auto (self->session, NULL, NULL);
    }
  if (rc != SSH_AUTH_SUCCESS && (methods & SSH_AUTH_METHOD_PASSWORD))
    rc = try_password (self);
  if (rc != SSH_AUTH_SUCCESS && (methods & SSH_AUTH_METHOD_INTERACTIVE))
    rc = try_keyboard_interactive (self);
  if (rc == SSH_AUTH_SUCCESS)
    return TRUE;
  return set_error_from_session (self, error, TDBG_ERROR_AUTH, _("Authentication failed"));
}

/* Runs without the read lock, so that readers meanwhile find no SFTP session and report the
 * connection closed rather than wait, perhaps for a person answering a prompt. */
static gboolean
connect_session (TdbgSshSource *self, sftp_session *out, GError **error)
{
  sftp_attributes attrs;
  sftp_session sftp;

  self->session = ssh_new ();
  if (self->session == NULL)
    return set_error_from_session (self, error, TDBG_ERROR_IO, _("Cannot create an SSH session"));
  if (!configure (self, error))
    return FALSE;
  if (ssh_connect (self->session) != SSH_OK)
    return set_error_from_session (self, error, TDBG_ERROR_IO, _("Cannot connect"));
  if (!verify_host_key (self, error) || !authenticate (self, error))
    return FALSE;
  sftp = sftp_new (self->session);
  if (sftp == NULL || sftp_init (sftp) != SSH_OK)
    {
      g_clear_pointer (&sftp, sftp_free);
      return set_error_from_session (self, error, TDBG_ERROR_IO, _("The server offers no SFTP"));
    }
  attrs = sftp_stat (sftp, self->uri.path);
  if (attrs == NULL || attrs->type != SSH_FILEXFER_TYPE_DIRECTORY)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_NOT_FOUND, _("%s: %s is not a directory on %s"),
                   attrs == NULL ? _("cannot open") : _("not a directory"), self->uri.path, self->uri.host);
      if (attrs)
        sftp_attributes_free (attrs);
      sftp_free (sftp);
      return FALSE;
    }
  sftp_attributes_free (attrs);
  *out = sftp;
  return TRUE;
}

gboolean
tdbg_ssh_source_reconnect (TdbgSshSource *self, GCancellable *cancellable, GError **error)
{
  sftp_session sftp = NULL;
  gboolean ok;

  g_mutex_lock (&self->connect_lock);
  g_mutex_lock (&self->lock);
  disconnect (self);
  g_mutex_unlock (&self->lock);
  ok = connect_session (self, &sftp, error);
  g_mutex_lock (&self->lock);
  /* sftp_init and the stat of the directory. */
  self->round_trips += 2;
  if (ok)
    self->sftp = sftp;
  else
    disconnect (self);
  g_mutex_unlock (&self->lock);
  g_mutex_unlock (&self->connect_lock);
  return ok;
}

static gboolean
ssh_reconnect (TdbgSource *source, GCancellable *cancellable, GError **error)
{
  return tdbg_ssh_source_reconnect (TDBG_SSH_SOURCE (source), cancellable, error);
}

char *
_tdbg_ssh_remote_path (TdbgSshSource *self, const char *name)
{
  return g_strconcat (self->uri.path, g_str_has_suffix (self->uri.path, "/") ? "" : "/", name, NULL);
}

static gboolean
check_connected (TdbgSshSource *self, GError **error)
{
  if (self->sftp != NULL)
    return TRUE;
  g_set_error (error, TDBG_ERROR, TDBG_ERROR_IO, _("The connection to %s is closed"), self->uri.host);
  return FALSE;
}

gboolean
_tdbg_ssh_sftp_failure (TdbgSshSource *self, const char *path, GError **error)
{
  int code = sftp_get_error (self->sftp);
  g_set_error (error, TDBG_ERROR, code == SSH_FX_NO_SUCH_FILE ? TDBG_ERROR_NOT_FOUND : TDBG_ERROR_IO,
               _("%s on %s: %s"), path, self->uri.host,
               code == SSH_FX_NO_SUCH_FILE ? _("no such file")
               : code == SSH_FX_PERMISSION_DENIED ? _("permission denied")
               : ssh_get_error (self->session));
  return FALSE;
}

/* A dead session cannot be used again: dropped (once its handles are closed) so that callers
 * see "closed" and a reconnection can begin. */
void
_tdbg_ssh_forget_dead_session (TdbgSshSource *self)
{
  if (self->session && !ssh_is_connected (self->session))
    disconnect (self);
}

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* One entry; each READDIR answers a batch of names with their attributes, and one more is
 * asked when the batch is used up. */
sftp_attributes
_tdbg_ssh_read_entry (TdbgSshSource *self, sftp_dir dir)
{
  if (dir->count == 0 && !dir->eof)
    self->round_trips++;
  return sftp_readdir (self->sftp, dir);
}

/* The files the server's tfdbg-gtk sends, when it does (a new reference). */
static TdbgSshPrefetch *
get_prefetch (TdbgSshSource *self)
{
  TdbgSshPrefetch *prefetch;

  g_mutex_lock (&self->prefetch_lock);
  prefetch = self->prefetch ? tdbg_ssh_prefetch_ref (self->prefetch) : NULL;
  g_mutex_unlock (&self->prefetch_lock);
  return prefetch;
}

/* Waits until everything sent has arrived, and lets it go. */
static void
drop_prefetch (TdbgSshSource *self)
{
  TdbgSshPrefetch *prefetch;

  g_mutex_lock (&self->prefetch_lock);
  prefetch = g_steal_pointer (&self->prefetch);
  g_mutex_unlock (&self->prefetch_lock);
  if (prefetch)
    tdbg_ssh_prefetch_finish (prefetch);
  g_clear_pointer (&prefetch, tdbg_ssh_prefetch_unref);
}

/* Once per source: the server's own tfdbg-gtk sends the logdir; when it cannot, SFTP does on
 * the same connection. That connection is compressed as usual (SSH compresses per
 * connection, not per channel): over zstd's output zlib finds nothing, but costs the server
 * little beside zstd, and no second connection (nor a second password prompt) is needed to
 * fall back. */
static gboolean
try_remote_program (TdbgSshSource *self, GCancellable *cancellable, GError **error)
{
  g_autoptr(GError) exec_error = NULL;
  g_autoptr(GHashTable) from = NULL;
  g_autoptr(TdbgSshPrefetch) prefetch = NULL;
  gboolean ok = TRUE;

  g_mutex_lock (&self->connect_lock);
  if (!self->exec_pending)
    {
      g_mutex_unlock (&self->connect_lock);
      return TRUE;
    }
  self->exec_pending = FALSE;
  g_mutex_lock (&self->lock);
  if (check_connected (self, &exec_error))
    {
      from = self->cache ? tdbg_ssh_cache_get_offsets (self->cache) : NULL;
      prefetch = tdbg_ssh_exec_start (self->session, &self->lock, self->remote_program, self->uri.path, from,
                                      self->timeout_seconds, cancellable, &self->round_trips, &exec_error);
      _tdbg_ssh_forget_dead_session (self);
    }
  if (prefetch)
    {
      self->used_remote_program = TRUE;
      g_mutex_lock (&self->prefetch_lock);
      self->prefetch = tdbg_ssh_prefetch_ref (prefetch);
      self->prefetch_listed = FALSE;
      g_mutex_unlock (&self->prefetch_lock);
    }
  g_mutex_unlock (&self->lock);
  if (prefetch == NULL)
    {
      if (g_error_matches (exec_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          /* Asked again when the load is. */
          self->exec_pending = TRUE;
          g_propagate_error (error, g_steal_pointer (&exec_error));
          ok = FALSE;
        }
      else
        g_debug ("%s: SFTP instead", exec_error->message);
    }
  g_mutex_unlock (&self->connect_lock);
  return ok;
}

/* While the server's tfdbg-gtk is still sending the logdir's files: the bytes received so far
 * and those expected (from its listing's sizes); FALSE over SFTP, or once all came. The window
 * asks while a worker loads. */
static gboolean
ssh_get_transfer (TdbgSource *source, guint64 *received, guint64 *expected)
{
  g_autoptr(TdbgSshPrefetch) prefetch = get_prefetch (TDBG_SSH_SOURCE (source));

  return prefetch != NULL && tdbg_ssh_prefetch_get_progress (prefetch, received, expected);
}

static GStrv
ssh_list_files (TdbgSource *source, GCancellable *cancellable, GError **error)
{
  TdbgSshSource *self = TDBG_SSH_SOURCE (source);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) sizes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  sftp_dir dir;
  sftp_attributes attrs;
  guint v1_entries = 0;

  if (self->v1)
    return tdbg_source_list_files (self->v1, cancellable, error);
  if (!try_remote_program (self, cancellable, error))
    return NULL;
  /* The load's listing is the one the server's tfdbg-gtk sent; later ones are asked anew, but
   * for a logdir it made of a V1 dump, which is read as it was when opened (as here, where a
   * dump root read over SFTP is read once). */
  g_mutex_lock (&self->prefetch_lock);
  if (self->prefetch && (!self->prefetch_listed || tdbg_ssh_prefetch_is_made (self->prefetch)))
    {
      GStrv listed = tdbg_ssh_prefetch_list_files (self->prefetch);
      self->prefetch_listed = TRUE;
      g_mutex_unlock (&self->prefetch_lock);
      return listed;
    }
  g_mutex_unlock (&self->prefetch_lock);
  drop_prefetch (self);
  g_mutex_lock (&self->lock);
  self->round_trips++;
  if (!check_connected (self, error) || (dir = sftp_opendir (self->sftp, self->uri.path)) == NULL)
    {
      if (self->sftp)
        {
          _tdbg_ssh_sftp_failure (self, self->uri.path, error);
          _tdbg_ssh_forget_dead_session (self);
        }
      g_mutex_unlock (&self->lock);
      return NULL;
    }
  /* readdir reports links as links: like the local source, they are not followed. */
  while ((attrs = _tdbg_ssh_read_entry (self, dir)) != NULL)
    {
      if (attrs->name && _tdbg_ssh_v1_is_entry (attrs))
        v1_entries++;
      if (attrs->type == SSH_FILEXFER_TYPE_REGULAR && attrs->name && !strchr (attrs->name, '/'))
        {
          g_ptr_array_add (names, g_strdup (attrs->name));
          if (attrs->flags & SSH_FILEXFER_ATTR_SIZE)
            g_hash_table_insert (sizes, g_strdup (attrs->name), g_memdup2 (&attrs->size, sizeof attrs->size));
        }
      sftp_attributes_free (attrs);
    }
  /* A listing cut short by a failure is no listing. */
  if (!sftp_dir_eof (dir))
    {
      _tdbg_ssh_sftp_failure (self, self->uri.path, error);
      sftp_closedir (dir);
      _tdbg_ssh_forget_dead_session (self);
      g_mutex_unlock (&self->lock);
      return NULL;
    }
  sftp_closedir (dir);
  self->round_trips++;
  g_hash_table_unref (self->listed_sizes);
  self->listed_sizes = g_steal_pointer (&sizes);
  self->listed_at = g_get_monotonic_time ();
  if (v1_entries > 0 && !_tdbg_ssh_v1_has_metadata (names))
    {
      gboolean made = _tdbg_ssh_v1_make (self, cancellable, error);
      g_mutex_unlock (&self->lock);
      return made ? tdbg_source_list_files (self->v1, cancellable, error) : NULL;
    }
  g_mutex_unlock (&self->lock);
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return (GStrv) g_ptr_array_steal (names, NULL);
}

static gboolean
ssh_get_size (TdbgSource *source, const char *name, guint64 *size, GCancellable *cancellable, GError **error)
{
  TdbgSshSource *self = TDBG_SSH_SOURCE (source);
  g_autofree char *path = _tdbg_ssh_remote_path (self, name);
  sftp_attributes attrs = NULL;
  guint64 *listed;
  gboolean ok;

  g_autoptr(TdbgSshPrefetch) prefetch = NULL;

  if (self->v1)
    return tdbg_source_get_size (self->v1, name, size, cancellable, error);
  prefetch = get_prefetch (self);
  /* Without waiting for the session, which the files being received hold. */
  if (prefetch && tdbg_ssh_prefetch_get_size (prefetch, name, size))
    return TRUE;
  g_mutex_lock (&self->lock);
  if (self->sftp && g_get_monotonic_time () - self->listed_at < LISTED_SIZE_USEC &&
      (listed = g_hash_table_lookup (self->listed_sizes, name)) != NULL)
    {
      *size = *listed;
      g_hash_table_remove (self->listed_sizes, name);
      g_mutex_unlock (&self->lock);
      return TRUE;
    }
  self->round_trips++;
  ok = check_connected (self, error) &&
       ((attrs = sftp_lstat (self->sftp, path)) != NULL || _tdbg_ssh_sftp_failure (self, path, error));
  if (ok && attrs->type != SSH_FILEXFER_TYPE_REGULAR)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_IO, _("%s on %s is not a regular file"), path, self->uri.host);
      ok = FALSE;
    }
  if (ok)
    *size = attrs->size;
  if (attrs)
    sftp_attributes_free (attrs);
  _tdbg_ssh_forget_dead_session (self);
  g_mutex_unlock (&self->lock);
  return ok;
}

/* A read on the reader, which the caller holds the lock for. */
GBytes *
_tdbg_ssh_fetch_locked (const char *name, guint64 offset, gsize length, GCancellable *cancellable, GError **error,
                        gpointer user_data)
{
  TdbgSshSource *self = user_data;
  g_autofree char *path = NULL;
  g_autoptr(TdbgSshPrefetch) prefetch = get_prefetch (self);
  /* Holding the session, a file still coming cannot be waited for. */
  GBytes *bytes = prefetch ? tdbg_ssh_prefetch_read (prefetch, name, offset, length, FALSE) : NULL;

  if (bytes)
    return bytes;
  if (!check_connected (self, error) ||
      (self->reader == NULL && (self->reader = tdbg_sftp_reader_new (self->session, self->uri.host, error)) == NULL))
    return NULL;
  path = _tdbg_ssh_remote_path (self, name);
  return tdbg_sftp_reader_read (self->reader, path, offset, length, cancellable, error);
}

static GBytes *
ssh_read (TdbgSource *source, const char *name, guint64 offset, gsize length,
          GCancellable *cancellable, GError **error)
{
  TdbgSshSource *self = TDBG_SSH_SOURCE (source);
  GBytes *bytes = NULL;

  if (self->v1)
    return tdbg_source_read (self->v1, name, offset, length, cancellable, error);
  /* What the server's tfdbg-gtk sends, as soon as it has arrived (the cache keeps what it
   * reads, through _tdbg_ssh_fetch_locked). */
  if (self->cache == NULL)
    {
      g_autoptr(TdbgSshPrefetch) prefetch = get_prefetch (self);
      if (prefetch && (bytes = tdbg_ssh_prefetch_read (prefetch, name, offset, length, TRUE)) != NULL)
        return bytes;
    }
  g_mutex_lock (&self->lock);
  bytes = self->cache ? tdbg_ssh_cache_read (self->cache, name, offset, length, _tdbg_ssh_fetch_locked, self,
                                             cancellable, error)
                      : _tdbg_ssh_fetch_locked (name, offset, length, cancellable, error, self);
  if (bytes == NULL && self->reader && tdbg_sftp_reader_is_broken (self->reader))
    drop_reader (self);
  _tdbg_ssh_forget_dead_session (self);
  g_mutex_unlock (&self->lock);
  return bytes;
}

static char *
ssh_describe (TdbgSource *source)
{
  return tdbg_ssh_uri_to_string (&TDBG_SSH_SOURCE (source)->uri);
}

/* A V1 dump's own problems, named by its files: found here when it was read over SFTP, else
 * by the server's tfdbg-gtk, which sent them with the logdir it made of the dump. */
static GPtrArray *
ssh_get_problems (TdbgSource *source)
{
  TdbgSshSource *self = TDBG_SSH_SOURCE (source);
  g_autoptr(TdbgSshPrefetch) prefetch = NULL;

  if (self->v1)
    return tdbg_source_get_problems (self->v1);
  /* Kept, as the logdir it made is. */
  prefetch = get_prefetch (self);
  return prefetch ? tdbg_ssh_prefetch_get_problems (prefetch) : NULL;
}

static void
tdbg_ssh_source_iface_init (TdbgSourceInterface *iface)
{
  iface->get_problems = ssh_get_problems;
  iface->list_files = ssh_list_files;
  iface->get_size = ssh_get_size;
  iface->read = ssh_read;
  iface->describe = ssh_describe;
  iface->get_transfer = ssh_get_transfer;
  iface->reconnect = ssh_reconnect;
}

static void
tdbg_ssh_source_finalize (GObject *object)
{
  TdbgSshSource *self = TDBG_SSH_SOURCE (object);

  if (self->prefetch)
    tdbg_ssh_prefetch_stop (self->prefetch);
  drop_prefetch (self);
  disconnect (self);
  g_hash_table_unref (self->listed_sizes);
  g_clear_pointer (&self->cache, tdbg_ssh_cache_free);
  g_clear_object (&self->v1);
  g_free (self->remote_program);
  tdbg_ssh_uri_clear (&self->uri);
  g_free (self->known_hosts_file);
  g_free (self->global_known_hosts_file);
  g_free (self->config_file);
  g_free (self->identity_file);
  g_clear_object (&self->prompt);
  g_mutex_clear (&self->lock);
  g_mutex_clear (&self->connect_lock);
  g_mutex_clear (&self->prefetch_lock);
  G_OBJECT_CLASS (tdbg_ssh_source_parent_class)->finalize (object);
}

static void
tdbg_ssh_source_class_init (TdbgSshSourceClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tdbg_ssh_source_finalize;
}

static void
tdbg_ssh_source_init (TdbgSshSource *self)
{
  g_mutex_init (&self->lock);
  g_mutex_init (&self->connect_lock);
  g_mutex_init (&self->prefetch_lock);
  self->listed_sizes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

gboolean
tdbg_ssh_source_used_remote_program (TdbgSshSource *self)
{
  return self->used_remote_program;
}

guint64
tdbg_ssh_source_get_round_trips (TdbgSshSource *self)
{
  guint64 total;

  g_mutex_lock (&self->lock);
  total = self->round_trips + (self->reader ? tdbg_sftp_reader_get_round_trips (self->reader) : 0);
  g_mutex_unlock (&self->lock);
  return total;
}

TdbgSource *
tdbg_ssh_source_new (const char *uri, const TdbgSshOptions *options, GCancellable *cancellable, GError **error)
{
  g_autoptr(TdbgSshSource) self = g_object_new (TDBG_TYPE_SSH_SOURCE, NULL);
  static const TdbgSshOptions defaults = { 0 };
  const char *cache_dir, *program;

  if (options == NULL)
    options = &defaults;
  if (!tdbg_ssh_uri_parse (uri, &self->uri, error))
    return NULL;
  self->known_hosts_file = g_strdup (options->known_hosts_file);
  self->global_known_hosts_file = g_strdup (options->global_known_hosts_file);
  self->config_file = g_strdup (options->config_file);
  self->identity_file = g_strdup (options->identity_file);
  self->prompt = options->prompt ? g_object_ref (options->prompt) : NULL;
  self->timeout_seconds = options->timeout_seconds;
  self->no_compression = options->no_compression;
  cache_dir = options->cache_dir ? options->cache_dir : g_getenv ("TDBG_SSH_CACHE");
  if (cache_dir && *cache_dir)
    {
      g_autofree char *key = tdbg_ssh_uri_to_string (&self->uri);
      self->cache = tdbg_ssh_cache_new (cache_dir, key);
    }
  program = options->remote_program ? options->remote_program : g_getenv ("TDBG_SSH_REMOTE_PROGRAM");
  if (program == NULL)
    program = "tfdbg-gtk";
  if (*program && !g_str_equal (program, "no"))
    self->remote_program = g_strdup (program);
  self->exec_pending = self->remote_program != NULL;
  if (!tdbg_ssh_source_reconnect (self, cancellable, error))
    return NULL;
  return TDBG_SOURCE (g_steal_pointer (&self));
}
