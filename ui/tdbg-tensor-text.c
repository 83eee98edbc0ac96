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

void
tdbg_tensor_text_fill (GtkTextBuffer *buffer, const TdbgTensor *tensor, const char *slice)
{
  GtkTextTagTable *table = gtk_text_buffer_get_tag_table (buffer);
  GtkTextTag *bad = gtk_text_tag_table_lookup (table, "tdbg-bad");
  gint64 start[TDBG_MAX_RANK], stop[TDBG_MAX_RANK], idx[TDBG_MAX_RANK];
  gint rank = MAX (tensor->rank, 0);
  guint64 shown = 0;
  GtkTextIter end;

  if (bad == NULL)
    bad = gtk_text_buffer_create_tag (buffer, "tdbg-bad", "background", "#f8c8c8", "foreground", "#a51d2d",
                                      "weight", PANGO_WEIGHT_BOLD, NULL);
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
      if (tdbg_dtype_is_floating (tensor->dtype) && (isnan (v) || isinf (v)))
        gtk_text_buffer_insert_with_tags (buffer, &end, text, -1, bad, NULL);
      else
        gtk_text_buffer_insert (buffer, &end, text, -1);
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
