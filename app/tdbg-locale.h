/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Where the program's translations are: TDBG_LOCALEDIR when set; the catalogues compiled in
 * the build tree when the program runs from there (as the settings schema is found
 * uninstalled, see tdbg-settings.c); else the installed ones. */

#include <glib.h>

G_BEGIN_DECLS

/* The folder to bind the text domain to (newly allocated). */
char *tdbg_locale_dir (void);
/* Binds the program's text domain to tdbg_locale_dir(), in UTF-8. */
void tdbg_locale_bind (void);

G_END_DECLS
