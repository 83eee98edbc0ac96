/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-device-name.h"

#include <string.h>

typedef struct {
  const char *job, *replica, *task, *device;   /* into the split components */
} DeviceParts;

/* Splits "/job:J/replica:R/task:T/device:D" into @parts (pointing into @components);
 * FALSE when @device has no "device:" component. */
static gboolean
parse (char **components, DeviceParts *parts)
{
  memset (parts, 0, sizeof *parts);
  for (guint i = 0; components[i]; i++)
    {
      const char *c = components[i];
      if (g_str_has_prefix (c, "job:"))
        parts->job = c + 4;
      else if (g_str_has_prefix (c, "replica:"))
        parts->replica = c + 8;
      else if (g_str_has_prefix (c, "task:"))
        parts->task = c + 5;
      else if (g_str_has_prefix (c, "device:"))
        parts->device = c + 7;
    }
  return parts->device != NULL && *parts->device != '\0';
}

/* Whether the device is in the process that wrote the logdir (TensorFlow's local job). */
static gboolean
is_local (const DeviceParts *parts)
{
  return (parts->job == NULL || g_str_equal (parts->job, "localhost")) &&
         (parts->replica == NULL || g_str_equal (parts->replica, "0")) &&
         (parts->task == NULL || g_str_equal (parts->task, "0"));
}

char *
tdbg_device_short_name (const char *device)
{
  g_auto(GStrv) components = NULL;
  DeviceParts parts;

  if (device == NULL)
    return g_strdup ("");
  components = g_strsplit (device, "/", -1);
  if (!parse (components, &parts))
    return g_strdup (device);
  if (is_local (&parts))
    return g_strdup (parts.device);
  if (parts.replica && !g_str_equal (parts.replica, "0"))
    return g_strdup_printf ("%s:%s:%s %s", parts.job ? parts.job : "", parts.replica, parts.task ? parts.task : "0",
                            parts.device);
  return g_strdup_printf ("%s:%s %s", parts.job ? parts.job : "", parts.task ? parts.task : "0", parts.device);
}

char *
tdbg_device_host (const char *device)
{
  const char *slash;

  if (device == NULL || (slash = strstr (device, "/device:")) == NULL)
    return NULL;
  return g_strndup (device, (gsize) (slash - device));
}

/* Whether @host is written as an IPv4 or IPv6 address, whose parts all matter. */
static gboolean
is_address (const char *host)
{
  gboolean colon = strchr (host, ':') != NULL;

  for (const char *p = host; *p; p++)
    if (!(g_ascii_isdigit (*p) || *p == '.' || (colon && (g_ascii_isxdigit (*p) || *p == ':'))))
      return FALSE;
  return TRUE;
}

char *
tdbg_host_short_name (const char *host)
{
  const char *dot;

  if (host == NULL)
    return g_strdup ("");
  dot = strchr (host, '.');
  if (dot == NULL || dot == host || is_address (host))
    return g_strdup (host);
  return g_strndup (host, (gsize) (dot - host));
}
