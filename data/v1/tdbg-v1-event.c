/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The small things a V1 dump's names and files hold: one serialized Event, a dump file's name,
 * a device folder's name, the flat JSON of the core metadata and of the debugger plugin. */
#include "tdbg-v1-dump.h"

#include <string.h>
#include "libtdbg-data.h"

/* Event: 1 wall_time, 2 step, 3 file_version, 4 graph_def, 5 summary, 6 log_message. Summary:
 * 1 value. Summary.Value: 1 tag, 7 node_name, 8 tensor, 9 metadata. SummaryMetadata: 1
 * plugin_data. PluginData: 1 plugin_name, 2 content. LogMessage: 1 level, 2 message. */

static void
span_set (TdbgV1Span *span, const TdbgWireField *f)
{
  span->data = f->data;
  span->length = f->length;
}

static gboolean
fail_at (const TdbgWire *w, const guint8 *base, gsize *bad_offset)
{
  if (bad_offset)
    *bad_offset = MIN ((gsize) (w->p - base), (gsize) (w->end - base));
  return FALSE;
}

/* Each nested message is walked with its own reader; a failure names its offset in the
 * whole Event. */
static gboolean
parse_plugin_data (const guint8 *base, const TdbgWireField *outer, TdbgV1Event *event, gsize *bad_offset)
{
  TdbgWire w;
  TdbgWireField f;
  tdbg_wire_init (&w, outer->data, outer->length);
  while (tdbg_wire_next (&w, &f))
    if (f.number == 2 && f.wire_type == 2)
      span_set (&event->plugin_content, &f);
  return w.failed ? fail_at (&w, base, bad_offset) : TRUE;
}

static gboolean
parse_metadata (const guint8 *base, const TdbgWireField *outer, TdbgV1Event *event, gsize *bad_offset)
{
  TdbgWire w;
  TdbgWireField f;
  tdbg_wire_init (&w, outer->data, outer->length);
  while (tdbg_wire_next (&w, &f))
    if (f.number == 1 && f.wire_type == 2 && !parse_plugin_data (base, &f, event, bad_offset))
      return FALSE;
  return w.failed ? fail_at (&w, base, bad_offset) : TRUE;
}

static gboolean
parse_value (const guint8 *base, const TdbgWireField *outer, TdbgV1Event *event, gsize *bad_offset)
{
  TdbgWire w;
  TdbgWireField f;
  tdbg_wire_init (&w, outer->data, outer->length);
  event->n_values++;
  while (tdbg_wire_next (&w, &f))
    {
      if (f.wire_type != 2)
        continue;
      if (f.number == 1)
        span_set (&event->tag, &f);
      else if (f.number == 7)
        span_set (&event->node_name, &f);
      else if (f.number == 8)
        {
          span_set (&event->tensor, &f);
          event->kind = TDBG_V1_EVENT_TENSOR;
        }
      else if (f.number == 9 && !parse_metadata (base, &f, event, bad_offset))
        return FALSE;
    }
  return w.failed ? fail_at (&w, base, bad_offset) : TRUE;
}

static gboolean
parse_summary (const guint8 *base, const TdbgWireField *outer, TdbgV1Event *event, gsize *bad_offset)
{
  TdbgWire w;
  TdbgWireField f;
  tdbg_wire_init (&w, outer->data, outer->length);
  while (tdbg_wire_next (&w, &f))
    /* A dump holds one value; the first is the one read. */
    if (f.number == 1 && f.wire_type == 2 && event->n_values == 0 && !parse_value (base, &f, event, bad_offset))
      return FALSE;
  return w.failed ? fail_at (&w, base, bad_offset) : TRUE;
}

static gboolean
parse_log (const guint8 *base, const TdbgWireField *outer, TdbgV1Event *event, gsize *bad_offset)
{
  TdbgWire w;
  TdbgWireField f;
  tdbg_wire_init (&w, outer->data, outer->length);
  while (tdbg_wire_next (&w, &f))
    if (f.number == 2 && f.wire_type == 2)
      span_set (&event->message, &f);
  event->kind = TDBG_V1_EVENT_LOG;
  return w.failed ? fail_at (&w, base, bad_offset) : TRUE;
}

