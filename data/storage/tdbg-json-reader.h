/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A small JSON reader for what Google's servers answer (listing pages, error documents, OAuth 2
 * tokens) and the credential files Google's tools write: the whole document as a tree. Depth
 * is bounded; "\u0000" in a string is refused (every value here is a C string). */

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  TDBG_JSON_NULL,
  TDBG_JSON_BOOL,
  TDBG_JSON_NUMBER,
  TDBG_JSON_STRING,
  TDBG_JSON_ARRAY,
  TDBG_JSON_OBJECT,
} TdbgJsonKind;

typedef struct _TdbgJsonNode TdbgJsonNode;

/* FALSE-like NULL with @error naming the offset of the first byte that is not JSON. */
TdbgJsonNode *tdbg_json_parse (const char *data, gsize size, GError **error);
void tdbg_json_node_free (TdbgJsonNode *node);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgJsonNode, tdbg_json_node_free)

TdbgJsonKind tdbg_json_node_kind (const TdbgJsonNode *node);
/* An object's member, or NULL when @node is no object or has no @key. */
const TdbgJsonNode *tdbg_json_node_member (const TdbgJsonNode *node, const char *key);
/* An array's length (0 for anything else) and its items. */
guint tdbg_json_node_length (const TdbgJsonNode *node);
const TdbgJsonNode *tdbg_json_node_index (const TdbgJsonNode *node, guint i);
/* A string's value or a number's text ("123", Google writes sizes as strings); NULL else. */
const char *tdbg_json_node_text (const TdbgJsonNode *node);
/* tdbg_json_node_text() of @key's member; NULL when @node is NULL or the member is absent. */
const char *tdbg_json_node_member_text (const TdbgJsonNode *node, const char *key);

G_END_DECLS
