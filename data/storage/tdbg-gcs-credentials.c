/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "tdbg-gcs-credentials.h"

#include <string.h>
#include <glib/gi18n.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

#include "libtdbg-data.h"
#include "tdbg-gcs-json.h"
#include "tdbg-json-reader.h"

#define GOOGLE_TOKEN_URI "https://oauth2.googleapis.com/token"
/* Reading objects is all a logdir needs. */
#define READ_ONLY_SCOPE "https://www.googleapis.com/auth/devstorage.read_only"
/* A token is renewed this long before it expires, so no request carries a stale one. */
#define EXPIRY_MARGIN_USEC (60 * G_USEC_PER_SEC)

typedef enum {
  KIND_ANONYMOUS,
  KIND_SERVICE_ACCOUNT,
  KIND_AUTHORIZED_USER,
  KIND_METADATA,
} Kind;

struct _TdbgGcsCredentials {
  Kind kind;
  char *described;
  char *token_uri;       /* a file's; the metadata server's token address */
  char *client_email;    /* service_account */
  char *private_key;
  char *client_id;       /* authorized_user */
  char *client_secret;
  char *refresh_token;
  GMutex lock;
  char *access_token;
  gint64 expires_at;     /* monotonic */
};

static void
forget (char **secret)
{
  if (*secret)
    memset (*secret, 0, strlen (*secret));
  g_clear_pointer (secret, g_free);
}

void
tdbg_gcs_credentials_free (TdbgGcsCredentials *credentials)
{
  g_free (credentials->described);
  g_free (credentials->token_uri);
  g_free (credentials->client_email);
  forget (&credentials->private_key);
  g_free (credentials->client_id);
  forget (&credentials->client_secret);
  forget (&credentials->refresh_token);
  forget (&credentials->access_token);
  g_mutex_clear (&credentials->lock);
  g_free (credentials);
}

static TdbgGcsCredentials *
credentials_new (Kind kind, char *described)
{
  TdbgGcsCredentials *credentials = g_new0 (TdbgGcsCredentials, 1);

  credentials->kind = kind;
  credentials->described = described;
  g_mutex_init (&credentials->lock);
  return credentials;
}

TdbgGcsCredentials *
tdbg_gcs_credentials_new_anonymous (void)
{
  return credentials_new (KIND_ANONYMOUS, g_strdup (_("no credentials")));
}

const char *
tdbg_gcs_credentials_describe (TdbgGcsCredentials *credentials)
{
  return credentials->described;
}

/* The members a kind of file must have, each copied into @credentials. */
static gboolean
take_members (TdbgGcsCredentials *credentials, const TdbgJsonNode *file, const char *path,
              const char *const *keys, char **const *fields, GError **error)
{
  for (guint i = 0; keys[i]; i++)
    {
      const char *value = tdbg_json_node_member_text (file, keys[i]);
      if (value == NULL || *value == '\0')
        {
          /* Translators: a credentials file, then a member it lacks ("private_key") */
          g_set_error (error, TDBG_ERROR, TDBG_ERROR_AUTH, _("%s: Google credentials without “%s”"), path, keys[i]);
          return FALSE;
        }
      *fields[i] = g_strdup (value);
    }
  return TRUE;
}

static TdbgGcsCredentials *
read_file (const char *path, GError **error)
{
  static const char *const account_keys[] = { "client_email", "private_key", NULL };
  static const char *const user_keys[] = { "client_id", "client_secret", "refresh_token", NULL };
  g_autoptr(GError) local_error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(TdbgJsonNode) file = NULL;
  g_autoptr(TdbgGcsCredentials) credentials = NULL;
  const char *type, *token_uri;
  gsize length;
  gboolean ok;

  if (!g_file_get_contents (path, &text, &length, &local_error) ||
      !(file = tdbg_json_parse (text, length, &local_error)))
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_AUTH, _("%s: cannot read Google credentials: %s"), path,
                   local_error->message);
      forget (&text);
      return NULL;
    }
  forget (&text);
  type = tdbg_json_node_member_text (file, "type");
  if (g_strcmp0 (type, "service_account") == 0)
    {
      /* Translators: a file's path */
      credentials = credentials_new (KIND_SERVICE_ACCOUNT, g_strdup_printf (_("service account key %s"), path));
      ok = take_members (credentials, file, path, account_keys,
                         (char **const[]) { &credentials->client_email, &credentials->private_key }, error);
    }
  else if (g_strcmp0 (type, "authorized_user") == 0)
    {
      /* Translators: a file's path */
      credentials = credentials_new (KIND_AUTHORIZED_USER, g_strdup_printf (_("user credentials %s"), path));
      ok = take_members (credentials, file, path, user_keys,
                         (char **const[]) { &credentials->client_id, &credentials->client_secret,
                                            &credentials->refresh_token },
                         error);
    }
  else
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_AUTH,
                   _("%s: Google credentials of type “%s” are not read here (service_account and authorized_user are)"),
                   path, type ? type : "");
      return NULL;
    }
  if (!ok)
    return NULL;
  token_uri = tdbg_json_node_member_text (file, "token_uri");
  credentials->token_uri = g_strdup (token_uri && *token_uri ? token_uri : GOOGLE_TOKEN_URI);
  return g_steal_pointer (&credentials);
}

