/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-graph-def.h"

#include <string.h>
#include <glib/gi18n.h>

#include "tdbg-error.h"
#include "tdbg-tensor.h"

/* Values of a constant shown in full up to this many; a longer one shows its first ones. */
#define MAX_CONSTANT_VALUES 16

static const char *const dtype_names[] = {
  "DT_INVALID", "DT_FLOAT", "DT_DOUBLE", "DT_INT32", "DT_UINT8", "DT_INT16", "DT_INT8", "DT_STRING",
  "DT_COMPLEX64", "DT_INT64", "DT_BOOL", "DT_QINT8", "DT_QUINT8", "DT_QINT32", "DT_BFLOAT16",
  "DT_QINT16", "DT_QUINT16", "DT_UINT16", "DT_COMPLEX128", "DT_HALF", "DT_RESOURCE", "DT_VARIANT",
  "DT_UINT32", "DT_UINT64",
};
static const char *const dtype_ref_names[] = {
  "DT_INVALID_REF", "DT_FLOAT_REF", "DT_DOUBLE_REF", "DT_INT32_REF", "DT_UINT8_REF", "DT_INT16_REF",
  "DT_INT8_REF", "DT_STRING_REF", "DT_COMPLEX64_REF", "DT_INT64_REF", "DT_BOOL_REF", "DT_QINT8_REF",
  "DT_QUINT8_REF", "DT_QINT32_REF", "DT_BFLOAT16_REF", "DT_QINT16_REF", "DT_QUINT16_REF", "DT_UINT16_REF",
  "DT_COMPLEX128_REF", "DT_HALF_REF", "DT_RESOURCE_REF", "DT_VARIANT_REF", "DT_UINT32_REF", "DT_UINT64_REF",
};
G_STATIC_ASSERT (G_N_ELEMENTS (dtype_names) == G_N_ELEMENTS (dtype_ref_names));

const char *
tdbg_graph_def_dtype_name (gint dtype)
{
  if (dtype >= 0 && (guint) dtype < G_N_ELEMENTS (dtype_names))
    return dtype_names[dtype];
  if (dtype >= 100 && (guint) (dtype - 100) < G_N_ELEMENTS (dtype_ref_names))
    return dtype_ref_names[dtype - 100];
  return "DT_INVALID";
}

Tensorflow__GraphDef *
tdbg_graph_def_parse (GBytes *bytes, GError **error)
{
  gsize length;
  const guint8 *data = g_bytes_get_data (bytes, &length);
  Tensorflow__GraphDef *graph_def = tensorflow__graph_def__unpack (NULL, length, data);
  if (graph_def == NULL)
    g_set_error (error, TDBG_ERROR, TDBG_ERROR_CORRUPT, _("the graph's GraphDef (%zu bytes) cannot be decoded"), length);
  return graph_def;
}

void
tdbg_graph_def_free (Tensorflow__GraphDef *graph_def)
{
  if (graph_def)
    tensorflow__graph_def__free_unpacked (graph_def, NULL);
}

const Tensorflow__NodeDef *
tdbg_graph_def_find_node (const Tensorflow__GraphDef *graph_def, const char *name)
{
  for (gsize i = 0; i < graph_def->n_node; i++)
    if (g_strcmp0 (graph_def->node[i]->name, name) == 0)
      return graph_def->node[i];
  return NULL;
}

static gint
compare_entries (gconstpointer a, gconstpointer b)
{
  const Tensorflow__NodeDef__AttrEntry *x = *(Tensorflow__NodeDef__AttrEntry *const *) a;
  const Tensorflow__NodeDef__AttrEntry *y = *(Tensorflow__NodeDef__AttrEntry *const *) b;
  return g_strcmp0 (x->key, y->key);
}

/* The node's attribute entries sorted by name (borrowed). */
static GPtrArray *
sorted_entries (const Tensorflow__NodeDef *node)
{
  GPtrArray *entries = g_ptr_array_new ();
  for (gsize i = 0; i < node->n_attr; i++)
    if (node->attr[i]->key && node->attr[i]->value)
      g_ptr_array_add (entries, node->attr[i]);
  g_ptr_array_sort (entries, compare_entries);
  return entries;
}

/* ---- JSON ------------------------------------------------------------------------------- */

static void
json_bytes (TdbgJson *j, const ProtobufCBinaryData *s)
{
  g_autofree char *text = g_utf8_make_valid (s->len ? (const char *) s->data : "", (gssize) s->len);
  tdbg_json_string (j, text);
}

