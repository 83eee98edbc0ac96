/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "tdbg-json-reader.h"

#include <string.h>
#include <glib/gi18n.h>

#include "libtdbg-data.h"

/* Deeper than any answer Google sends; keeps a hostile document off the stack's end. */
#define MAX_DEPTH 64

struct _TdbgJsonNode {
  TdbgJsonKind kind;
  char *text;        /* a string's value, a number's or a literal's text */
  GPtrArray *items;  /* an array's or an object's values */
  GPtrArray *keys;   /* an object's keys, one per item */
};

typedef struct {
  const char *data;
  gsize size;
  gsize at;
} Reader;

void
tdbg_json_node_free (TdbgJsonNode *node)
{
  if (node == NULL)
    return;
  g_free (node->text);
  g_clear_pointer (&node->items, g_ptr_array_unref);
  g_clear_pointer (&node->keys, g_ptr_array_unref);
  g_free (node);
}

static gboolean
fail (Reader *r, GError **error)
{
  g_autofree char *offset = g_strdup_printf ("%" G_GSIZE_FORMAT, r->at);

  /* Translators: a byte offset in a server's answer or a credentials file */
  g_set_error (error, TDBG_ERROR, TDBG_ERROR_CORRUPT, _("not JSON at offset %s"), offset);
  return FALSE;
}

static void
skip_space (Reader *r)
{
  while (r->at < r->size && strchr (" \t\r\n", r->data[r->at]) && r->data[r->at] != '\0')
    r->at++;
}

static gboolean
take (Reader *r, char c)
{
  skip_space (r);
  if (r->at < r->size && r->data[r->at] == c)
    {
      r->at++;
      return TRUE;
    }
  return FALSE;
}

static gint
hex4 (Reader *r)
{
  gint value = 0;

  if (r->at + 4 > r->size)
    return -1;
  for (guint i = 0; i < 4; i++)
    {
      gint digit = g_ascii_xdigit_value (r->data[r->at++]);
      if (digit < 0)
        return -1;
      value = value * 16 + digit;
    }
  return value;
}

/* After "\u": one code point, a surrogate pair joined. */
static gboolean
read_unicode_escape (Reader *r, GString *out)
{
  gint high = hex4 (r), low;
  gunichar c = high;

  if (high < 0)
    return FALSE;
  if (high >= 0xD800 && high < 0xDC00)
    {
      if (r->at + 2 > r->size || r->data[r->at] != '\\' || r->data[r->at + 1] != 'u')
        return FALSE;
      r->at += 2;
      low = hex4 (r);
      if (low < 0xDC00 || low >= 0xE000)
        return FALSE;
      c = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
    }
  else if (high >= 0xDC00 && high < 0xE000)
    return FALSE;
  if (c == 0)
    return FALSE;
  g_string_append_unichar (out, c);
  return TRUE;
}

static char *
read_string (Reader *r, GError **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  static const char escapes[] = "\"\"\\\\//b\bf\fn\nr\rt\t";

  if (!take (r, '"'))
    return fail (r, error), NULL;
  while (r->at < r->size)
    {
      char c = r->data[r->at++];
      const char *escape;

      if (c == '"')
        {
          if (!g_utf8_validate_len (out->str, out->len, NULL))
            return fail (r, error), NULL;
          return g_string_free (g_steal_pointer (&out), FALSE);
        }
      if ((guchar) c < 0x20)
        break;
      if (c != '\\')
        {
          g_string_append_c (out, c);
          continue;
        }
      if (r->at >= r->size)
        break;
      c = r->data[r->at++];
      if (c == 'u')
        {
          if (!read_unicode_escape (r, out))
            break;
          continue;
        }
      escape = c ? strchr (escapes, c) : NULL;
      if (escape == NULL || (escape - escapes) % 2 != 0)
        break;
      g_string_append_c (out, escape[1]);
    }
  fail (r, error);
  return NULL;
}

static TdbgJsonNode *
node_new (TdbgJsonKind kind, char *text)
{
  TdbgJsonNode *node = g_new0 (TdbgJsonNode, 1);

  node->kind = kind;
  node->text = text;
  if (kind == TDBG_JSON_ARRAY || kind == TDBG_JSON_OBJECT)
    node->items = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_json_node_free);
  if (kind == TDBG_JSON_OBJECT)
    node->keys = g_ptr_array_new_with_free_func (g_free);
  return node;
}

static TdbgJsonNode *read_value (Reader *r, guint depth, GError **error);

