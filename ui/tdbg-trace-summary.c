/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <inttypes.h>
#include "tdbg-trace-summary.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>
#include "tdbg-tensor-details.h"
#include "libtdbg-data.h"
#include "libtdbg-analysis.h"

/* What the summary columns show for one trace: decoded on demand for visible rows only. */
typedef struct {
  TdbgValue value;
  gboolean have_value;
} RowInfo;

#define ROW_CACHE_MAX 4096

/* Where traces ran: a host (of the trace's file set) and a device (a string id). */
typedef struct {
  const char *host;            /* the logdir's */
  guint16 device;
} Place;

struct _TdbgTraceSummary {
  GHashTable *cache;           /* trace → RowInfo */
  GArray *places;              /* Place, each once, as the traces named them */
  GPtrArray *wheres;           /* the Where texts of the places, made when asked */
  gboolean several_hosts;      /* the places name several hosts */
  gboolean bare_devices;       /* devices named by their kind and number ("CPU:0"), which tell
                                * them apart on each host */
  gboolean devices_differ;     /* the places' devices, so named, differ */
};

static void
row_info_free (RowInfo *info)
{
  tdbg_value_clear (&info->value);
  g_free (info);
}

static RowInfo *
get_info (TdbgTraceSummary *self, TdbgLogdir *logdir, guint trace)
{
  RowInfo *info = g_hash_table_lookup (self->cache, GUINT_TO_POINTER (trace));
  Tensorflow__DebugEvent *event;

  if (info)
    return info;
  if (g_hash_table_size (self->cache) >= ROW_CACHE_MAX)
    g_hash_table_remove_all (self->cache);
  info = g_new0 (RowInfo, 1);
  event = tdbg_logdir_read_trace (logdir, trace, NULL);
  if (event && event->what_case == TENSORFLOW__DEBUG_EVENT__WHAT_GRAPH_EXECUTION_TRACE)
    {
      const TdbgTraceDigest *d = tdbg_logdir_get_trace (logdir, trace);
      tdbg_value_init (&info->value, tdbg_trace_digest_get_mode (d), event->graph_execution_trace->tensor_proto);
      info->have_value = TRUE;
      /* The value borrows from the event; FULL_TENSOR rows keep only what the columns need. */
      info->value.tensor.proto = NULL;
    }
  if (event)
    tensorflow__debug_event__free_unpacked (event, NULL);
  g_hash_table_insert (self->cache, GUINT_TO_POINTER (trace), info);
  return info;
}

static char *
format_count (double v)
{
  if (isnan (v))
    return g_strdup ("");
  return g_strdup_printf ("%'.0f", v);
}

/* "CPU:0" of "/job:worker/replica:0/task:1/device:CPU:0": what names a device on its host. */
static char *
bare_device_name (const char *device)
{
  g_autofree char *short_name = tdbg_device_short_name (device);
  const char *space = strrchr (short_name, ' ');

  return g_strdup (space ? space + 1 : short_name);
}

/* A device as the Where column and the list's heading name it. */
static char *
device_label (TdbgTraceSummary *self, const char *device)
{
  return self->bare_devices ? bare_device_name (device) : tdbg_device_short_name (device);
}

/* The parts that differ of where a trace ran ("gpu-ws-2 · GPU:1", "GPU:1", "gpu-ws-2"). */
static char *
where_text (TdbgTraceSummary *self, const char *host, const char *device)
{
  g_autofree char *host_name = self->several_hosts ? tdbg_host_short_name (host) : NULL;
  g_autofree char *device_name = self->devices_differ ? device_label (self, device) : NULL;

  if (host_name && device_name)
    /* Translators: the Where column of Graph Execution: a host, then a device on it */
    return g_strdup_printf (_("%s · %s"), host_name, device_name);
  return g_strdup (host_name ? host_name : device_name ? device_name : "");
}

