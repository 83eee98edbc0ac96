/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-tensor-text.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

static gboolean
parse_index (const char *text, gint64 dim, gint64 *out, gint64 fallback)
{
  char *end;
  gint64 v;

  text = g_strstrip ((char *) text);
  if (*text == '\0')
    {
      *out = fallback;
      return TRUE;
    }
  v = g_ascii_strtoll (text, &end, 10);
  if (*end != '\0')
    return FALSE;
  if (v < 0)
    v += dim;
  *out = CLAMP (v, 0, dim);
  return TRUE;
}

gboolean
tdbg_tensor_parse_slice (const char *spec, gint rank, const gint64 *shape, gint64 *start, gint64 *stop)
{
  g_autofree char *copy = g_strstrip (g_strdup (spec ? spec : ""));
  g_auto(GStrv) parts = NULL;
  char *inner = copy;
  gsize len = strlen (copy);

  for (gint d = 0; d < rank; d++)
    {
      start[d] = 0;
      stop[d] = shape[d];
    }
  if (len == 0)
    return TRUE;
  if (copy[0] == '[' && copy[len - 1] == ']')
    {
      copy[len - 1] = '\0';
      inner = copy + 1;
    }
  parts = g_strsplit (inner, ",", -1);
  if ((gint) g_strv_length (parts) > rank)
    return FALSE;
  for (gint d = 0; parts[d]; d++)
    {
      char *colon = strchr (parts[d], ':');
      if (colon)
        {
          *colon = '\0';
          if (!parse_index (parts[d], shape[d], &start[d], 0) || !parse_index (colon + 1, shape[d], &stop[d], shape[d]))
            return FALSE;
        }
      else
        {
          gint64 i;
          if (!parse_index (parts[d], shape[d], &i, 0) || i >= shape[d])
            return FALSE;
          start[d] = i;
          stop[d] = i + 1;
        }
      if (stop[d] < start[d])
        stop[d] = start[d];
    }
  return TRUE;
}

static gboolean
parse_bound (const char *text, double *out)
{
  g_autofree char *copy = g_strstrip (g_ascii_strdown (text, -1));
  char *end;

  if (g_str_equal (copy, "inf") || g_str_equal (copy, "+inf") || g_str_equal (copy, "infinity"))
    *out = INFINITY;
  else if (g_str_equal (copy, "-inf") || g_str_equal (copy, "-infinity"))
    *out = -INFINITY;
  else
    {
      if (*copy == '\0')
        return FALSE;
      *out = g_ascii_strtod (copy, &end);
      if (*end != '\0' || isnan (*out))
        return FALSE;
    }
  return TRUE;
}

gboolean
tdbg_tensor_parse_highlight (const char *spec, GArray *ranges)
{
  g_autofree char *copy = g_strstrip (g_strdup (spec ? spec : ""));
  guint start_len = ranges->len;
  char *p = copy;
  gsize len = strlen (copy);

  /* tfdbg's "[[a, b], [c, d]]": drop the outer brackets. */
  if (len >= 4 && copy[0] == '[' && copy[len - 1] == ']')
    {
      char *inner = copy + 1;
      while (g_ascii_isspace (*inner))
        inner++;
      if (*inner == '[')
        {
          copy[len - 1] = '\0';
          p = copy + 1;
        }
    }
  for (;;)
    {
      TdbgHighlightRange r = { FALSE, 0, 0 };

      while (*p == ',' || g_ascii_isspace (*p))
        p++;
      if (*p == '\0')
        break;
      if (*p == '[')
        {
          char *close = strchr (p, ']');
          g_autofree char *inner = NULL;
          g_auto(GStrv) bounds = NULL;

          if (close == NULL)
            goto fail;
          inner = g_strndup (p + 1, close - p - 1);
          bounds = g_strsplit (inner, ",", -1);
          if (g_strv_length (bounds) != 2 || !parse_bound (bounds[0], &r.lo) || !parse_bound (bounds[1], &r.hi) ||
              r.lo > r.hi)
            goto fail;
          p = close + 1;
        }
      else
        {
          char *end = p;
          g_autofree char *token = NULL;

          while (*end && *end != ',' && *end != '[' && !g_ascii_isspace (*end))
            end++;
          token = g_ascii_strdown (p, end - p);
          if (g_str_equal (token, "nan"))
            r.nan = TRUE;
          else if (parse_bound (token, &r.lo))
            r.hi = r.lo;
          else
            goto fail;
          p = end;
        }
      g_array_append_val (ranges, r);
    }
  return TRUE;

fail:
  g_array_set_size (ranges, start_len);
  return FALSE;
}

static gboolean
highlighted (const GArray *ranges, double v)
{
  if (ranges == NULL || ranges->len == 0)
    return isnan (v) || isinf (v);
  for (guint i = 0; i < ranges->len; i++)
    {
      const TdbgHighlightRange *r = &g_array_index (ranges, TdbgHighlightRange, i);
      if (r->nan ? isnan (v) : (v >= r->lo && v <= r->hi))
        return TRUE;
    }
  return FALSE;
}

static gboolean
pairable (const TdbgTensor *a, const TdbgTensor *b)
{
  if (a->dtype != b->dtype || a->dtype % 100 == TDBG_DT_STRING || a->rank != b->rank ||
      a->n_elements != b->n_elements)
    return FALSE;
  for (gint d = 0; d < a->rank && d < TDBG_MAX_RANK; d++)
    if (a->shape[d] != b->shape[d])
      return FALSE;
  return TRUE;
}

