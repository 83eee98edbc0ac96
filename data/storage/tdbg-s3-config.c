/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "tdbg-s3-config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "libtdbg-data.h"

static const char *
env (const char *name)
{
  const char *value = g_getenv (name);
  return value && *value ? value : NULL;
}

/* The `key = value` lines of one section of an AWS ini file. Nested settings (indented lines
 * under `s3 =`) and comments are skipped. Returns NULL when the file does not exist. */
static GHashTable *
read_section (const char *path, const char *section, gboolean *found_section, GError **error)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) read_error = NULL;
  g_auto(GStrv) lines = NULL;
  GHashTable *values;
  gboolean inside = FALSE;

  if (!g_file_get_contents (path, &contents, NULL, &read_error))
    {
      if (!g_error_matches (read_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        g_propagate_prefixed_error (error, g_steal_pointer (&read_error), "%s: ", path);
      return NULL;
    }
  values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      char *line = lines[i], *equals;
      gboolean indented = *line == ' ' || *line == '\t';

      g_strstrip (line);
      if (*line == '\0' || *line == '#' || *line == ';')
        continue;
      if (*line == '[' && g_str_has_suffix (line, "]"))
        {
          line[strlen (line) - 1] = '\0';
          inside = g_str_equal (g_strstrip (line + 1), section);
          *found_section |= inside;
          continue;
        }
      if (!inside || indented || (equals = strchr (line, '=')) == NULL)
        continue;
      *equals = '\0';
      g_hash_table_replace (values, g_strdup (g_strstrip (line)), g_strdup (g_strstrip (equals + 1)));
    }
  return values;
}

static char *
aws_file (const char *variable, const char *name)
{
  const char *path = env (variable);
  return path ? g_strdup (path) : g_build_filename (g_get_home_dir (), ".aws", name, NULL);
}

/* @key from the environment's @variable, else from @values, else NULL. */
static char *
setting (const char *variable, GHashTable *values, const char *key)
{
  const char *value = variable ? env (variable) : NULL;

  if (value == NULL && values)
    value = g_hash_table_lookup (values, key);
  return value && *value ? g_strdup (value) : NULL;
}

gboolean
tdbg_s3_config_load (TdbgS3Config *config, GError **error)
{
  g_autofree char *credentials_path = aws_file ("AWS_SHARED_CREDENTIALS_FILE", "credentials");
  g_autofree char *config_path = aws_file ("AWS_CONFIG_FILE", "config");
  g_autofree char *config_section = NULL;
  g_autoptr(GHashTable) credentials = NULL, settings = NULL;
  g_autoptr(GError) local_error = NULL;
  gboolean found = FALSE;

  memset (config, 0, sizeof *config);
  config->profile = g_strdup (env ("AWS_PROFILE") ? env ("AWS_PROFILE") : "default");
  /* The config file names profiles "profile NAME", but for the default one. */
  config_section = g_str_equal (config->profile, "default") ? g_strdup ("default")
                                                             : g_strconcat ("profile ", config->profile, NULL);
  credentials = read_section (credentials_path, config->profile, &found, &local_error);
  if (local_error == NULL)
    settings = read_section (config_path, config_section, &found, &local_error);
  if (local_error)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (!found && env ("AWS_PROFILE"))
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_AUTH, _("AWS profile “%s” is in neither %s nor %s"),
                   config->profile, credentials_path, config_path);
      return FALSE;
    }
  /* A key from the environment comes with its secret from there too, as AWS's tools take it. */
  if (env ("AWS_ACCESS_KEY_ID"))
    g_clear_pointer (&credentials, g_hash_table_unref);
  config->access_key_id = setting ("AWS_ACCESS_KEY_ID", credentials, "aws_access_key_id");
  if (config->access_key_id == NULL)
    config->access_key_id = setting (NULL, settings, "aws_access_key_id");
  config->secret_access_key = setting ("AWS_SECRET_ACCESS_KEY", credentials, "aws_secret_access_key");
  if (config->secret_access_key == NULL)
    config->secret_access_key = setting (NULL, settings, "aws_secret_access_key");
  config->session_token = setting ("AWS_SESSION_TOKEN", credentials, "aws_session_token");
  config->region = setting ("AWS_REGION", NULL, NULL);
  if (config->region == NULL)
    config->region = setting ("AWS_DEFAULT_REGION", settings, "region");
  if (config->region == NULL)
    config->region = g_strdup ("us-east-1");
  config->endpoint = setting ("AWS_ENDPOINT_URL_S3", NULL, NULL);
  if (config->endpoint == NULL)
    config->endpoint = setting ("AWS_ENDPOINT_URL", settings, "endpoint_url");
  if (config->endpoint)
    while (g_str_has_suffix (config->endpoint, "/"))
      config->endpoint[strlen (config->endpoint) - 1] = '\0';
  if (config->access_key_id && config->secret_access_key == NULL)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_AUTH, _("AWS access key %s has no secret key (AWS profile “%s”)"),
                   config->access_key_id, config->profile);
      tdbg_s3_config_clear (config);
      return FALSE;
    }
  return TRUE;
}

void
tdbg_s3_config_clear (TdbgS3Config *config)
{
  g_clear_pointer (&config->access_key_id, g_free);
  if (config->secret_access_key)
    memset (config->secret_access_key, 0, strlen (config->secret_access_key));
  g_clear_pointer (&config->secret_access_key, g_free);
  g_clear_pointer (&config->session_token, g_free);
  g_clear_pointer (&config->region, g_free);
  g_clear_pointer (&config->endpoint, g_free);
  g_clear_pointer (&config->profile, g_free);
}