gboolean
tdbg_v1_event_parse (const guint8 *data, gsize length, TdbgV1Event *event, gsize *bad_offset)
{
  TdbgWire w;
  TdbgWireField f;

  memset (event, 0, sizeof *event);
  tdbg_wire_init (&w, data, length);
  while (tdbg_wire_next (&w, &f))
    {
      if (f.number == 1 && f.wire_type == 1)
        event->wall_time = tdbg_wire_double (&f);
      else if (f.wire_type != 2)
        continue;
      else if (f.number == 4)
        {
          span_set (&event->graph_def, &f);
          event->kind = TDBG_V1_EVENT_GRAPH;
        }
      else if (f.number == 5 && !parse_summary (data, &f, event, bad_offset))
        return FALSE;
      else if (f.number == 6 && !parse_log (data, &f, event, bad_offset))
        return FALSE;
    }
  if (w.failed)
    return fail_at (&w, data, bad_offset);
  return TRUE;
}

static gboolean
all_digits (const char *s)
{
  if (*s == '\0')
    return FALSE;
  for (; *s; s++)
    if (!g_ascii_isdigit (*s))
      return FALSE;
  return TRUE;
}

gboolean
tdbg_v1_parse_dump_name (const char *base, char **node_base, guint *slot, char **debug_op, guint64 *timestamp,
                         guint *collision)
{
  g_auto(GStrv) parts = g_strsplit (base, "_", -1);
  guint n = g_strv_length (parts);
  g_auto(GStrv) time = NULL;
  guint64 value;

  /* As debug_data.py: the last three "_"-separated parts are the slot, the op and the time,
   * the time perhaps with "-<n>" after it. */
  if (n < 4 || !all_digits (parts[n - 3]) || parts[n - 2][0] == '\0' || (n == 4 && parts[0][0] == '\0'))
    return FALSE;
  /* (An empty time splits into no part at all.) */
  time = g_strsplit (parts[n - 1], "-", 2);
  if (time[0] == NULL || !all_digits (time[0]) || (time[1] && !all_digits (time[1])))
    return FALSE;
  if (!g_ascii_string_to_unsigned (parts[n - 3], 10, 0, G_MAXUINT16, &value, NULL))
    return FALSE;
  *slot = (guint) value;
  if (!g_ascii_string_to_unsigned (time[0], 10, 0, G_MAXUINT64, timestamp, NULL))
    return FALSE;
  *collision = 0;
  if (time[1])
    {
      if (!g_ascii_string_to_unsigned (time[1], 10, 0, G_MAXUINT32, &value, NULL))
        return FALSE;
      *collision = (guint) value;
    }
  *debug_op = g_strdup (parts[n - 2]);
  {
    GString *node = g_string_new (parts[0]);
    for (guint i = 1; i < n - 3; i++)
      g_string_append_printf (node, "_%s", parts[i]);
    *node_base = g_string_free (node, FALSE);
  }
  return TRUE;
}

char *
tdbg_v1_device_from_folder (const char *folder)
{
  const char *prefix = "_tfdbg_device_";
  g_auto(GStrv) items = NULL;
  GString *name;

  if (!g_str_has_prefix (folder, prefix) || folder[strlen (prefix)] == '\0')
    return NULL;
  items = g_strsplit (folder + strlen (prefix), ",", -1);
  name = g_string_new (NULL);
  for (guint i = 0; items[i]; i++)
    {
      g_autoptr(GString) item = g_string_new (items[i]);
      char *underscore;
      if (g_str_has_prefix (item->str, "device_"))
        item->str[strlen ("device")] = ':';
      if ((underscore = strchr (item->str, '_')) != NULL)
        *underscore = ':';
      if (i > 0)
        g_string_append_c (name, '/');
      g_string_append (name, item->str);
    }
  return g_string_free (name, FALSE);
}

/* The flat JSON reader. */

typedef struct {
  const char *p;
  const char *end;
} Json;

static void
skip_space (Json *j)
{
  while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r'))
    j->p++;
}

static gboolean
eat (Json *j, char c)
{
  skip_space (j);
  if (j->p < j->end && *j->p == c)
    {
      j->p++;
      return TRUE;
    }
  return FALSE;
}

static char *
read_string (Json *j)
{
  g_autoptr(GString) out = g_string_new (NULL);

  if (!eat (j, '"'))
    return NULL;
  while (j->p < j->end && *j->p != '"')
    {
      char c = *j->p++;
      if (c != '\\')
        {
          g_string_append_c (out, c);
          continue;
        }
      if (j->p >= j->end)
        return NULL;
      c = *j->p++;
      switch (c)
        {
        case 'n': g_string_append_c (out, '\n'); break;
        case 't': g_string_append_c (out, '\t'); break;
        case 'r': g_string_append_c (out, '\r'); break;
        case 'b': g_string_append_c (out, '\b'); break;
        case 'f': g_string_append_c (out, '\f'); break;
        case 'u':
          {
            guint64 code;
            char hex[5] = { 0 };
            if (j->end - j->p < 4)
              return NULL;
            memcpy (hex, j->p, 4);
            if (!g_ascii_string_to_unsigned (hex, 16, 0, 0xffff, &code, NULL))
              return NULL;
            j->p += 4;
            /* Surrogates stand for themselves as U+FFFD: names in dumps are ASCII. */
            g_string_append_unichar (out, code >= 0xd800 && code < 0xe000 ? 0xfffd : (gunichar) code);
            break;
          }
        default: g_string_append_c (out, c); break;
        }
    }
  if (j->p >= j->end)
    return NULL;
  j->p++;
  if (!g_utf8_validate (out->str, out->len, NULL) || memchr (out->str, '\0', out->len))
    return NULL;
  return g_string_free (g_steal_pointer (&out), FALSE);
}

