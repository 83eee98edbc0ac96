/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A V1 dump made into the records of a tfdbg2 file set (tdbg-v1-synth.h). */
#include "tdbg-v1-synth.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "libtdbg-proto.h"
#include "libtdbg-data.h"

typedef struct {
  char *graph_id;
  char *graph_name;
  char *device_name;
  GBytes *stripped;          /* serialized GraphDef, NULL for a device without its graph */
} Graph;

typedef struct {
  TdbgV1Dump *dump;
  GByteArray *files[TDBG_N_FILE_KINDS];
  GPtrArray *graphs;         /* Graph* */
  GHashTable *graph_by_key;  /* device "\n" checksum -> Graph* */
  GHashTable *run_graphs;    /* "run\ndevice" -> Graph* */
  GHashTable *devices;       /* device name -> id */
  GHashTable *max_slots;     /* "device\nnode" -> highest dumped slot + 1 */
  gint32 next_tensor_id;
  GHashTable *first_ids;     /* "graph id\nnode" -> the node's first output tensor id */
  guint graphs_per_device_made;
} Synth;

static void
graph_free (Graph *g)
{
  g_free (g->graph_id);
  g_free (g->graph_name);
  g_free (g->device_name);
  g_clear_pointer (&g->stripped, g_bytes_unref);
  g_free (g);
}

static void
put_event (Synth *s, TdbgFileKind kind, Tensorflow__DebugEvent *event)
{
  gsize length = tensorflow__debug_event__get_packed_size (event);
  g_autofree guint8 *payload = g_malloc (MAX (length, 1));
  tensorflow__debug_event__pack (event, payload);
  tdbg_record_encode (s->files[kind], payload, length);
}

/* "CPU:0" of "/job:localhost/replica:0/task:0/device:CPU:0" */
static const char *
short_device (const char *device)
{
  const char *at = strstr (device, "device:");
  return at ? at + strlen ("device:") : device;
}

/* Data inputs "node" and "node:slot" as "node:slot"; the producer and slot returned. */
static char *
normalise_input (const char *input, char **producer, guint *slot)
{
  const char *colon = strrchr (input, ':');
  guint64 value = 0;

  if (colon && g_ascii_string_to_unsigned (colon + 1, 10, 0, G_MAXUINT16, &value, NULL))
    *producer = g_strndup (input, colon - input);
  else
    *producer = g_strdup (input), value = 0;
  *slot = (guint) value;
  return g_strdup_printf ("%s:%u", *producer, *slot);
}

/* Attributes by name: TensorFlow writes a NodeDef's attribute map in no fixed order, and the
 * same partition graph of two runs must make the same bytes. */
static int
compare_attrs (const void *a, const void *b)
{
  return g_strcmp0 ((*(Tensorflow__NodeDef__AttrEntry *const *) a)->key,
                    (*(Tensorflow__NodeDef__AttrEntry *const *) b)->key);
}

static gboolean
is_debugger_node (const char *name)
{
  return g_str_has_prefix (name, "__copy_") || g_str_has_prefix (name, "__dbg_");
}

