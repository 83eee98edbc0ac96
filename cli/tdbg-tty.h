/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

/* Asks on the terminal, without echo unless @echo; NULL when there is no terminal. */
char *tdbg_tty_secret (const char *prompt, gboolean echo);
