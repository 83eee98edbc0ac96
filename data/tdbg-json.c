/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-json.h"

#include <math.h>
#include <string.h>

#define MAX_DEPTH 64

struct _TdbgJson {
  GString *out;
  gboolean pretty;
  guint depth;
  gboolean has_items[MAX_DEPTH];
  gboolean after_key;
};

TdbgJson *
tdbg_json_new (gboolean pretty)
{
  TdbgJson *json = g_new0 (TdbgJson, 1);
  json->out = g_string_new (NULL);
  json->pretty = pretty;
  return json;
}

char *
tdbg_json_free_to_string (TdbgJson *json)
{
  char *text = g_string_free (json->out, FALSE);
  g_free (json);
  return text;
}

void
tdbg_json_free (TdbgJson *json)
{
  g_string_free (json->out, TRUE);
  g_free (json);
}

static void
newline (TdbgJson *json)
{
  if (!json->pretty)
    return;
  g_string_append_c (json->out, '\n');
  for (guint i = 0; i < json->depth; i++)
    g_string_append (json->out, "  ");
}

/* Separator and indentation before a value (or a key). */
static void
before_item (TdbgJson *json)
{
  if (json->after_key)
    {
      json->after_key = FALSE;
      return;
    }
  if (json->depth > 0 && json->depth <= MAX_DEPTH)
    {
      if (json->has_items[json->depth - 1])
        g_string_append_c (json->out, ',');
      json->has_items[json->depth - 1] = TRUE;
      newline (json);
    }
}

static void
open_container (TdbgJson *json, char c)
{
  before_item (json);
  g_string_append_c (json->out, c);
  if (json->depth < MAX_DEPTH)
    json->has_items[json->depth] = FALSE;
  json->depth++;
}

static void
close_container (TdbgJson *json, char c)
{
  gboolean had_items = json->depth <= MAX_DEPTH && json->has_items[json->depth - 1];
  json->depth--;
  if (had_items)
    newline (json);
  g_string_append_c (json->out, c);
}

void tdbg_json_begin_object (TdbgJson *json) { open_container (json, '{'); }
void tdbg_json_end_object (TdbgJson *json) { close_container (json, '}'); }
void tdbg_json_begin_array (TdbgJson *json) { open_container (json, '['); }
void tdbg_json_end_array (TdbgJson *json) { close_container (json, ']'); }

static void
append_escaped (GString *out, const char *s, gsize length)
{
  g_string_append_c (out, '"');
  for (gsize i = 0; i < length; i++)
    {
      guchar c = s[i];
      switch (c)
        {
        case '"': g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        default:
          if (c < 0x20)
            g_string_append_printf (out, "\\u%04x", c);
          else
            g_string_append_c (out, c);
        }
    }
  g_string_append_c (out, '"');
}

void
tdbg_json_key (TdbgJson *json, const char *key)
{
  before_item (json);
  append_escaped (json->out, key, strlen (key));
  g_string_append (json->out, json->pretty ? ": " : ":");
  json->after_key = TRUE;
}

/* Logdir strings are bytes; invalid UTF-8 is replaced so the output stays valid JSON. */
void
tdbg_json_string_len (TdbgJson *json, const char *value, gsize length)
{
  g_autofree char *valid = NULL;

  before_item (json);
  if (value == NULL)
    {
      g_string_append (json->out, "null");
      return;
    }
  if (!g_utf8_validate_len (value, length, NULL))
    {
      valid = g_utf8_make_valid (value, length);
      value = valid;
      length = strlen (valid);
    }
  append_escaped (json->out, value, length);
}

/* A tensor's string element is bytes: valid UTF-8 is written as text and each byte that is not
 * as the lone surrogate \udcNN, as Python's "surrogateescape" decodes it, so that
 * s.encode("utf-8", "surrogateescape") gives back exactly the bytes recorded. */
void
tdbg_json_bytes (TdbgJson *json, const char *value, gsize length)
{
  const char *end = value + length;

  before_item (json);
  g_string_append_c (json->out, '"');
  while (value < end)
    {
      const char *valid_end;
      GString *run = g_string_new (NULL);
      g_utf8_validate_len (value, (gsize) (end - value), &valid_end);
      append_escaped (run, value, (gsize) (valid_end - value));
      /* without the quotes append_escaped put around the run */
      g_string_append_len (json->out, run->str + 1, (gssize) run->len - 2);
      g_string_free (run, TRUE);
      if (valid_end < end && *valid_end == '\0')
        g_string_append (json->out, "\\u0000");
      else if (valid_end < end)
        g_string_append_printf (json->out, "\\udc%02x", (guchar) *valid_end);
      if (valid_end < end)
        valid_end++;
      value = valid_end;
    }
  g_string_append_c (json->out, '"');
}

void
tdbg_json_string (TdbgJson *json, const char *value)
{
  tdbg_json_string_len (json, value, value ? strlen (value) : 0);
}

void
tdbg_json_int (TdbgJson *json, gint64 value)
{
  before_item (json);
  g_string_append_printf (json->out, "%" G_GINT64_FORMAT, value);
}

void
tdbg_json_uint (TdbgJson *json, guint64 value)
{
  before_item (json);
  g_string_append_printf (json->out, "%" G_GUINT64_FORMAT, value);
}

void
tdbg_json_double (TdbgJson *json, double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  before_item (json);
  if (isnan (value))
    g_string_append (json->out, "\"nan\"");
  else if (isinf (value))
    g_string_append (json->out, value < 0 ? "\"-inf\"" : "\"inf\"");
  else if (value == floor (value) && fabs (value) < 9007199254740992.0)
    g_string_append_printf (json->out, "%.0f", value);
  else
    g_string_append (json->out, g_ascii_dtostr (buf, sizeof buf, value));
}

void
tdbg_json_bool (TdbgJson *json, gboolean value)
{
  before_item (json);
  g_string_append (json->out, value ? "true" : "false");
}

void
tdbg_json_null (TdbgJson *json)
{
  before_item (json);
  g_string_append (json->out, "null");
}

void
tdbg_json_member_string (TdbgJson *json, const char *key, const char *value)
{
  tdbg_json_key (json, key);
  tdbg_json_string (json, value);
}

void
tdbg_json_member_uint (TdbgJson *json, const char *key, guint64 value)
{
  tdbg_json_key (json, key);
  tdbg_json_uint (json, value);
}

void
tdbg_json_member_double_or_null (TdbgJson *json, const char *key, double value)
{
  tdbg_json_key (json, key);
  if (isnan (value))
    tdbg_json_null (json);
  else
    tdbg_json_double (json, value);
}

void
tdbg_json_member_uint_or_null (TdbgJson *json, const char *key, guint32 value, guint32 none)
{
  tdbg_json_key (json, key);
  if (value == none)
    tdbg_json_null (json);
  else
    tdbg_json_uint (json, value);
}
