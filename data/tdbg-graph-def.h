/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A graph's GraphDef, where the producer recorded one (DebuggedGraph.original_graph_def, as
 * TF1 logdirs do): its nodes and their attributes (dtype, shape, small constants, T,
 * transpose_a, …), decoded with protobuf-c. */

#include <glib.h>
#include "libtdbg-proto.h"
#include "tdbg-json.h"

G_BEGIN_DECLS

/* NULL (with @error set) when the bytes are not a GraphDef. */
Tensorflow__GraphDef *tdbg_graph_def_parse (GBytes *bytes, GError **error);
void tdbg_graph_def_free (Tensorflow__GraphDef *graph_def);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (Tensorflow__GraphDef, tdbg_graph_def_free)

const Tensorflow__NodeDef *tdbg_graph_def_find_node (const Tensorflow__GraphDef *graph_def, const char *name);

/* TensorFlow's spelling of a dtype: "DT_FLOAT", "DT_INT32"; "DT_INVALID" when unknown. */
const char *tdbg_graph_def_dtype_name (gint dtype);

/* The node's attributes sorted by name, as text for a person ("DT_FLOAT", "[2, 3]", "true",
 * the first values of a constant). Returns (name, text) pairs: a NULL-terminated strv of
 * name, text, name, text, … */
char **tdbg_graph_def_attrs_text (const Tensorflow__NodeDef *node);
/* The node's attributes as one JSON object, sorted by name. */
void tdbg_graph_def_attrs_json (TdbgJson *json, const Tensorflow__NodeDef *node);

G_END_DECLS