/* The items of an array or object after its opening bracket, up to @close. */
static gboolean
read_items (Reader *r, TdbgJsonNode *node, char close, guint depth, GError **error)
{
  if (take (r, close))
    return TRUE;
  do
    {
      TdbgJsonNode *item;

      if (node->keys)
        {
          char *key = read_string (r, error);
          if (key == NULL)
            return FALSE;
          g_ptr_array_add (node->keys, key);
          if (!take (r, ':'))
            return fail (r, error);
        }
      item = read_value (r, depth + 1, error);
      if (item == NULL)
        return FALSE;
      g_ptr_array_add (node->items, item);
    }
  while (take (r, ','));
  return take (r, close) || fail (r, error);
}

static TdbgJsonNode *
read_number (Reader *r, GError **error)
{
  gsize start = r->at;
  char *end = NULL;
  g_autofree char *text = NULL;

  while (r->at < r->size && strchr ("+-0123456789.eE", r->data[r->at]) && r->data[r->at] != '\0')
    r->at++;
  text = g_strndup (r->data + start, r->at - start);
  g_ascii_strtod (text, &end);
  if (r->at == start || end == NULL || *end != '\0')
    {
      r->at = start;
      return fail (r, error), NULL;
    }
  return node_new (TDBG_JSON_NUMBER, g_steal_pointer (&text));
}

static TdbgJsonNode *
read_literal (Reader *r, GError **error)
{
  static const struct {
    const char *word;
    TdbgJsonKind kind;
  } literals[] = { { "true", TDBG_JSON_BOOL }, { "false", TDBG_JSON_BOOL }, { "null", TDBG_JSON_NULL } };

  for (guint i = 0; i < G_N_ELEMENTS (literals); i++)
    {
      gsize length = strlen (literals[i].word);
      if (r->size - r->at >= length && memcmp (r->data + r->at, literals[i].word, length) == 0)
        {
          r->at += length;
          return node_new (literals[i].kind, g_strdup (literals[i].word));
        }
    }
  return fail (r, error), NULL;
}

static TdbgJsonNode *
read_value (Reader *r, guint depth, GError **error)
{
  g_autoptr(TdbgJsonNode) node = NULL;
  char c;

  skip_space (r);
  if (depth > MAX_DEPTH || r->at >= r->size)
    return fail (r, error), NULL;
  c = r->data[r->at];
  if (c == '"')
    {
      char *text = read_string (r, error);
      return text ? node_new (TDBG_JSON_STRING, text) : NULL;
    }
  if (c == '[' || c == '{')
    {
      r->at++;
      node = node_new (c == '[' ? TDBG_JSON_ARRAY : TDBG_JSON_OBJECT, NULL);
      if (!read_items (r, node, c == '[' ? ']' : '}', depth, error))
        return NULL;
      return g_steal_pointer (&node);
    }
  if (c == '-' || g_ascii_isdigit (c))
    return read_number (r, error);
  return read_literal (r, error);
}

TdbgJsonNode *
tdbg_json_parse (const char *data, gsize size, GError **error)
{
  Reader r = { data ? data : "", data ? size : 0, 0 };
  g_autoptr(TdbgJsonNode) node = read_value (&r, 0, error);

  if (node == NULL)
    return NULL;
  skip_space (&r);
  if (r.at != r.size)
    return fail (&r, error), NULL;
  return g_steal_pointer (&node);
}

TdbgJsonKind
tdbg_json_node_kind (const TdbgJsonNode *node)
{
  return node->kind;
}

const TdbgJsonNode *
tdbg_json_node_member (const TdbgJsonNode *node, const char *key)
{
  if (node == NULL || node->kind != TDBG_JSON_OBJECT)
    return NULL;
  /* The last of equal keys, as most readers take it. */
  for (guint i = node->keys->len; i > 0; i--)
    if (g_str_equal (g_ptr_array_index (node->keys, i - 1), key))
      return g_ptr_array_index (node->items, i - 1);
  return NULL;
}

guint
tdbg_json_node_length (const TdbgJsonNode *node)
{
  return node && node->kind == TDBG_JSON_ARRAY ? node->items->len : 0;
}

const TdbgJsonNode *
tdbg_json_node_index (const TdbgJsonNode *node, guint i)
{
  return i < tdbg_json_node_length (node) ? g_ptr_array_index (node->items, i) : NULL;
}

const char *
tdbg_json_node_text (const TdbgJsonNode *node)
{
  return node && (node->kind == TDBG_JSON_STRING || node->kind == TDBG_JSON_NUMBER) ? node->text : NULL;
}

const char *
tdbg_json_node_member_text (const TdbgJsonNode *node, const char *key)
{
  return tdbg_json_node_text (tdbg_json_node_member (node, key));
}