/* The places' flags again, from the places. */
static void
compare_places (TdbgTraceSummary *self, TdbgLogdir *logdir)
{
  g_autoptr(GHashTable) labels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  self->several_hosts = FALSE;
  self->bare_devices = TRUE;
  for (guint i = 0; i < self->places->len; i++)
    for (guint j = 0; j < i; j++)
      {
        Place *a = &g_array_index (self->places, Place, i), *b = &g_array_index (self->places, Place, j);
        const char *da = tdbg_logdir_get_string (logdir, a->device), *db = tdbg_logdir_get_string (logdir, b->device);
        g_autofree char *bare_a = NULL, *bare_b = NULL;

        if (!g_str_equal (a->host, b->host))
          {
            self->several_hosts = TRUE;
            continue;
          }
        bare_a = bare_device_name (da);
        bare_b = bare_device_name (db);
        /* Two tasks' CPU:0 on one host: their jobs and tasks tell them apart. */
        if (!g_str_equal (da, db) && g_str_equal (bare_a, bare_b))
          self->bare_devices = FALSE;
      }
  /* Without several hosts, a device's job and task say which process ran it. */
  self->bare_devices = self->bare_devices && self->several_hosts;
  for (guint i = 0; i < self->places->len; i++)
    g_hash_table_add (labels, device_label (self, tdbg_logdir_get_string (
                                                    logdir, g_array_index (self->places, Place, i).device)));
  self->devices_differ = g_hash_table_size (labels) > 1;
  g_clear_pointer (&self->wheres, g_ptr_array_unref);
}

gboolean
tdbg_trace_summary_learn_places (TdbgTraceSummary *self, TdbgLogdir *logdir)
{
  gboolean several_hosts = self->several_hosts, devices_differ = self->devices_differ;
  gboolean bare_devices = self->bare_devices;
  guint n = self->places->len, n_trace_places;
  const TdbgTracePlace *trace_places = tdbg_logdir_get_trace_places (logdir, &n_trace_places);

  for (guint i = 0; i < n_trace_places; i++)
    {
      Place place = { tdbg_trace_filter_get_file_set_host (logdir, trace_places[i].file_set), trace_places[i].device };
      guint k;

      for (k = 0; k < self->places->len; k++)
        if (g_array_index (self->places, Place, k).device == place.device &&
            g_str_equal (g_array_index (self->places, Place, k).host, place.host))
          break;
      if (k == self->places->len)
        g_array_append_val (self->places, place);
    }
  if (self->places->len == n)
    return FALSE;
  compare_places (self, logdir);
  return several_hosts != self->several_hosts || devices_differ != self->devices_differ ||
         bare_devices != self->bare_devices;
}

gboolean
tdbg_trace_summary_places_differ (TdbgTraceSummary *self)
{
  return self->several_hosts || self->devices_differ;
}

gboolean
tdbg_trace_summary_hosts_differ (TdbgTraceSummary *self)
{
  return self->several_hosts;
}

GPtrArray *
tdbg_trace_summary_list_wheres (TdbgTraceSummary *self, TdbgLogdir *logdir)
{
  if (self->wheres != NULL)
    return self->wheres;
  self->wheres = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; logdir && i < self->places->len; i++)
    {
      Place *place = &g_array_index (self->places, Place, i);
      g_ptr_array_add (self->wheres, where_text (self, place->host, tdbg_logdir_get_string (logdir, place->device)));
    }
  return self->wheres;
}

