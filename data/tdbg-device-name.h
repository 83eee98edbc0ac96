/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The part of a TensorFlow device name that tells devices apart: "/job:localhost/replica:0/
 * task:0/device:GPU:1" is "GPU:1"; a device of another job or task keeps its host, so that
 * "/job:worker/replica:0/task:1/device:CPU:0" is "worker:1 CPU:0". The same for the host
 * names of file sets. */

#include <glib.h>

G_BEGIN_DECLS

/* The short name of @device (newly allocated); @device itself when it is no device name. */
char *tdbg_device_short_name (const char *device);
/* The host part of @device: "/job:worker/replica:0/task:1" (newly allocated), or NULL when
 * @device is no device name. */
char *tdbg_device_host (const char *device);
/* The short name of a host (newly allocated): its first DNS label, "worker-3" for
 * "worker-3.train.svc.cluster.local"; an IP address stays whole. */
char *tdbg_host_short_name (const char *host);

G_END_DECLS
