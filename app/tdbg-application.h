/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The GtkApplication: one window per logdir given on the command line. */

#include <adwaita.h>

G_BEGIN_DECLS

#define TDBG_TYPE_APPLICATION (tdbg_application_get_type ())
G_DECLARE_FINAL_TYPE (TdbgApplication, tdbg_application, TDBG, APPLICATION, AdwApplication)

TdbgApplication *tdbg_application_new (void);

G_END_DECLS
