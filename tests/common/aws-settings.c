/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "aws-settings.h"

#include <glib/gstdio.h>

static void
write_or_remove (const char *path, const char *contents)
{
  g_unlink (path);
  if (contents)
    g_assert_true (g_file_set_contents (path, contents, -1, NULL));
}

void
aws_settings_reset (const char *home, const char *credentials, const char *config)
{
  const char *variables[] = { "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE",
                              "AWS_REGION", "AWS_DEFAULT_REGION", "AWS_ENDPOINT_URL", "AWS_ENDPOINT_URL_S3" };
  g_autofree char *credentials_path = g_build_filename (home, "credentials", NULL);
  g_autofree char *config_path = g_build_filename (home, "config", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (variables); i++)
    g_unsetenv (variables[i]);
  g_setenv ("AWS_SHARED_CREDENTIALS_FILE", credentials_path, TRUE);
  g_setenv ("AWS_CONFIG_FILE", config_path, TRUE);
  write_or_remove (credentials_path, credentials);
  write_or_remove (config_path, config);
}
