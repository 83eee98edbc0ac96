/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Google Cloud Storage on 127.0.0.1 for a test: gcs-server.py (gcp-storage-emulator and the
 * front before it) started with the bucket "tfdbg-logs" (and "private-tfdbg-logs") holding
 * tutorial_mnist's logdir under runs/mnist, and @paged_objects small objects under paged/. */

#include <gio/gio.h>

G_BEGIN_DECLS

#define GCS_FIXTURE_BUCKET "tfdbg-logs"

typedef struct {
  GSubprocess *server;
  char *home;            /* a scratch folder, removed at the end */
  char *keys;            /* the credential files gcs-server.py wrote */
  char *emulator_host;   /* "127.0.0.1:PORT", for STORAGE_EMULATOR_HOST */
  char *front;           /* "http://127.0.0.1:PORT" */
} GcsFixture;

/* Starts the servers with the Python @python; returns once the buckets are filled. */
void gcs_fixture_start (GcsFixture *fixture, const char *python, guint paged_objects);
void gcs_fixture_stop (GcsFixture *fixture);

G_END_DECLS