static void
json_shape (TdbgJson *j, const Tensorflow__TensorShapeProto *shape)
{
  if (shape == NULL || shape->unknown_rank)
    {
      tdbg_json_null (j);
      return;
    }
  tdbg_json_begin_array (j);
  for (gsize i = 0; i < shape->n_dim; i++)
    tdbg_json_int (j, shape->dim[i]->size);
  tdbg_json_end_array (j);
}

static void
json_tensor (TdbgJson *j, const Tensorflow__TensorProto *proto)
{
  TdbgTensor t;

  tdbg_json_begin_object (j);
  tdbg_json_member_string (j, "dtype", tdbg_graph_def_dtype_name (proto->dtype));
  tdbg_json_key (j, "shape"); json_shape (j, proto->tensor_shape);
  tdbg_json_key (j, "values");
  if (tdbg_tensor_init (&t, proto, NULL) && proto->dtype != TDBG_DT_STRING)
    {
      tdbg_json_begin_array (j);
      for (guint64 i = 0; i < MIN (t.n_elements, MAX_CONSTANT_VALUES); i++)
        tdbg_json_double (j, tdbg_tensor_get_double (&t, i));
      tdbg_json_end_array (j);
    }
  else
    tdbg_json_null (j);
  tdbg_json_end_object (j);
}

static void
json_list (TdbgJson *j, const Tensorflow__AttrValue__ListValue *list)
{
  tdbg_json_begin_array (j);
  for (gsize i = 0; i < list->n_s; i++) json_bytes (j, &list->s[i]);
  for (gsize i = 0; i < list->n_i; i++) tdbg_json_int (j, list->i[i]);
  for (gsize i = 0; i < list->n_f; i++) tdbg_json_double (j, list->f[i]);
  for (gsize i = 0; i < list->n_b; i++) tdbg_json_bool (j, list->b[i]);
  for (gsize i = 0; i < list->n_type; i++) tdbg_json_string (j, tdbg_graph_def_dtype_name (list->type[i]));
  for (gsize i = 0; i < list->n_shape; i++) json_shape (j, list->shape[i]);
  for (gsize i = 0; i < list->n_tensor; i++) json_tensor (j, list->tensor[i]);
  for (gsize i = 0; i < list->n_func; i++) tdbg_json_string (j, list->func[i]->name);
  tdbg_json_end_array (j);
}

static void
json_value (TdbgJson *j, const Tensorflow__AttrValue *v)
{
  switch (v->value_case)
    {
    case TENSORFLOW__ATTR_VALUE__VALUE_LIST: json_list (j, v->list); break;
    case TENSORFLOW__ATTR_VALUE__VALUE_S: json_bytes (j, &v->s); break;
    case TENSORFLOW__ATTR_VALUE__VALUE_I: tdbg_json_int (j, v->i); break;
    case TENSORFLOW__ATTR_VALUE__VALUE_F: tdbg_json_double (j, v->f); break;
    case TENSORFLOW__ATTR_VALUE__VALUE_B: tdbg_json_bool (j, v->b); break;
    case TENSORFLOW__ATTR_VALUE__VALUE_TYPE: tdbg_json_string (j, tdbg_graph_def_dtype_name (v->type)); break;
    case TENSORFLOW__ATTR_VALUE__VALUE_SHAPE: json_shape (j, v->shape); break;
    case TENSORFLOW__ATTR_VALUE__VALUE_TENSOR: json_tensor (j, v->tensor); break;
    case TENSORFLOW__ATTR_VALUE__VALUE_PLACEHOLDER: tdbg_json_string (j, v->placeholder); break;
    case TENSORFLOW__ATTR_VALUE__VALUE_FUNC: tdbg_json_string (j, v->func->name); break;
    default: tdbg_json_null (j); break;
    }
}

void
tdbg_graph_def_attrs_json (TdbgJson *j, const Tensorflow__NodeDef *node)
{
  g_autoptr(GPtrArray) entries = sorted_entries (node);
  tdbg_json_begin_object (j);
  for (guint i = 0; i < entries->len; i++)
    {
      const Tensorflow__NodeDef__AttrEntry *entry = g_ptr_array_index (entries, i);
      g_autofree char *key = g_utf8_make_valid (entry->key, -1);
      tdbg_json_key (j, key);
      json_value (j, entry->value);
    }
  tdbg_json_end_object (j);
}

/* ---- text ------------------------------------------------------------------------------- */