static char *
gcloud_file (void)
{
  const char *config = g_getenv ("CLOUDSDK_CONFIG");

  if (config && *config)
    return g_build_filename (config, "application_default_credentials.json", NULL);
  return g_build_filename (g_get_user_config_dir (), "gcloud", "application_default_credentials.json", NULL);
}

TdbgGcsCredentials *
tdbg_gcs_credentials_find (GError **error)
{
  const char *named = g_getenv ("GOOGLE_APPLICATION_CREDENTIALS");
  const char *metadata_host = g_getenv ("GCE_METADATA_HOST");
  g_autofree char *gcloud = gcloud_file ();
  TdbgGcsCredentials *credentials;

  if (named && *named)
    return read_file (named, error);
  if (g_file_test (gcloud, G_FILE_TEST_EXISTS))
    return read_file (gcloud, error);
  if (metadata_host == NULL || *metadata_host == '\0')
    metadata_host = "metadata.google.internal";
  /* Translators: a host name */
  credentials = credentials_new (KIND_METADATA, g_strdup_printf (_("the metadata server %s"), metadata_host));
  credentials->token_uri =
    g_strdup_printf ("http://%s/computeMetadata/v1/instance/service-accounts/default/token", metadata_host);
  return credentials;
}

static char *
base64url (const guchar *data, gsize length)
{
  char *text = g_base64_encode (data, length);
  char *padding = strchr (text, '=');

  g_strdelimit (text, "+", '-');
  g_strdelimit (text, "/", '_');
  if (padding)
    *padding = '\0';
  return text;
}

static char *
base64url_json (TdbgJson *json)
{
  g_autofree char *text = tdbg_json_free_to_string (json);
  return base64url ((const guchar *) text, strlen (text));
}

/* RS256 of @input with the PEM key @pem, as base64url; NULL when the key is no RSA key. */
static char *
sign_rs256 (const char *pem, const char *input)
{
  BIO *bio = BIO_new_mem_buf (pem, -1);
  EVP_PKEY *key = bio ? PEM_read_bio_PrivateKey (bio, NULL, NULL, NULL) : NULL;
  EVP_MD_CTX *context = EVP_MD_CTX_new ();
  g_autofree guchar *signature = NULL;
  size_t length = 0;
  char *text = NULL;

  if (key && context && EVP_PKEY_get_base_id (key) == EVP_PKEY_RSA &&
      EVP_DigestSignInit (context, NULL, EVP_sha256 (), NULL, key) == 1 &&
      EVP_DigestSign (context, NULL, &length, (const guchar *) input, strlen (input)) == 1)
    {
      signature = g_malloc (length);
      if (EVP_DigestSign (context, signature, &length, (const guchar *) input, strlen (input)) == 1)
        text = base64url (signature, length);
    }
  EVP_MD_CTX_free (context);
  EVP_PKEY_free (key);
  BIO_free (bio);
  return text;
}

/* The service account's assertion (RFC 7523): who it is, what it asks for, for an hour. */
static char *
service_account_jwt (TdbgGcsCredentials *credentials, GError **error)
{
  g_autoptr(TdbgJson) header = tdbg_json_new (FALSE);
  g_autoptr(TdbgJson) claims = tdbg_json_new (FALSE);
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  g_autofree char *input = NULL, *signature = NULL;

  tdbg_json_begin_object (header);
  tdbg_json_member_string (header, "alg", "RS256");
  tdbg_json_member_string (header, "typ", "JWT");
  tdbg_json_end_object (header);
  tdbg_json_begin_object (claims);
  tdbg_json_member_string (claims, "iss", credentials->client_email);
  tdbg_json_member_string (claims, "scope", READ_ONLY_SCOPE);
  tdbg_json_member_string (claims, "aud", credentials->token_uri);
  tdbg_json_key (claims, "iat");
  tdbg_json_int (claims, now);
  tdbg_json_key (claims, "exp");
  tdbg_json_int (claims, now + 3600);
  tdbg_json_end_object (claims);
  {
    g_autofree char *h = base64url_json (g_steal_pointer (&header));
    g_autofree char *c = base64url_json (g_steal_pointer (&claims));
    input = g_strconcat (h, ".", c, NULL);
  }
  signature = sign_rs256 (credentials->private_key, input);
  if (signature == NULL)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_AUTH, _("%s: the private key is not an RSA key in PEM form"),
                   credentials->described);
      return NULL;
    }
  return g_strconcat (input, ".", signature, NULL);
}