gint64
tdbg_tensor_count_differing (const TdbgTensor *a, const TdbgTensor *b, double rtol, double atol, double *max_abs)
{
  gint64 n = 0;

  *max_abs = 0;
  if (!pairable (a, b))
    return -1;
  for (guint64 i = 0; i < a->n_elements; i++)
    {
      double x = tdbg_tensor_get_double (a, i), y = tdbg_tensor_get_double (b, i);
      if (isfinite (x) && isfinite (y))
        *max_abs = MAX (*max_abs, fabs (x - y));
      n += !tdbg_values_close (x, y, rtol, atol);
    }
  return n;
}

/* Whether element @flat of @tensor differs from its twin's. */
static gboolean
differs (const TdbgTensor *tensor, const TdbgTensor *twin, gboolean tensor_is_a, double rtol, double atol,
         guint64 flat)
{
  double v = tdbg_tensor_get_double (tensor, flat), w = tdbg_tensor_get_double (twin, flat);

  return tensor_is_a ? !tdbg_values_close (v, w, rtol, atol) : !tdbg_values_close (w, v, rtol, atol);
}

static void
fill (GtkTextBuffer *buffer, const TdbgTensor *tensor, const char *slice, const GArray *ranges,
      const TdbgTensor *twin, gboolean tensor_is_a, double rtol, double atol)
{
  gboolean numeric = tensor->dtype % 100 != TDBG_DT_STRING; /* also its reference type */
  GtkTextTagTable *table = gtk_text_buffer_get_tag_table (buffer);
  GtkTextTag *bad = gtk_text_tag_table_lookup (table, "tdbg-bad");
  gint64 start[TDBG_MAX_RANK], stop[TDBG_MAX_RANK], idx[TDBG_MAX_RANK];
  gint rank = MAX (tensor->rank, 0);
  guint64 shown = 0;
  GtkTextIter end;

  GtkTextTag *differ = gtk_text_tag_table_lookup (table, "tdbg-differs");

  if (bad == NULL)
    bad = gtk_text_buffer_create_tag (buffer, "tdbg-bad", "background", "#f8c8c8", "foreground", "#a51d2d",
                                      "weight", PANGO_WEIGHT_BOLD, NULL);
  /* Its own colours in light and dark alike (7:1), and underlined: not told by colour alone. */
  if (differ == NULL)
    differ = gtk_text_buffer_create_tag (buffer, "tdbg-differs", "background", "#fce8b2", "foreground", "#613583",
                                         "weight", PANGO_WEIGHT_BOLD, "underline", PANGO_UNDERLINE_SINGLE, NULL);
  if (twin && !pairable (tensor, twin))
    twin = NULL;
  gtk_text_buffer_set_text (buffer, "", 0);
  if (!tdbg_tensor_parse_slice (slice, rank, tensor->shape, start, stop))
    {
      gtk_text_buffer_set_text (buffer, _("Not a slice: use the form [0:50, :]"), -1);
      return;
    }
  if (tensor->n_elements == 0)
    {
      gtk_text_buffer_set_text (buffer, _("(no elements)"), -1);
      return;
    }
  for (gint d = 0; d < rank; d++)
    {
      if (start[d] >= stop[d])
        {
          gtk_text_buffer_set_text (buffer, _("(empty slice)"), -1);
          return;
        }
      idx[d] = start[d];
    }

  gtk_text_buffer_get_end_iter (buffer, &end);
  for (;;)
    {
      guint64 flat = 0;
      g_autofree char *text = NULL;
      double v;

      for (gint d = 0; d < rank; d++)
        flat = flat * (guint64) tensor->shape[d] + (guint64) idx[d];
      text = tdbg_tensor_format_element (tensor, flat);
      v = tdbg_tensor_get_double (tensor, flat);
      if (rank > 0 && idx[rank - 1] != start[rank - 1])
        gtk_text_buffer_insert (buffer, &end, "  ", 2);
      {
        gboolean is_bad = numeric && highlighted (ranges, v);
        gboolean is_different = twin && differs (tensor, twin, tensor_is_a, rtol, atol, flat);
        if (is_bad && is_different)
          gtk_text_buffer_insert_with_tags (buffer, &end, text, -1, bad, differ, NULL);
        else if (is_bad || is_different)
          gtk_text_buffer_insert_with_tags (buffer, &end, text, -1, is_bad ? bad : differ, NULL);
        else
          gtk_text_buffer_insert (buffer, &end, text, -1);
      }
      if (++shown >= TDBG_TENSOR_TEXT_MAX_ELEMENTS)
        {
          gtk_text_buffer_insert (buffer, &end, " …", -1);
          break;
        }
      /* Next index, row-major; a new line whenever the last dimension wraps. */
      gint d = rank - 1;
      while (d >= 0)
        {
          if (++idx[d] < stop[d])
            break;
          idx[d] = start[d];
          d--;
        }
      if (d < 0)
        break;
      if (d < rank - 1)
        gtk_text_buffer_insert (buffer, &end, "\n", 1);
    }
}

void
tdbg_tensor_text_fill (GtkTextBuffer *buffer, const TdbgTensor *tensor, const char *slice, const GArray *ranges)
{
  fill (buffer, tensor, slice, ranges, NULL, TRUE, 0, 0);
}

void
tdbg_tensor_text_fill_twin (GtkTextBuffer *buffer, const TdbgTensor *tensor, const char *slice, const GArray *ranges,
                            const TdbgTensor *twin, gboolean tensor_is_a, double rtol, double atol)
{
  fill (buffer, tensor, slice, ranges, twin, tensor_is_a, rtol, atol);
}
