/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-window-private.h"

#include <glib/gi18n.h>
#include "libtdbg-ui.h"

struct _TdbgFirstLook {
  gulong paint_id;             /* waiting for the frame */
  GdkFrameClock *clock;        /* the paint_id's, weak */
  gpointer loaded;
  TdbgFirstLookBegin begin;
  char *note;                  /* what was shown first, while it still is */
  gboolean choosing;           /* the selection is changing to it */
  guint32 trace, execution;
};

void
_tdbg_window_first_look_free (TdbgFirstLook *look)
{
  if (look == NULL)
    return;
  if (look->clock)
    {
      g_clear_signal_handler (&look->paint_id, look->clock);
      g_object_remove_weak_pointer (G_OBJECT (look->clock), (gpointer *) &look->clock);
    }
  g_free (look->note);
  g_free (look);
}

static TdbgFirstLook *
first_look_of (TdbgWindow *window)
{
  if (window->look == NULL)
    window->look = g_new0 (TdbgFirstLook, 1);
  return window->look;
}

typedef enum { FIRST_NOTHING, FIRST_ALERT, FIRST_EXECUTION, FIRST_TRACE } FirstKind;

/* What to show first in @logdir. */
static FirstKind
first_kind (TdbgLogdir *logdir)
{
  if (logdir == NULL)
    return FIRST_NOTHING;
  /* The first alert is where a person debugging NaN/∞ starts. */
  if (tdbg_logdir_get_n_alerts (logdir) > 0)
    return FIRST_ALERT;
  if (tdbg_logdir_get_n_executions (logdir) > 0)
    return FIRST_EXECUTION;
  return tdbg_logdir_get_n_traces (logdir) > 0 ? FIRST_TRACE : FIRST_NOTHING;
}

static char *
first_note (FirstKind kind)
{
  switch (kind)
    {
    case FIRST_ALERT: return g_strdup (_("Showing the first alert"));
    case FIRST_EXECUTION: return g_strdup (_("Showing the first execution"));
    case FIRST_TRACE: return g_strdup (_("Showing the first trace"));
    case FIRST_NOTHING: break;
    }
  return NULL;
}

static void
select_kind (TdbgWindow *window, FirstKind kind)
{
  TdbgSelection *selection = tdbg_window_get_selection (window);

  /* The alerts pane knows its order (by kind). */
  if (kind == FIRST_ALERT)
    tdbg_alerts_pane_move (tdbg_window_get_alerts_pane (window), TDBG_ALERT_MOVE_FIRST);
  else if (kind == FIRST_EXECUTION)
    tdbg_selection_select_execution (selection, 0);
  else if (kind == FIRST_TRACE)
    tdbg_selection_select_trace (selection, 0);
}

char *
tdbg_window_select_first (TdbgWindow *window)
{
  FirstKind kind = first_kind (tdbg_selection_get_logdir (tdbg_window_get_selection (window)));

  select_kind (window, kind);
  return first_note (kind);
}

static void
first_look (TdbgWindow *window, TdbgFirstLook *look)
{
  TdbgSelection *selection = tdbg_window_get_selection (window);
  FirstKind kind;

  g_clear_pointer (&look->note, g_free);
  if (!look->begin (window, look->loaded))
    return;
  kind = first_kind (tdbg_selection_get_logdir (selection));
  /* The note is there while the selection changes (the status line follows each change). */
  look->note = first_note (kind);
  look->choosing = TRUE;
  select_kind (window, kind);
  look->choosing = FALSE;
  look->trace = tdbg_selection_get_trace (selection);
  look->execution = tdbg_selection_get_execution (selection);
}
static void
after_paint_cb (GdkFrameClock *clock, TdbgWindow *window)
{
  TdbgFirstLook *look = first_look_of (window);

  g_clear_signal_handler (&look->paint_id, clock);
  g_object_remove_weak_pointer (G_OBJECT (clock), (gpointer *) &look->clock);
  look->clock = NULL;
  first_look (window, look);
}

void
tdbg_window_first_look_when_drawn (TdbgWindow *window, gpointer loaded, TdbgFirstLookBegin begin)
{
  TdbgFirstLook *look = first_look_of (window);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));

  look->loaded = loaded;
  look->begin = begin;
  if (clock == NULL)
    {
      first_look (window, look);
      return;
    }
  if (look->paint_id == 0)
    {
      look->clock = clock;
      g_object_add_weak_pointer (G_OBJECT (clock), (gpointer *) &look->clock);
      /* Disconnected by _tdbg_window_first_look_free() when the window goes first. */
      look->paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), window);
    }
  gtk_widget_queue_draw (GTK_WIDGET (window));
}

void
tdbg_window_first_look_prepend_note (TdbgWindow *window, GString *status)
{
  TdbgFirstLook *look = window->look;
  TdbgSelection *selection = tdbg_window_get_selection (window);
  g_autofree char *prefix = NULL;

  if (look == NULL || (look->note == NULL && !look->choosing))
    return;
  if (!look->choosing && (tdbg_selection_get_trace (selection) != look->trace ||
                          tdbg_selection_get_execution (selection) != look->execution))
    {
      g_clear_pointer (&look->note, g_free);
      return;
    }
  if (look->note == NULL)
    return;
  /* Translators: what the window selected on opening, then the status line */
  prefix = g_strdup_printf (_("%s: "), look->note);
  g_string_prepend (status, prefix);
}
