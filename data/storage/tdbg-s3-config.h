/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Where an S3 client finds its settings, as AWS's own tools do: the environment
 * (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, AWS_PROFILE, AWS_REGION,
 * AWS_DEFAULT_REGION, AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL), then the profile's section of
 * ~/.aws/credentials and ~/.aws/config (or AWS_SHARED_CREDENTIALS_FILE, AWS_CONFIG_FILE).
 * Nothing here is logged or written anywhere. */

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  char *access_key_id;      /* NULL: anonymous (unsigned requests, for public buckets) */
  char *secret_access_key;
  char *session_token;      /* NULL unless temporary credentials */
  char *region;             /* never NULL: us-east-1 when nothing says */
  char *endpoint;           /* NULL: AWS itself; else "http(s)://host:port" (MinIO, Ceph, R2…) */
  char *profile;            /* the profile read */
} TdbgS3Config;

/* Reads the settings; FALSE when a file that exists cannot be read, or a profile named by
 * AWS_PROFILE exists nowhere. */
gboolean tdbg_s3_config_load (TdbgS3Config *config, GError **error);
void tdbg_s3_config_clear (TdbgS3Config *config);

G_END_DECLS