GBytes *
tdbg_v1_strip_graph (GBytes *graph_def, guint *n_dropped)
{
  g_autoptr(Tensorflow__GraphDef) graph = tdbg_graph_def_parse (graph_def, NULL);
  g_autoptr(GHashTable) copies = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal); /* node names so far */
  g_autoptr(GPtrArray) kept = NULL;
  g_autoptr(GPtrArray) inputs = NULL; /* per kept node: its new input strv */
  g_autofree char **saved_inputs = NULL;
  g_autofree gsize *saved_n = NULL;
  Tensorflow__GraphDef out = TENSORFLOW__GRAPH_DEF__INIT;
  guint8 *packed;
  gsize length;

  *n_dropped = 0;
  if (graph == NULL)
    return NULL;
  copies = g_hash_table_new (g_str_hash, g_str_equal);
  kept = g_ptr_array_new ();
  inputs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  for (gsize i = 0; i < graph->n_node; i++)
    {
      Tensorflow__NodeDef *node = graph->node[i];
      if (node->name == NULL || node->name[0] == '\0' || !g_hash_table_add (seen, node->name))
        {
          (*n_dropped)++;
          continue;
        }
      if (g_str_has_prefix (node->name, "__copy_"))
        {
          if (node->n_input > 0 && node->input[0][0] != '^')
            g_hash_table_insert (copies, node->name, node->input[0]);
        }
      else if (!g_str_has_prefix (node->name, "__dbg_"))
        g_ptr_array_add (kept, node);
    }
  for (guint i = 0; i < kept->len; i++)
    {
      Tensorflow__NodeDef *node = g_ptr_array_index (kept, i);
      GPtrArray *names = g_ptr_array_new ();
      for (gsize k = 0; k < node->n_input; k++)
        {
          const char *input = node->input[k];
          if (input[0] == '^')
            {
              if (!is_debugger_node (input + 1))
                g_ptr_array_add (names, g_strdup (input));
              continue;
            }
          {
            g_autofree char *producer = NULL;
            g_autofree char *name = NULL;
            const char *copied;
            guint slot;
            name = normalise_input (input, &producer, &slot);
            /* A copy's own name ends in _<slot>: "__copy_<node>_<slot>"; it copies its input. */
            copied = g_hash_table_lookup (copies, producer);
            if (copied)
              {
                g_free (producer);
                g_free (name);
                name = normalise_input (copied, &producer, &slot);
              }
            g_ptr_array_add (names, g_steal_pointer (&name));
          }
        }
      g_ptr_array_add (names, NULL);
      g_ptr_array_add (inputs, g_ptr_array_free (names, FALSE));
    }
  /* The kept nodes with their new inputs, packed, then given their own inputs back. */
  saved_inputs = g_new0 (char *, kept->len + 1);
  saved_n = g_new0 (gsize, kept->len + 1);
  for (guint i = 0; i < kept->len; i++)
    {
      Tensorflow__NodeDef *node = g_ptr_array_index (kept, i);
      saved_inputs[i] = (char *) node->input;
      saved_n[i] = node->n_input;
      node->input = g_ptr_array_index (inputs, i);
      node->n_input = g_strv_length (g_ptr_array_index (inputs, i));
      if (node->n_attr > 1)
        qsort (node->attr, node->n_attr, sizeof *node->attr, compare_attrs);
    }
  out.n_node = kept->len;
  out.node = (Tensorflow__NodeDef **) kept->pdata;
  length = tensorflow__graph_def__get_packed_size (&out);
  packed = g_malloc (MAX (length, 1));
  tensorflow__graph_def__pack (&out, packed);
  for (guint i = 0; i < kept->len; i++)
    {
      Tensorflow__NodeDef *node = g_ptr_array_index (kept, i);
      node->input = (char **) saved_inputs[i];
      node->n_input = saved_n[i];
    }
  return g_bytes_new_take (packed, length);
}

static gint32
device_id (Synth *s, const char *device)
{
  gpointer id;
  if (!g_hash_table_lookup_extended (s->devices, device, NULL, &id))
    {
      Tensorflow__DebugEvent event = TENSORFLOW__DEBUG_EVENT__INIT;
      Tensorflow__DebuggedDevice msg = TENSORFLOW__DEBUGGED_DEVICE__INIT;
      id = GINT_TO_POINTER (g_hash_table_size (s->devices) + 1);
      g_hash_table_insert (s->devices, g_strdup (device), id);
      msg.device_name = (char *) device;
      msg.device_id = GPOINTER_TO_INT (id);
      event.what_case = TENSORFLOW__DEBUG_EVENT__WHAT_DEBUGGED_DEVICE;
      event.debugged_device = &msg;
      put_event (s, TDBG_FILE_GRAPHS, &event);
    }
  return GPOINTER_TO_INT (id);
}

/* Ops without outputs; every other op has at least one (more when a consumer or a dump uses
 * a higher slot). */
static gboolean
has_no_outputs (const char *op)
{
  static const char *const ops[] = { "NoOp", "_Retval", "_Send", "_HostSend", "AssignVariableOp",
                                     "AssignAddVariableOp", "AssignSubVariableOp", "ControlTrigger", NULL };
  return op && g_strv_contains (ops, op);
}