static void
text_shape (GString *out, const Tensorflow__TensorShapeProto *shape)
{
  if (shape == NULL || shape->unknown_rank)
    {
      g_string_append (out, _("unknown shape"));
      return;
    }
  g_string_append_c (out, '[');
  for (gsize i = 0; i < shape->n_dim; i++)
    {
      if (shape->dim[i]->size < 0)
        g_string_append_printf (out, "%s?", i ? ", " : "");
      else
        g_string_append_printf (out, "%s%" G_GINT64_FORMAT, i ? ", " : "", shape->dim[i]->size);
    }
  g_string_append_c (out, ']');
}

static void
text_tensor (GString *out, const Tensorflow__TensorProto *proto)
{
  TdbgTensor t;
  g_string_append_printf (out, "%s ", tdbg_graph_def_dtype_name (proto->dtype));
  text_shape (out, proto->tensor_shape);
  if (tdbg_tensor_init (&t, proto, NULL))
    {
      g_autofree char *values = tdbg_tensor_format (&t, MAX_CONSTANT_VALUES);
      g_string_append_printf (out, " = %s", values);
    }
}

static void
text_list (GString *out, const Tensorflow__AttrValue__ListValue *list)
{
  const char *sep = "";
  g_string_append_c (out, '[');
#define ITEM(fmt, ...) (g_string_append_printf (out, "%s" fmt, sep, __VA_ARGS__), sep = ", ")
  for (gsize i = 0; i < list->n_s; i++) ITEM ("\"%.*s\"", (int) list->s[i].len, (const char *) list->s[i].data);
  for (gsize i = 0; i < list->n_i; i++) ITEM ("%" G_GINT64_FORMAT, list->i[i]);
  for (gsize i = 0; i < list->n_f; i++) ITEM ("%g", list->f[i]);
  for (gsize i = 0; i < list->n_b; i++) ITEM ("%s", list->b[i] ? "true" : "false");
  for (gsize i = 0; i < list->n_type; i++) ITEM ("%s", tdbg_graph_def_dtype_name (list->type[i]));
  for (gsize i = 0; i < list->n_func; i++) ITEM ("%s", list->func[i]->name ? list->func[i]->name : "");
#undef ITEM
  for (gsize i = 0; i < list->n_shape; i++)
    {
      g_string_append (out, sep);
      text_shape (out, list->shape[i]);
      sep = ", ";
    }
  g_string_append_c (out, ']');
}

static char *
text_value (const Tensorflow__AttrValue *v)
{
  GString *out = g_string_new (NULL);
  switch (v->value_case)
    {
    case TENSORFLOW__ATTR_VALUE__VALUE_LIST: text_list (out, v->list); break;
    case TENSORFLOW__ATTR_VALUE__VALUE_S: g_string_append_printf (out, "\"%.*s\"", (int) v->s.len, (const char *) v->s.data); break;
    case TENSORFLOW__ATTR_VALUE__VALUE_I: g_string_append_printf (out, "%" G_GINT64_FORMAT, v->i); break;
    case TENSORFLOW__ATTR_VALUE__VALUE_F: g_string_append_printf (out, "%g", v->f); break;
    case TENSORFLOW__ATTR_VALUE__VALUE_B: g_string_append (out, v->b ? "true" : "false"); break;
    case TENSORFLOW__ATTR_VALUE__VALUE_TYPE: g_string_append (out, tdbg_graph_def_dtype_name (v->type)); break;
    case TENSORFLOW__ATTR_VALUE__VALUE_SHAPE: text_shape (out, v->shape); break;
    case TENSORFLOW__ATTR_VALUE__VALUE_TENSOR: text_tensor (out, v->tensor); break;
    case TENSORFLOW__ATTR_VALUE__VALUE_PLACEHOLDER: g_string_append (out, v->placeholder ? v->placeholder : ""); break;
    case TENSORFLOW__ATTR_VALUE__VALUE_FUNC: g_string_append (out, v->func->name ? v->func->name : ""); break;
    default: break;
    }
  /* Strings in a GraphDef are bytes: shown as valid UTF-8. */
  char *valid = g_utf8_make_valid (out->str, (gssize) out->len);
  g_string_free (out, TRUE);
  return valid;
}

char **
tdbg_graph_def_attrs_text (const Tensorflow__NodeDef *node)
{
  g_autoptr(GPtrArray) entries = sorted_entries (node);
  GPtrArray *pairs = g_ptr_array_new ();
  for (guint i = 0; i < entries->len; i++)
    {
      const Tensorflow__NodeDef__AttrEntry *entry = g_ptr_array_index (entries, i);
      g_ptr_array_add (pairs, g_utf8_make_valid (entry->key, -1));
      g_ptr_array_add (pairs, text_value (entry->value));
    }
  g_ptr_array_add (pairs, NULL);
  return (char **) g_ptr_array_free (pairs, FALSE);
}
