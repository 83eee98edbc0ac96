/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The About window and the bundled demo logdir. */

#include <gtk/gtk.h>

G_BEGIN_DECLS

void tdbg_show_about (GtkWindow *parent);

/* The demo logdir under the user's cache folder ($XDG_CACHE_HOME/tfdbg-gtk/demo-logdir),
 * written with the project's demo writer unless it is there already. Returns its path. */
char *tdbg_demo_logdir_ensure (GError **error);

G_END_DECLS
