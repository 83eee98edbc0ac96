/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* S3 settings of a test's own: no AWS_* variable of the machine's, and the credentials and
 * config files in @home (the test's folder) holding @credentials and @config (none when
 * NULL), named by AWS_SHARED_CREDENTIALS_FILE and AWS_CONFIG_FILE. */

#include <glib.h>

void aws_settings_reset (const char *home, const char *credentials, const char *config);
