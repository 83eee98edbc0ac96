/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "tdbg-gcs-json.h"

#include <glib/gi18n.h>

#include "libtdbg-data.h"
#include "tdbg-json-reader.h"

static TdbgJsonNode *
parse (GBytes *bytes, GError **error)
{
  gsize size = 0;
  const char *data = bytes ? g_bytes_get_data (bytes, &size) : NULL;

  return tdbg_json_parse (data, size, error);
}

/* A decimal count as Google writes it (a string, or a number); FALSE for anything else. */
static gboolean
read_count (const char *text, guint64 *value)
{
  return text != NULL && g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, value, NULL);
}

gboolean
tdbg_gcs_json_read_listing (GBytes *bytes, TdbgStorageListing *listing, char **next, GError **error)
{
  g_autoptr(TdbgJsonNode) page = parse (bytes, error);
  const TdbgJsonNode *items;
  const char *token;

  *next = NULL;
  if (page == NULL)
    return FALSE;
  if (g_strcmp0 (tdbg_json_node_member_text (page, "kind"), "storage#objects") != 0)
    {
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_CORRUPT, _("the server's listing is not a storage#objects page"));
      return FALSE;
    }
  items = tdbg_json_node_member (page, "items");
  for (guint i = 0; i < tdbg_json_node_length (items); i++)
    {
      const TdbgJsonNode *item = tdbg_json_node_index (items, i);
      guint64 size;

      if (read_count (tdbg_json_node_member_text (item, "size"), &size))
        tdbg_storage_listing_add (listing, tdbg_json_node_member_text (item, "name"), size);
    }
  items = tdbg_json_node_member (page, "prefixes");
  for (guint i = 0; i < tdbg_json_node_length (items); i++)
    tdbg_storage_listing_add_folder (listing, tdbg_json_node_text (tdbg_json_node_index (items, i)));
  token = tdbg_json_node_member_text (page, "nextPageToken");
  if (token && *token)
    *next = g_strdup (token);
  return TRUE;
}

gboolean
tdbg_gcs_json_read_size (GBytes *metadata, guint64 *size)
{
  g_autoptr(TdbgJsonNode) object = parse (metadata, NULL);

  return read_count (tdbg_json_node_member_text (object, "size"), size);
}

char *
tdbg_gcs_json_describe_error (GBytes *body, long status)
{
  g_autoptr(TdbgJsonNode) document = parse (body, NULL);
  const TdbgJsonNode *error = tdbg_json_node_member (document, "error");
  const TdbgJsonNode *first = tdbg_json_node_index (tdbg_json_node_member (error, "errors"), 0);
  const char *reason = tdbg_json_node_member_text (first, "reason");
  /* OAuth 2's answers say it as {"error": "invalid_grant", "error_description": "…"}. */
  const char *message = tdbg_json_node_member_text (error, "message");

  if (reason == NULL)
    reason = tdbg_json_node_member_text (document, "error");
  if (message == NULL)
    message = tdbg_json_node_member_text (document, "error_description");
  if (reason && message)
    return g_strdup_printf ("%ld %s (%s)", status, reason, message);
  if (reason || message)
    return g_strdup_printf ("%ld %s", status, reason ? reason : message);
  return g_strdup_printf ("%ld", status);
}