static void
put_ops (Synth *s, const Graph *g, double wall_time)
{
  g_autoptr(Tensorflow__GraphDef) graph = tdbg_graph_def_parse (g->stripped, NULL);
  g_autoptr(GHashTable) outputs = g_hash_table_new (g_str_hash, g_str_equal); /* name -> slots */

  for (gsize i = 0; i < graph->n_node; i++)
    for (gsize k = 0; k < graph->node[i]->n_input; k++)
      {
        const char *input = graph->node[i]->input[k];
        const char *colon = strrchr (input, ':');
        guint64 slot;
        g_autofree char *producer = NULL;
        if (input[0] == '^' || colon == NULL || !g_ascii_string_to_unsigned (colon + 1, 10, 0, G_MAXUINT16, &slot, NULL))
          continue;
        producer = g_strndup (input, colon - input);
        {
          gpointer node_key;
          gpointer have;
          if (!g_hash_table_lookup_extended (outputs, producer, &node_key, &have) || GPOINTER_TO_UINT (have) < slot + 1)
            {
              const Tensorflow__NodeDef *node = tdbg_graph_def_find_node (graph, producer);
              if (node)
                g_hash_table_insert (outputs, node->name, GUINT_TO_POINTER ((guint) slot + 1));
            }
        }
      }
  for (gsize i = 0; i < graph->n_node; i++)
    {
      Tensorflow__NodeDef *node = graph->node[i];
      Tensorflow__DebugEvent event = TENSORFLOW__DEBUG_EVENT__INIT;
      Tensorflow__GraphOpCreation op = TENSORFLOW__GRAPH_OP_CREATION__INIT;
      g_autofree char *key = g_strconcat (g->device_name, "\n", node->name, NULL);
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (outputs, node->name));
      g_autofree gint32 *ids = NULL;

      n = MAX (n, GPOINTER_TO_UINT (g_hash_table_lookup (s->max_slots, key)));
      if (n == 0 && !has_no_outputs (node->op))
        n = 1;
      ids = g_new (gint32, MAX (n, 1));
      g_hash_table_insert (s->first_ids, g_strconcat (g->graph_id, "\n", node->name, NULL),
                           GINT_TO_POINTER (s->next_tensor_id));
      for (guint k = 0; k < n; k++)
        ids[k] = s->next_tensor_id++;
      op.op_type = node->op ? node->op : (char *) "";
      op.op_name = node->name;
      op.graph_name = g->graph_name;
      op.graph_id = g->graph_id;
      op.device_name = node->device ? node->device : (char *) "";
      op.n_input_names = node->n_input;
      op.input_names = node->input;
      op.num_outputs = (gint32) n;
      op.n_output_tensor_ids = n;
      op.output_tensor_ids = ids;
      event.wall_time = wall_time;
      event.what_case = TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_OP_CREATION;
      event.graph_op_creation = &op;
      put_event (s, TDBG_FILE_GRAPHS, &event);
    }
}

static Graph *
put_graph (Synth *s, const char *device, GBytes *stripped, double wall_time)
{
  Tensorflow__DebugEvent event = TENSORFLOW__DEBUG_EVENT__INIT;
  Tensorflow__DebuggedGraph msg = TENSORFLOW__DEBUGGED_GRAPH__INIT;
  Graph *g = g_new0 (Graph, 1);
  guint same_device = 0;

  for (guint i = 0; i < s->graphs->len; i++)
    same_device += g_str_equal (((Graph *) g_ptr_array_index (s->graphs, i))->device_name, device);
  g->device_name = g_strdup (device);
  g->graph_id = g_strdup_printf ("v1-partition-%u", s->graphs->len + 1);
  /* The partition graphs of one device are told apart by their number. */
  g->graph_name = same_device == 0 ? g_strdup (short_device (device))
                                   : g_strdup_printf ("%s #%u", short_device (device), same_device + 1);
  g->stripped = stripped ? g_bytes_ref (stripped) : NULL;
  g_ptr_array_add (s->graphs, g);
  device_id (s, device);
  msg.graph_id = g->graph_id;
  msg.graph_name = g->graph_name;
  if (stripped)
    {
      msg.original_graph_def.data = (guint8 *) g_bytes_get_data (stripped, &msg.original_graph_def.len);
    }
  event.wall_time = wall_time;
  event.what_case = TENSORFLOW__DEBUG_EVENT__WHAT_DEBUGGED_GRAPH;
  event.debugged_graph = &msg;
  put_event (s, TDBG_FILE_GRAPHS, &event);
  if (stripped)
    put_ops (s, g, wall_time);
  return g;
}

static char *
run_key (guint run, const char *device)
{
  return g_strdup_printf ("%u\n%s", run, device);
}

