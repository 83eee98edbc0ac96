/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <inttypes.h>
#include "tdbg-trace-summary.h"

#include <math.h>
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

struct _TdbgTraceSummary {
  GHashTable *cache;           /* trace → RowInfo */
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
  op = d->op < tdbg_logdir_get_n_ops (logdir) ? tdbg_logdir_get_op (logdir, d->op) : NULL;

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
                      col == TDBG_TRACE_COL_DEVICE ? 0.0f : 1.0f,
    .numeric = col == TDBG_TRACE_COL_INDEX || col == TDBG_TRACE_COL_ERROR || col >= TDBG_TRACE_COL_SIZE,
    .tooltip = col == TDBG_TRACE_COL_TENSOR || col == TDBG_TRACE_COL_HOST || col == TDBG_TRACE_COL_DEVICE,
    /* Op names differ at their ends; the rest cut at the end. */
    .ellipsize = col == TDBG_TRACE_COL_TENSOR ? PANGO_ELLIPSIZE_START : PANGO_ELLIPSIZE_END,
    .keep_in_view = col == TDBG_TRACE_COL_NEG_INF || col == TDBG_TRACE_COL_POS_INF || col == TDBG_TRACE_COL_NAN ||
                    col == TDBG_TRACE_COL_HEALTH,
  };
}

/* Left to right: which trace (and, comparing two runs, its error against its twin), then its
 * NaN/∞ counts, which must be in view in a pane as narrow as a laptop's screen leaves Graph
 * Execution (the other columns are a sideways scroll away, and in the line under the list),
 * then the rest of its values, then where it ran. */
static const TdbgTraceCol columns_left_to_right[] = {
  TDBG_TRACE_COL_INDEX, TDBG_TRACE_COL_TENSOR, TDBG_TRACE_COL_TYPE, TDBG_TRACE_COL_ERROR,
  TDBG_TRACE_COL_NEG_INF, TDBG_TRACE_COL_POS_INF, TDBG_TRACE_COL_NAN, TDBG_TRACE_COL_HEALTH,
  TDBG_TRACE_COL_NEG, TDBG_TRACE_COL_ZERO, TDBG_TRACE_COL_POS, TDBG_TRACE_COL_SIZE,
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
tdbg_trace_summary_columns_for (TdbgLogdir *logdir, guint n_devices, guint n_hosts, gboolean *show)
{
  guint modes = logdir ? tdbg_logdir_get_modes (logdir) : 0;
  gboolean health = modes & ((1 << TDBG_MODE_FULL_HEALTH) | (1 << TDBG_MODE_CONCISE_HEALTH) |
                             (1 << TDBG_MODE_FULL_TENSOR));
  gboolean full = modes & ((1 << TDBG_MODE_FULL_HEALTH) | (1 << TDBG_MODE_FULL_TENSOR));
  gboolean shapes = modes & ((1 << TDBG_MODE_FULL_HEALTH) | (1 << TDBG_MODE_SHAPE) | (1 << TDBG_MODE_FULL_TENSOR));

  show[TDBG_TRACE_COL_INDEX] = TRUE;
  show[TDBG_TRACE_COL_TENSOR] = TRUE;
  show[TDBG_TRACE_COL_TYPE] = TRUE;
  show[TDBG_TRACE_COL_DEVICE] = n_devices > 1;
  show[TDBG_TRACE_COL_HOST] = n_hosts > 1;
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
  return self;
}

void
tdbg_trace_summary_free (TdbgTraceSummary *self)
{
  g_hash_table_unref (self->cache);
  g_free (self);
}

void
tdbg_trace_summary_clear (TdbgTraceSummary *self)
{
  g_hash_table_remove_all (self->cache);
}

const TdbgValue *
tdbg_trace_summary_get_value (TdbgTraceSummary *self, TdbgLogdir *logdir, guint trace)
{
  RowInfo *info = get_info (self, logdir, trace);

  return info->have_value ? &info->value : NULL;
}