char *
tdbg_trace_summary_get_common_place (TdbgTraceSummary *self, TdbgLogdir *logdir, char **sentence)
{
  const Place *place;
  const char *device;
  g_autofree char *device_name = NULL, *host_name = NULL;
  gboolean one_device = TRUE;

  *sentence = NULL;
  if (logdir == NULL || self->places->len == 0 || (self->several_hosts && self->devices_differ))
    return NULL;
  place = &g_array_index (self->places, Place, 0);
  device = tdbg_logdir_get_string (logdir, place->device);
  for (guint i = 1; i < self->places->len; i++)
    one_device = one_device && g_str_equal (device, tdbg_logdir_get_string (
                                                      logdir, g_array_index (self->places, Place, i).device));
  device_name = device_label (self, device);
  host_name = tdbg_host_short_name (place->host);
  if (!self->several_hosts && !self->devices_differ)
    {
      /* Translators: the one device and host every trace of the list ran on */
      *sentence = g_strdup_printf (_("Every trace ran on %s, host %s"), one_device ? device : device_name,
                                   place->host);
      /* Translators: Graph Execution's heading: the one device and host every trace ran on */
      return g_strdup_printf (_("%s · %s"), device_name, host_name);
    }
  if (!self->several_hosts)
    {
      /* Translators: the one host every trace of the list ran on */
      *sentence = g_strdup_printf (_("Every trace ran on host %s"), place->host);
      return g_steal_pointer (&host_name);
    }
  if (one_device)
    /* Translators: the one device every trace of the list ran on (its hosts differ) */
    *sentence = g_strdup_printf (_("Every trace ran on %s"), device);
  else
    /* Translators: the kind of device every trace of the list ran on, one on each host
     * ("CPU:0") */
    *sentence = g_strdup_printf (_("Every trace ran on %s of its host"), device_name);
  return g_steal_pointer (&device_name);
}

char *
tdbg_trace_summary_get_text (TdbgTraceSummary *self, TdbgLogdir *logdir, guint trace, guint column, gboolean *bad)
{
  TdbgTraceCol col = column;
  const TdbgTraceDigest *d;
  const TdbgOp *op;
  char *text = NULL;
  RowInfo *info = NULL;
  guint64 size;
  double counts[3];

  if (logdir == NULL || trace >= tdbg_logdir_get_n_traces (logdir))
    return NULL;
  d = tdbg_logdir_get_trace (logdir, trace);
  op = tdbg_trace_digest_get_op (d) < tdbg_logdir_get_n_ops (logdir) ? tdbg_logdir_get_op (logdir, tdbg_trace_digest_get_op (d)) : NULL;

  if (col >= TDBG_TRACE_COL_DTYPE && col <= TDBG_TRACE_COL_POS && col != TDBG_TRACE_COL_NEG_INF &&
      col != TDBG_TRACE_COL_POS_INF && col != TDBG_TRACE_COL_NAN)
    info = get_info (self, logdir, trace);
  else if ((col == TDBG_TRACE_COL_NEG_INF || col == TDBG_TRACE_COL_POS_INF || col == TDBG_TRACE_COL_NAN) &&
           (!(d->flags & TDBG_DIGEST_HAS_COUNTS) || (d->flags & TDBG_DIGEST_COUNTS_SATURATED)))
    info = get_info (self, logdir, trace);

  switch (col)
    {
    case TDBG_TRACE_COL_INDEX:
      text = g_strdup_printf ("%u", trace);
      break;
    case TDBG_TRACE_COL_TENSOR:
      text = g_strdup_printf ("%s:%u", op ? op->op_name : "?", d->output_slot);
      break;
    case TDBG_TRACE_COL_TYPE:
      text = g_strdup (op && op->op_type ? op->op_type : "");
      break;
    case TDBG_TRACE_COL_HOST:
      /* "worker-3" of "worker-3.train.svc.cluster.local"; the whole name is the tooltip. */
      text = tdbg_host_short_name (tdbg_trace_filter_get_host (logdir, trace));
      break;
    case TDBG_TRACE_COL_DEVICE:
      /* "GPU:1": the part that differs; the whole name is the tooltip. */
      text = tdbg_device_short_name (tdbg_logdir_get_string (logdir, d->device));
      break;
    case TDBG_TRACE_COL_WHERE:
      text = where_text (self, tdbg_trace_filter_get_host (logdir, trace), tdbg_logdir_get_string (logdir, d->device));
      break;
    case TDBG_TRACE_COL_DTYPE:
      if (info->have_value && info->value.dtype > 0)
        text = g_strdup (tdbg_dtype_name (info->value.dtype));
      else if (tdbg_trace_digest_get_dtype (d))
        text = g_strdup (tdbg_dtype_name (tdbg_trace_digest_get_dtype (d)));
      break;
    case TDBG_TRACE_COL_SHAPE:
      if (info->have_value)
        text = tdbg_tensor_details_format_shape (&info->value);
      break;
    case TDBG_TRACE_COL_SIZE:
      if (tdbg_logdir_get_trace_size (logdir, trace, &size))
        text = g_strdup_printf ("%'" PRIu64, size);
      else if (info->have_value)
        text = format_count (info->value.size);
      break;
    case TDBG_TRACE_COL_NEG_INF:
    case TDBG_TRACE_COL_POS_INF:
    case TDBG_TRACE_COL_NAN:
      {
        double v = NAN;
        if (info && info->have_value && info->value.inf_nan_known)
          v = col == TDBG_TRACE_COL_NEG_INF ? info->value.counts.neg_inf
            : col == TDBG_TRACE_COL_POS_INF ? info->value.counts.pos_inf : info->value.counts.nan;
        else if (tdbg_logdir_get_trace_counts (logdir, trace, &counts[0], &counts[1], &counts[2]))
          v = counts[col == TDBG_TRACE_COL_NEG_INF ? 0 : col == TDBG_TRACE_COL_POS_INF ? 1 : 2];
        text = format_count (v);
        *bad = !isnan (v) && v > 0;
      }
      break;
    case TDBG_TRACE_COL_NEG:
    case TDBG_TRACE_COL_ZERO:
    case TDBG_TRACE_COL_POS:
      if (info->have_value && info->value.counts_known)
        text = format_count (col == TDBG_TRACE_COL_NEG ? info->value.counts.neg
                             : col == TDBG_TRACE_COL_ZERO ? info->value.counts.zero : info->value.counts.pos);
      break;
    case TDBG_TRACE_COL_HEALTH:
      if (tdbg_trace_digest_get_mode (d) == TDBG_MODE_CURT_HEALTH)
        {
          *bad = (d->flags & TDBG_DIGEST_HAS_INF_NAN) != 0;
          text = g_strdup (*bad ? _("Has ∞/NaN") : _("No ∞/NaN"));
        }
      break;
    default:
      break;
    }
  return text;
}