static void
put_graphs (Synth *s)
{
  TdbgV1Dump *dump = s->dump;

  for (guint r = 0; r < dump->runs->len; r++)
    {
      TdbgV1Run *run = g_ptr_array_index (dump->runs, r);
      for (guint p = 0; p < run->partitions->len; p++)
        {
          const TdbgV1Partition *part = &g_array_index (run->partitions, TdbgV1Partition, p);
          const TdbgV1File *file = g_ptr_array_index (dump->files, part->file);
          g_autoptr(GBytes) graph_def = g_bytes_new_from_bytes (file->bytes, part->graph_offset, part->graph_length);
          guint n_dropped = 0;
          g_autoptr(GBytes) stripped = tdbg_v1_strip_graph (graph_def, &n_dropped);
          g_autofree char *checksum = NULL;
          g_autofree char *key = NULL;
          Graph *g;

          if (n_dropped > 0)
            g_ptr_array_add (dump->problems, tdbg_problem_new (file->path, part->graph_offset,
                                                               _("the partition graph has nodes without a name or with the name of an earlier node; they are left out")));

          if (stripped == NULL)
            {
              g_ptr_array_add (dump->problems, tdbg_problem_new (file->path, part->graph_offset,
                                                                 _("the partition graph is not a GraphDef; its dumps are shown without it")));
              continue;
            }
          checksum = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, stripped);
          key = g_strconcat (part->device_name, "\n", checksum, NULL);
          g = g_hash_table_lookup (s->graph_by_key, key);
          if (g == NULL)
            {
              g = put_graph (s, part->device_name, stripped, part->timestamp / 1e6);
              g_hash_table_insert (s->graph_by_key, g_steal_pointer (&key), g);
            }
          g_hash_table_insert (s->run_graphs, run_key (r, part->device_name), g);
        }
    }
}

/* The graph of a dump: its run's partition on its device, or one without ops for dumps whose
 * partition graph is missing. */
static Graph *
graph_of (Synth *s, const TdbgV1Datum *d)
{
  g_autofree char *key = run_key (d->run, d->device_name);
  Graph *g = g_hash_table_lookup (s->run_graphs, key);
  g_autofree char *lost = NULL;

  if (g)
    return g;
  lost = g_strconcat ("\n", d->device_name, NULL);
  g = g_hash_table_lookup (s->graph_by_key, lost);
  if (g == NULL)
    {
      g = put_graph (s, d->device_name, NULL, d->timestamp / 1e6);
      g_hash_table_insert (s->graph_by_key, g_steal_pointer (&lost), g);
    }
  g_hash_table_insert (s->run_graphs, g_steal_pointer (&key), g);
  return g;
}

/* The trace's wire format by hand (tdbg-wire.h), so that the tensor's bytes go in as they are. */
static void
put_trace (Synth *s, const TdbgV1Datum *d, const Graph *g, guint mode, const guint8 *tensor, gsize tensor_length)
{
  g_autoptr(GByteArray) trace = g_byte_array_new ();
  g_autoptr(GByteArray) event = g_byte_array_new ();
  double wall_time = d->timestamp / 1e6;
  guint64 bits;

  tdbg_wire_put_bytes (trace, 1, g->graph_id, strlen (g->graph_id));
  tdbg_wire_put_bytes (trace, 2, d->node_name, strlen (d->node_name));
  if (d->output_slot)
    {
      tdbg_wire_put_varint (trace, 3 << 3);
      tdbg_wire_put_varint (trace, d->output_slot);
    }
  tdbg_wire_put_varint (trace, 4 << 3);
  tdbg_wire_put_varint (trace, mode);
  tdbg_wire_put_bytes (trace, 5, tensor, tensor_length);
  tdbg_wire_put_bytes (trace, 6, d->device_name, strlen (d->device_name));

  tdbg_wire_put_varint (event, 1 << 3 | 1);
  memcpy (&bits, &wall_time, 8);
  bits = GUINT64_TO_LE (bits);
  g_byte_array_append (event, (const guint8 *) &bits, 8);
  tdbg_wire_put_bytes (event, 10, trace->data, trace->len);
  tdbg_record_encode (s->files[TDBG_FILE_GRAPH_EXECUTION_TRACES], event->data, event->len);
}

/* A V1 DebugNumericSummary vector, [initialized, count, nan, -inf, negative, zero, positive, +inf,
 * min, max, mean, variance, dtype, rank, shape…] (doubles), as tfdbg2's FULL_HEALTH summary,
 * [tensor id, device id (-1), dtype, rank, count, -inf, +inf, nan, negative, zero, positive].
 * NULL when @proto is not such a vector. */
