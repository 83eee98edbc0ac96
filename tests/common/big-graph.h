/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A logdir holding one large graph, "big", made with the fixture writer: @n_scopes top-level
 * name scopes "layer_<k>" of @ops_per_scope ops each (a Const, then a chain of Adds fed by
 * the previous scope), a control input per scope, the ops of every other scope traced and
 * one of them NaN. For the whole-graph browser's test and the layout benchmark. */

#include <glib.h>

G_BEGIN_DECLS

#define BIG_GRAPH_ID "big-graph-0000"

/* Writes it into @dir (made if missing); the number of ops. */
guint big_graph_write (const char *dir, guint n_scopes, guint ops_per_scope);

G_END_DECLS