/* "name=value&…", each value form-encoded. */
static char *
form (const char *const *pairs)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; pairs[i]; i += 2)
    {
      g_autofree char *value = tdbg_http_escape (pairs[i + 1], FALSE);
      g_string_append_printf (out, "%s%s=%s", i ? "&" : "", pairs[i], value);
    }
  return g_string_free (out, FALSE);
}

/* The token request's body for @credentials' kind; NULL for the metadata server's GET. */
static char *
token_request_body (TdbgGcsCredentials *credentials, GError **error)
{
  g_autofree char *jwt = NULL;

  switch (credentials->kind)
    {
    case KIND_SERVICE_ACCOUNT:
      jwt = service_account_jwt (credentials, error);
      if (jwt == NULL)
        return NULL;
      return form ((const char *const[]) { "grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer",
                                           "assertion", jwt, NULL });
    case KIND_AUTHORIZED_USER:
      return form ((const char *const[]) { "grant_type", "refresh_token", "client_id", credentials->client_id,
                                           "client_secret", credentials->client_secret, "refresh_token",
                                           credentials->refresh_token, NULL });
    case KIND_ANONYMOUS:
    case KIND_METADATA:
    default:
      return NULL;
    }
}

static gboolean
read_token (TdbgGcsCredentials *credentials, GBytes *answer, GError **error)
{
  gsize size;
  const char *data = g_bytes_get_data (answer, &size);
  g_autoptr(TdbgJsonNode) document = tdbg_json_parse (data, size, NULL);
  const char *token = tdbg_json_node_member_text (document, "access_token");
  const char *expires_in = tdbg_json_node_member_text (document, "expires_in");
  gint64 seconds = expires_in ? g_ascii_strtoll (expires_in, NULL, 10) : 3600;

  if (token == NULL || *token == '\0')
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_AUTH, _("%s: the token server's answer has no access token"),
                   credentials->described);
      return FALSE;
    }
  forget (&credentials->access_token);
  credentials->access_token = g_strdup (token);
  credentials->expires_at = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;
  return TRUE;
}

/* A new access token from the token server; with the lock held. */
static gboolean
fetch_token (TdbgGcsCredentials *credentials, TdbgHttp *http, GCancellable *cancellable, GError **error)
{
  g_autofree char *body = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *metadata_headers[] = { "Metadata-Flavor: Google", NULL };
  TdbgHttpRequest request = { .url = credentials->token_uri };
  TdbgHttpResponse response;
  gboolean ok;

  if (credentials->kind == KIND_METADATA)
    {
      request.headers = metadata_headers;
      request.once = TRUE;
    }
  else if (!(request.post_fields = body = token_request_body (credentials, error)))
    return FALSE;
  ok = tdbg_http_perform (http, &request, &response, cancellable, &local_error);
  forget (&body);
  if (!ok && credentials->kind == KIND_METADATA && !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      /* Not on a Google VM: no credentials anywhere, so public buckets only. */
      credentials->kind = KIND_ANONYMOUS;
      return TRUE;
    }
  if (!ok)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (response.status != 200)
    {
      g_autofree char *said = tdbg_gcs_json_describe_error (response.body, response.status);
      /* Translators: where the credentials come from, then what the token server said */
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_AUTH, _("%s: the token server answered %s"), credentials->described,
                   said);
      ok = FALSE;
    }
  else
    ok = read_token (credentials, response.body, error);
  tdbg_http_response_clear (&response);
  return ok;
}

char *
tdbg_gcs_credentials_authorization (TdbgGcsCredentials *credentials, TdbgHttp *http, GCancellable *cancellable,
                                    GError **error)
{
  char *line = NULL;

  g_mutex_lock (&credentials->lock);
  if (credentials->kind != KIND_ANONYMOUS &&
      (credentials->access_token == NULL || g_get_monotonic_time () > credentials->expires_at - EXPIRY_MARGIN_USEC) &&
      !fetch_token (credentials, http, cancellable, error))
    {
      g_mutex_unlock (&credentials->lock);
      return NULL;
    }
  if (credentials->kind != KIND_ANONYMOUS)
    line = g_strconcat ("Authorization: Bearer ", credentials->access_token, NULL);
  g_mutex_unlock (&credentials->lock);
  return line;
}