static GBytes *
numeric_summary_to_full_health (const Tensorflow__TensorProto *proto, gint32 tensor_id)
{
  Tensorflow__TensorProto out = TENSORFLOW__TENSOR_PROTO__INIT;
  Tensorflow__TensorShapeProto shape = TENSORFLOW__TENSOR_SHAPE_PROTO__INIT;
  Tensorflow__TensorShapeProto__Dim dim = TENSORFLOW__TENSOR_SHAPE_PROTO__DIM__INIT;
  Tensorflow__TensorShapeProto__Dim *dims[] = { &dim };
  double v[14], health[11];
  gsize n, length;
  guint8 *packed;

  if (proto->dtype != 2 /* DT_DOUBLE */)
    return NULL;
  n = proto->tensor_content.len ? proto->tensor_content.len / 8 : proto->n_double_val;
  if (n < G_N_ELEMENTS (v) || (proto->tensor_content.len && proto->tensor_content.len % 8))
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (v); i++)
    {
      if (proto->tensor_content.len)
        {
          guint64 bits;
          memcpy (&bits, proto->tensor_content.data + 8 * i, 8);
          bits = GUINT64_FROM_LE (bits);
          memcpy (&v[i], &bits, 8);
        }
      else
        v[i] = proto->double_val[i];
    }
  health[0] = tensor_id;
  health[1] = -1;
  health[2] = v[12];
  health[3] = v[13];
  health[4] = v[1];
  health[5] = v[3];
  health[6] = v[7];
  health[7] = v[2];
  health[8] = v[4];
  health[9] = v[5];
  health[10] = v[6];
  /* An uninitialized tensor (a variable not yet assigned) counts nothing. */
  if (v[0] == 0)
    for (guint i = 3; i < G_N_ELEMENTS (health); i++)
      health[i] = 0;
  for (guint i = 0; i < G_N_ELEMENTS (health); i++)
    {
      guint64 bits;
      memcpy (&bits, &health[i], 8);
      bits = GUINT64_TO_LE (bits);
      memcpy (&health[i], &bits, 8);
    }
  dim.size = G_N_ELEMENTS (health);
  shape.n_dim = 1;
  shape.dim = dims;
  out.dtype = 2 /* DT_DOUBLE */;
  out.tensor_shape = &shape;
  out.tensor_content.data = (guint8 *) health;
  out.tensor_content.len = sizeof health;
  length = tensorflow__tensor_proto__get_packed_size (&out);
  packed = g_malloc (length);
  tensorflow__tensor_proto__pack (&out, packed);
  return g_bytes_new_take (packed, length);
}

/* A DebugNumericSummary dump as a FULL_HEALTH trace; FALSE when its vector is not one. */
static gboolean
put_numeric_summary (Synth *s, const TdbgV1Datum *d, const Tensorflow__TensorProto *proto)
{
  const Graph *g = graph_of (s, d);
  g_autofree char *key = g_strconcat (g->graph_id, "\n", d->node_name, NULL);
  gpointer first;
  gint32 id = g_hash_table_lookup_extended (s->first_ids, key, NULL, &first) ? GPOINTER_TO_INT (first) + (gint32) d->output_slot : -1;
  g_autoptr(GBytes) health = numeric_summary_to_full_health (proto, id);
  gsize length;
  const guint8 *data;

  if (health == NULL)
    return FALSE;
  data = g_bytes_get_data (health, &length);
  put_trace (s, d, g, TENSORFLOW__TENSOR_DEBUG_MODE__FULL_HEALTH, data, length);
  return TRUE;
}

/* Whether the wire reader the logdir loader uses walks @data whole: the TensorProto's fields,
 * its shape's and its dimensions' (protobuf-c lets through some bytes it does not, as field
 * numbers past 2^31). */
static gboolean
wire_walks (const guint8 *data, gsize length, guint depth)
{
  TdbgWire w;
  TdbgWireField f;

  tdbg_wire_init (&w, data, length);
  while (tdbg_wire_next (&w, &f))
    if (depth < 2 && f.number == 2 && f.wire_type == 2 && !wire_walks (f.data, f.length, depth + 1))
      return FALSE;
  return !w.failed;
}

