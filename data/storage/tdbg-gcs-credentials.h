/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Google's Application Default Credentials, found as Google's client libraries find them:
 *  1. GOOGLE_APPLICATION_CREDENTIALS naming a service-account key (its JWT signed RS256 with
 *     libcrypto, the library curl's TLS is) or an authorized_user file;
 *  2. the file `gcloud auth application-default login` writes
 *     ($CLOUDSDK_CONFIG or ~/.config/gcloud, application_default_credentials.json): a
 *     refresh token;
 *  3. the metadata server of a Google VM (GCE_METADATA_HOST or metadata.google.internal),
 *     asked once; where there is none, requests go unsigned (public buckets).
 * Each is exchanged for an access token at the token_uri its file names (Google's by default),
 * kept until a minute before it expires. Nothing here is logged or written anywhere. */

#include <gio/gio.h>

#include "tdbg-http.h"

G_BEGIN_DECLS

typedef struct _TdbgGcsCredentials TdbgGcsCredentials;

/* NULL with @error when a file that is named or exists cannot be read or is of no kind read
 * here. */
TdbgGcsCredentials *tdbg_gcs_credentials_find (GError **error);
/* None: requests go unsigned (an emulator, a public bucket). */
TdbgGcsCredentials *tdbg_gcs_credentials_new_anonymous (void);
void tdbg_gcs_credentials_free (TdbgGcsCredentials *credentials);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgGcsCredentials, tdbg_gcs_credentials_free)

/* Where they come from, for messages ("service account key /path/key.json"); never a secret. */
const char *tdbg_gcs_credentials_describe (TdbgGcsCredentials *credentials);
/* An "Authorization: Bearer …" line for a request now, the token fetched or refreshed first
 * when needed; NULL without @error when the requests go unsigned. Thread-safe. */
char *tdbg_gcs_credentials_authorization (TdbgGcsCredentials *credentials, TdbgHttp *http,
                                          GCancellable *cancellable, GError **error);

G_END_DECLS