char *
tdbg_trace_summary_get_whole_text (TdbgLogdir *logdir, guint trace, guint column)
{
  if (logdir == NULL || trace >= tdbg_logdir_get_n_traces (logdir))
    return NULL;
  if (column == TDBG_TRACE_COL_HOST)
    {
      const char *host = tdbg_trace_filter_get_host (logdir, trace);
      g_autofree char *short_name = tdbg_host_short_name (host);
      return g_str_equal (host, short_name) ? NULL : g_strdup (host);
    }
  if (column == TDBG_TRACE_COL_WHERE)
    /* Translators: where a trace ran, whole: a device, then its host */
    return g_strdup_printf (_("%s on host %s"),
                            tdbg_logdir_get_string (logdir, tdbg_logdir_get_trace (logdir, trace)->device),
                            tdbg_trace_filter_get_host (logdir, trace));
  if (column != TDBG_TRACE_COL_DEVICE)
    return NULL;
  return g_strdup (tdbg_logdir_get_string (logdir, tdbg_logdir_get_trace (logdir, trace)->device));
}

static void
define_column (TdbgTraceColumn *columns, TdbgTraceCol col, const char *title, gboolean expand, int width)
{
  columns[col] = (TdbgTraceColumn) {
    .title = title,
    .width = width,
    .expand = expand,
    .xalign = col == TDBG_TRACE_COL_TENSOR || col == TDBG_TRACE_COL_TYPE || col == TDBG_TRACE_COL_HOST ||
                      col == TDBG_TRACE_COL_DEVICE || col == TDBG_TRACE_COL_WHERE ? 0.0f : 1.0f,
    .numeric = col == TDBG_TRACE_COL_INDEX || col == TDBG_TRACE_COL_ERROR || col >= TDBG_TRACE_COL_SIZE,
    .tooltip = col == TDBG_TRACE_COL_TENSOR || col == TDBG_TRACE_COL_HOST || col == TDBG_TRACE_COL_DEVICE ||
               col == TDBG_TRACE_COL_WHERE,
    /* Op names differ at their ends; the rest cut at the end. */
    .ellipsize = col == TDBG_TRACE_COL_TENSOR ? PANGO_ELLIPSIZE_START : PANGO_ELLIPSIZE_END,
    .keep_in_view = col == TDBG_TRACE_COL_NEG_INF || col == TDBG_TRACE_COL_POS_INF || col == TDBG_TRACE_COL_NAN ||
                    col == TDBG_TRACE_COL_HEALTH || col == TDBG_TRACE_COL_WHERE,
    /* The names give way to the counts and to where the trace ran, in a pane as narrow as a
     * laptop's screen leaves Graph Execution (whole in their tooltips). */
    .least = col == TDBG_TRACE_COL_TENSOR ? 110 : col == TDBG_TRACE_COL_TYPE ? 72 : 0,
  };
}