static void
put_traces (Synth *s)
{
  TdbgV1Dump *dump = s->dump;
  g_autoptr(GHashTable) other_ops = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < dump->data->len; i++)
    {
      const TdbgV1Datum *d = &g_array_index (dump->data, TdbgV1Datum, i);
      const TdbgV1File *file = g_ptr_array_index (dump->files, d->file);
      const guint8 *tensor = (const guint8 *) g_bytes_get_data (file->bytes, NULL) + d->tensor_offset;
      Tensorflow__TensorProto *proto;

      if (!g_str_equal (d->debug_op, "DebugIdentity") && !g_str_equal (d->debug_op, "DebugNumericSummary"))
        {
          /* Said once per debug op: its dumps are summaries of TFDBG V1's own, not values. */
          if (!g_hash_table_contains (other_ops, d->debug_op))
            {
              g_autofree char *message = g_strdup_printf (
                _("dumps of the debug op %s are not shown: only DebugIdentity (values) and DebugNumericSummary (counts) dumps are read"), d->debug_op);
              g_hash_table_add (other_ops, g_strdup (d->debug_op));
              g_ptr_array_add (dump->problems, tdbg_problem_new (file->path, 0, message));
            }
          continue;
        }
      proto = wire_walks (tensor, d->tensor_length, 0) ? tensorflow__tensor_proto__unpack (NULL, d->tensor_length, tensor)
                                                       : NULL;
      if (proto == NULL)
        {
          g_ptr_array_add (dump->problems, tdbg_problem_new (file->path, d->tensor_offset,
                                                             _("the dumped tensor is not a TensorProto; the file is left out")));
          continue;
        }
      if (g_str_equal (d->debug_op, "DebugIdentity"))
        put_trace (s, d, graph_of (s, d), TENSORFLOW__TENSOR_DEBUG_MODE__FULL_TENSOR, tensor, d->tensor_length);
      else if (!put_numeric_summary (s, d, proto))
        g_ptr_array_add (dump->problems, tdbg_problem_new (file->path, d->tensor_offset,
                                                           _("the DebugNumericSummary dump is not the vector of doubles TensorFlow writes; the file is left out")));
      tensorflow__tensor_proto__free_unpacked (proto, NULL);
    }
}

/* "Session.run(loss:0, count:0; targets: train; feeds: x:0)": the fetches first (what the
 * timeline's narrow buttons show), then what else the core metadata names. */
static char *
run_title (const TdbgV1Run *run)
{
  g_autofree char *fetches = g_strjoinv (", ", run->output_names);
  g_autofree char *targets = g_strjoinv (", ", run->target_nodes);
  g_autofree char *feeds = g_strjoinv (", ", run->input_names);
  GString *title;

  if (!run->has_core_metadata)
    return g_strdup ("Session.run");
  title = g_string_new ("Session.run(");
  g_string_append (title, fetches);
  if (*targets)
    g_string_append_printf (title, "%stargets: %s", *fetches ? "; " : "", targets);
  if (*feeds)
    g_string_append_printf (title, "%sfeeds: %s", *fetches || *targets ? "; " : "", feeds);
  g_string_append_c (title, ')');
  return g_string_free (title, FALSE);
}

static void
put_executions (Synth *s)
{
  TdbgV1Dump *dump = s->dump;
  g_autofree guint64 *last = g_new0 (guint64, dump->runs->len + 1);

  for (guint i = 0; i < dump->data->len; i++)
    {
      const TdbgV1Datum *d = &g_array_index (dump->data, TdbgV1Datum, i);
      last[d->run] = MAX (last[d->run], d->timestamp);
    }
  for (guint r = 0; r < dump->runs->len; r++)
    {
      TdbgV1Run *run = g_ptr_array_index (dump->runs, r);
      Tensorflow__DebugEvent event = TENSORFLOW__DEBUG_EVENT__INIT;
      Tensorflow__Execution msg = TENSORFLOW__EXECUTION__INIT;
      g_autofree char *title = run_title (run);
      Graph *g = NULL;

      for (guint p = 0; g == NULL && p < run->partitions->len; p++)
        {
          g_autofree char *key = run_key (r, g_array_index (run->partitions, TdbgV1Partition, p).device_name);
          g = g_hash_table_lookup (s->run_graphs, key);
        }
      msg.op_type = title;
      msg.num_outputs = (gint32) g_strv_length (run->output_names);
      msg.graph_id = g ? g->graph_id : (char *) "";
      msg.tensor_debug_mode = TENSORFLOW__TENSOR_DEBUG_MODE__NO_TENSOR;
      /* After the run's last dump, as TensorFlow writes an execution once it is over. */
      event.wall_time = MAX (last[r], run->timestamp) / 1e6;
      event.what_case = TENSORFLOW__DEBUG_EVENT__WHAT_EXECUTION;
      event.execution = &msg;
      put_event (s, TDBG_FILE_EXECUTION, &event);
    }
}