typedef struct {
  gboolean is_int;
  gint64 number;
  char *string;
  GStrv strv;
} Value;

static void
value_free (Value *v)
{
  g_free (v->string);
  g_strfreev (v->strv);
  g_free (v);
}

/* A value: a whole number, a string or an array of strings are kept; any other (a fraction,
 * true, null, an array of numbers) is read and left out (*value NULL). */
static gboolean
read_value (Json *j, Value **value)
{
  skip_space (j);
  *value = NULL;
  if (j->p >= j->end)
    return FALSE;
  if (*j->p == '"')
    {
      char *s = read_string (j);
      if (s == NULL)
        return FALSE;
      *value = g_new0 (Value, 1);
      (*value)->string = s;
      return TRUE;
    }
  if (*j->p == '[')
    {
      g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
      gboolean strings = TRUE;
      j->p++;
      if (!eat (j, ']'))
        {
          do
            {
              skip_space (j);
              if (j->p < j->end && *j->p == '"')
                {
                  char *s = read_string (j);
                  if (s == NULL)
                    return FALSE;
                  g_ptr_array_add (items, s);
                }
              else
                {
                  Value *item;
                  /* No arrays within arrays: a depth of one keeps the reader's stack flat. */
                  if (j->p < j->end && *j->p == '[')
                    return FALSE;
                  if (!read_value (j, &item))
                    return FALSE;
                  strings = FALSE;
                  if (item)
                    value_free (item);
                }
            }
          while (eat (j, ','));
          if (!eat (j, ']'))
            return FALSE;
        }
      if (strings)
        {
          g_ptr_array_add (items, NULL);
          *value = g_new0 (Value, 1);
          (*value)->strv = (GStrv) g_ptr_array_free (g_steal_pointer (&items), FALSE);
        }
      return TRUE;
    }
  {
    const char *start = j->p;
    g_autofree char *text = NULL;
    gint64 number;
    while (j->p < j->end && strchr ("+-.0123456789eEtruefalsn", *j->p) && *j->p != '\0')
      j->p++;
    if (j->p == start)
      return FALSE;
    text = g_strndup (start, j->p - start);
    if (g_ascii_string_to_signed (text, 10, G_MININT64, G_MAXINT64, &number, NULL))
      {
        *value = g_new0 (Value, 1);
        (*value)->is_int = TRUE;
        (*value)->number = number;
      }
    return TRUE;
  }
}

GHashTable *
tdbg_v1_json_parse (const char *text, gsize length)
{
  g_autoptr(GHashTable) object = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                        (GDestroyNotify) value_free);
  Json j = { text, text ? text + length : NULL };

  /* An empty message (a log_message without its text) is no object. */
  if (text == NULL || !eat (&j, '{'))
    return NULL;
  if (eat (&j, '}'))
    return g_steal_pointer (&object);
  do
    {
      g_autofree char *key = read_string (&j);
      Value *value;
      if (key == NULL || !eat (&j, ':') || !read_value (&j, &value))
        return NULL;
      if (value)
        g_hash_table_replace (object, g_steal_pointer (&key), value);
    }
  while (eat (&j, ','));
  if (!eat (&j, '}'))
    return NULL;
  return g_steal_pointer (&object);
}

gboolean
tdbg_v1_json_get_int (GHashTable *object, const char *key, gint64 *value)
{
  Value *v = object ? g_hash_table_lookup (object, key) : NULL;
  if (v == NULL || !v->is_int)
    return FALSE;
  *value = v->number;
  return TRUE;
}

const char *
tdbg_v1_json_get_string (GHashTable *object, const char *key)
{
  Value *v = object ? g_hash_table_lookup (object, key) : NULL;
  return v ? v->string : NULL;
}

const char *const *
tdbg_v1_json_get_strv (GHashTable *object, const char *key)
{
  Value *v = object ? g_hash_table_lookup (object, key) : NULL;
  return v ? (const char *const *) v->strv : NULL;
}