/* Left to right: which trace (and, comparing two runs, its error against its twin), then its
 * NaN/∞ counts and where it ran, which must be in view in a pane as narrow as a laptop's
 * screen leaves Graph Execution (the other columns are a sideways scroll away, and in the line
 * under the list), then the rest of its values, then its device and host whole, when asked. */
static const TdbgTraceCol columns_left_to_right[] = {
  TDBG_TRACE_COL_INDEX, TDBG_TRACE_COL_TENSOR, TDBG_TRACE_COL_TYPE, TDBG_TRACE_COL_ERROR,
  TDBG_TRACE_COL_NEG_INF, TDBG_TRACE_COL_POS_INF, TDBG_TRACE_COL_NAN, TDBG_TRACE_COL_HEALTH,
  TDBG_TRACE_COL_WHERE, TDBG_TRACE_COL_NEG, TDBG_TRACE_COL_ZERO, TDBG_TRACE_COL_POS, TDBG_TRACE_COL_SIZE,
  TDBG_TRACE_COL_DTYPE, TDBG_TRACE_COL_SHAPE, TDBG_TRACE_COL_DEVICE, TDBG_TRACE_COL_HOST,
};
G_STATIC_ASSERT (G_N_ELEMENTS (columns_left_to_right) == TDBG_TRACE_N_COLS);

void
tdbg_trace_summary_define_columns (TdbgTraceColumn *columns)
{
  define_column (columns, TDBG_TRACE_COL_INDEX, _("#"), FALSE, 56);
  define_column (columns, TDBG_TRACE_COL_TENSOR, _("Tensor"), TRUE, 190);
  define_column (columns, TDBG_TRACE_COL_TYPE, _("Op Type"), FALSE, 110);
  /* Translators: Graph Execution's column (compare mode) of each trace's largest difference
   * from its twin in the run it is compared with */
  define_column (columns, TDBG_TRACE_COL_ERROR, _("Error"), FALSE, 88);
  define_column (columns, TDBG_TRACE_COL_DEVICE, _("Device"), FALSE, 120);
  define_column (columns, TDBG_TRACE_COL_HOST, _("Host"), FALSE, 110);
  /* Translators: Graph Execution's column of where each trace ran: its host, its device or
   * both, whichever differ between traces */
  define_column (columns, TDBG_TRACE_COL_WHERE, _("Where"), FALSE, 64);
  define_column (columns, TDBG_TRACE_COL_DTYPE, _("DType"), FALSE, 70);
  define_column (columns, TDBG_TRACE_COL_SHAPE, _("Shape"), FALSE, 80);
  define_column (columns, TDBG_TRACE_COL_SIZE, _("Size"), FALSE, 70);
  define_column (columns, TDBG_TRACE_COL_NEG_INF, "−∞", FALSE, 56);
  define_column (columns, TDBG_TRACE_COL_POS_INF, "+∞", FALSE, 56);
  define_column (columns, TDBG_TRACE_COL_NAN, "NaN", FALSE, 72);
  define_column (columns, TDBG_TRACE_COL_NEG, "−", FALSE, 72);
  define_column (columns, TDBG_TRACE_COL_ZERO, "0", FALSE, 72);
  define_column (columns, TDBG_TRACE_COL_POS, "+", FALSE, 72);
  define_column (columns, TDBG_TRACE_COL_HEALTH, _("∞/NaN"), FALSE, 96);
  for (guint i = 0; i < G_N_ELEMENTS (columns_left_to_right); i++)
    columns[columns_left_to_right[i]].position = i;
}

