/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The page that says why a folder shows nothing and what to do about it. */

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TDBG_TYPE_PROBLEM_PAGE (tdbg_problem_page_get_type ())
G_DECLARE_FINAL_TYPE (TdbgProblemPage, tdbg_problem_page, TDBG, PROBLEM_PAGE, GtkWidget)

/* @show_label: the logdir holds something after all (executions; graphs and source), a
 * button so labelled shows it; NULL for none. */
void tdbg_problem_page_set (TdbgProblemPage *self, const char *icon_name, const char *title,
                            const char *description, const char *show_label);
const char *tdbg_problem_page_get_title (TdbgProblemPage *self);
const char *tdbg_problem_page_get_description (TdbgProblemPage *self);

G_END_DECLS
