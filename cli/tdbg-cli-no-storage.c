/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The command line in a build without object storage (-Dobject_store=false): s3:// addresses
 * are recognised and refused with a message (tdbg-location.c). */
#include "config.h"

#include "tdbg-cli-private.h"

void
_tdbg_cli_storage_init (void)
{
}