/* "localhost" of "/job:localhost/replica:0/…": the host part of the file set's name. */
static char *
host_of (TdbgV1Dump *dump)
{
  const char *device = dump->data->len ? g_array_index (dump->data, TdbgV1Datum, 0).device_name : NULL;
  const char *job;

  for (guint r = 0; device == NULL && r < dump->runs->len; r++)
    {
      TdbgV1Run *run = g_ptr_array_index (dump->runs, r);
      if (run->partitions->len)
        device = g_array_index (run->partitions, TdbgV1Partition, 0).device_name;
    }
  if (device && (job = strstr (device, "/job:")) != NULL)
    {
      const char *name = job + strlen ("/job:");
      gsize length = strcspn (name, "/");
      g_autofree char *host = g_strndup (name, length);
      if (length > 0 && !strchr (host, '.'))
        return g_steal_pointer (&host);
    }
  return g_strdup ("localhost");
}

void
tdbg_v1_synthesize (TdbgV1Dump *dump, TdbgMemorySource *out)
{
  Synth s = { 0 };
  Tensorflow__DebugEvent event = TENSORFLOW__DEBUG_EVENT__INIT;
  Tensorflow__DebugMetadata metadata = TENSORFLOW__DEBUG_METADATA__INIT;
  g_autofree char *host = host_of (dump);
  g_autofree char *prefix = NULL;
  guint64 first = 0;

  s.dump = dump;
  for (guint k = 0; k < TDBG_N_FILE_KINDS; k++)
    s.files[k] = g_byte_array_new ();
  s.graphs = g_ptr_array_new_with_free_func ((GDestroyNotify) graph_free);
  s.graph_by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  s.run_graphs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  s.devices = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  s.max_slots = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  s.next_tensor_id = 1;
  s.first_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < dump->data->len; i++)
    {
      const TdbgV1Datum *d = &g_array_index (dump->data, TdbgV1Datum, i);
      char *key = g_strconcat (d->device_name, "\n", d->node_name, NULL);
      guint have = GPOINTER_TO_UINT (g_hash_table_lookup (s.max_slots, key));
      g_hash_table_replace (s.max_slots, key, GUINT_TO_POINTER (MAX (have, d->output_slot + 1)));
    }
  for (guint r = 0; r < dump->runs->len; r++)
    {
      TdbgV1Run *run = g_ptr_array_index (dump->runs, r);
      if (run->timestamp && (first == 0 || run->timestamp < first))
        first = run->timestamp;
    }

  metadata.tensorflow_version = (char *) "";
  metadata.file_version = (char *) "debug.Event:1";
  metadata.tfdbg_run_id = (char *) "";
  event.wall_time = first / 1e6;
  event.what_case = TENSORFLOW__DEBUG_EVENT__WHAT_DEBUG_METADATA;
  event.debug_metadata = &metadata;
  put_event (&s, TDBG_FILE_METADATA, &event);

  put_graphs (&s);
  put_traces (&s);
  put_executions (&s);

  prefix = g_strdup_printf ("tfdbg_events.%010" G_GINT64_FORMAT ".%s", (gint64) (first / G_USEC_PER_SEC), host);
  for (guint k = 0; k < TDBG_N_FILE_KINDS; k++)
    {
      g_autofree char *name = g_strconcat (prefix, ".", tdbg_file_kind_suffix (k), NULL);
      g_autoptr(GBytes) bytes = g_byte_array_free_to_bytes (s.files[k]);
      tdbg_memory_source_set_file (out, name, bytes);
    }
  g_ptr_array_unref (s.graphs);
  g_hash_table_unref (s.graph_by_key);
  g_hash_table_unref (s.run_graphs);
  g_hash_table_unref (s.devices);
  g_hash_table_unref (s.max_slots);
  g_hash_table_unref (s.first_ids);
}
