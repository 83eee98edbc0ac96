/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Remote logdirs for tdbg-location.h: ssh:// addresses parsed by tdbg-ssh-uri.h and opened as
 * a TdbgSshSource. A program reading remote logdirs calls it once at start-up, before any
 * location is parsed; without it they are refused (as in a build without data/remote/). */

#include <glib.h>

G_BEGIN_DECLS

void tdbg_remote_init (void);

G_END_DECLS
