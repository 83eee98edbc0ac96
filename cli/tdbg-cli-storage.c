/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The command line in a build that reads object storage: s3:// addresses open. */
#include "config.h"

#include "tdbg-cli-private.h"
#include "libtdbg-storage.h"

void
_tdbg_cli_storage_init (void)
{
  tdbg_storage_init ();
}