void
tdbg_trace_summary_columns_for (TdbgTraceSummary *self, TdbgLogdir *logdir, gboolean *show)
{
  guint modes = logdir ? tdbg_logdir_get_modes (logdir) : 0;
  gboolean health = modes & ((1 << TDBG_MODE_FULL_HEALTH) | (1 << TDBG_MODE_CONCISE_HEALTH) |
                             (1 << TDBG_MODE_FULL_TENSOR));
  gboolean full = modes & ((1 << TDBG_MODE_FULL_HEALTH) | (1 << TDBG_MODE_FULL_TENSOR));
  gboolean shapes = modes & ((1 << TDBG_MODE_FULL_HEALTH) | (1 << TDBG_MODE_SHAPE) | (1 << TDBG_MODE_FULL_TENSOR));

  show[TDBG_TRACE_COL_INDEX] = TRUE;
  show[TDBG_TRACE_COL_TENSOR] = TRUE;
  show[TDBG_TRACE_COL_TYPE] = TRUE;
  show[TDBG_TRACE_COL_WHERE] = tdbg_trace_summary_places_differ (self);
  show[TDBG_TRACE_COL_DEVICE] = FALSE;
  show[TDBG_TRACE_COL_HOST] = FALSE;
  show[TDBG_TRACE_COL_DTYPE] = shapes || full;
  show[TDBG_TRACE_COL_SHAPE] = shapes;
  show[TDBG_TRACE_COL_SIZE] = health || shapes;
  show[TDBG_TRACE_COL_NEG_INF] = health;
  show[TDBG_TRACE_COL_POS_INF] = health;
  show[TDBG_TRACE_COL_NAN] = health;
  show[TDBG_TRACE_COL_NEG] = full;
  show[TDBG_TRACE_COL_ZERO] = full;
  show[TDBG_TRACE_COL_POS] = full;
  show[TDBG_TRACE_COL_HEALTH] = (modes & (1 << TDBG_MODE_CURT_HEALTH)) != 0;
  /* Shown by the pane in compare mode only. */
  show[TDBG_TRACE_COL_ERROR] = FALSE;
}

TdbgTraceSummary *
tdbg_trace_summary_new (void)
{
  TdbgTraceSummary *self = g_new0 (TdbgTraceSummary, 1);

  self->cache = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) row_info_free);
  self->places = g_array_new (FALSE, FALSE, sizeof (Place));
  return self;
}

void
tdbg_trace_summary_free (TdbgTraceSummary *self)
{
  g_hash_table_unref (self->cache);
  g_array_unref (self->places);
  g_clear_pointer (&self->wheres, g_ptr_array_unref);
  g_free (self);
}

void
tdbg_trace_summary_clear (TdbgTraceSummary *self)
{
  g_hash_table_remove_all (self->cache);
  g_array_set_size (self->places, 0);
  g_clear_pointer (&self->wheres, g_ptr_array_unref);
  self->several_hosts = self->devices_differ = self->bare_devices = FALSE;
}

const TdbgValue *
tdbg_trace_summary_get_value (TdbgTraceSummary *self, TdbgLogdir *logdir, guint trace)
{
  RowInfo *info = get_info (self, logdir, trace);

  return info->have_value ? &info->value : NULL;
}
