/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdlib.h>
#include "gui-util.h"
#include "own-display.h"
#include "tdbg-v1-source.h"

#include <locale.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>
#include <gtksourceview/gtksource.h>
#include "tdbg-fixture-writer.h"
#include "tdbg-settings.h"
#include "tdbg-ui.h"
#include "tdbg-window-private.h"
#include "test-env.h"
#include "test-util.h"
#ifdef TDBG_WITH_REMOTE
#include "tdbg-remote.h"
#endif

static char *shots_dir;

static gboolean
tick_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

gboolean
gui_wait_until (GuiCond cond, gpointer data, guint timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;
  guint tick = g_timeout_add (10, tick_cb, NULL);
  gboolean ok;

  while (!(ok = cond (data)) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
  return ok;
}

static gboolean
always_false (gpointer data)
{
  return FALSE;
}

void
gui_spin (guint ms)
{
  gui_wait_until (always_false, NULL, ms);
}

/* Screenshots: snapshot the window in the frame clock's after-paint. */
typedef struct {
  GtkWidget *window;
  char *path;
  gboolean done;
  gulong handler;
} Shot;

static void
after_paint_cb (GdkFrameClock *clock, Shot *shot)
{
  int w = gtk_widget_get_width (shot->window), h = gtk_widget_get_height (shot->window);
  GdkPaintable *paintable = gtk_widget_paintable_new (shot->window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;

  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node)
    {
      GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (shot->window));
      GdkTexture *texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
      gdk_texture_save_to_png (texture, shot->path);
      g_object_unref (texture);
      gsk_render_node_unref (node);
      shot->done = TRUE;
      g_signal_handler_disconnect (clock, shot->handler);
    }
  g_object_unref (paintable);
}

static gboolean
shot_done (gpointer data)
{
  return ((Shot *) data)->done;
}

void
gui_screenshot (GtkWidget *window, const char *path)
{
  Shot shot = { window, g_strdup (path), FALSE, 0 };
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);

  gui_spin (150);
  shot.handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &shot);
  gtk_widget_queue_draw (window);
  if (!gui_wait_until (shot_done, &shot, 5000))
    {
      g_signal_handler_disconnect (clock, shot.handler);
      g_test_message ("screenshot %s not taken", shot.path);
    }
  else
    g_test_message ("screenshot: %s", shot.path);
  g_free (shot.path);
}

typedef gboolean (*WidgetMatch) (GtkWidget *widget, gconstpointer data);

/* The first widget at or under @root (depth first) that @match accepts. */
static GtkWidget *
find_first (GtkWidget *root, WidgetMatch match, gconstpointer data)
{
  if (match (root, data))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_first (child, match, data);
      if (found)
        return found;
    }
  return NULL;
}

typedef struct {
  const char *text;
  gboolean prefix;
} LabelMatch;

static gboolean
label_matches (GtkWidget *widget, gconstpointer data)
{
  const LabelMatch *m = data;
  const char *t;

  if (!GTK_IS_LABEL (widget))
    return FALSE;
  t = gtk_label_get_text (GTK_LABEL (widget));
  return m->prefix ? g_str_has_prefix (t, m->text) : g_str_equal (t, m->text);
}

GtkLabel *
gui_find_label (GtkWidget *root, const char *text, gboolean prefix)
{
  LabelMatch m = { text, prefix };

  return (GtkLabel *) find_first (root, label_matches, &m);
}

static gboolean
label_holds (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL;
}

GtkLabel *
gui_find_label_holding (GtkWidget *root, const char *text)
{
  return (GtkLabel *) find_first (root, label_holds, text);
}

typedef struct {
  GType type;
  guint n;   /* how many more of @type to pass */
} NthMatch;

static gboolean
is_nth (GtkWidget *widget, gconstpointer data)
{
  NthMatch *m = (NthMatch *) data;

  return G_TYPE_CHECK_INSTANCE_TYPE (widget, m->type) && m->n-- == 0;
}

GtkWidget *
gui_find_nth_widget (GtkWidget *root, GType type, guint n)
{
  NthMatch m = { type, n };

  return find_first (root, is_nth, &m);
}

static gboolean
placeholder_matches (GtkWidget *widget, gconstpointer placeholder)
{
  g_autofree char *text = NULL;

  if (!GTK_IS_EDITABLE (widget) || !g_object_class_find_property (G_OBJECT_GET_CLASS (widget), "placeholder-text"))
    return FALSE;
  g_object_get (widget, "placeholder-text", &text, NULL);
  return g_strcmp0 (text, placeholder) == 0;
}

GtkWidget *
gui_find_editable (GtkWidget *root, const char *placeholder)
{
  return find_first (root, placeholder_matches, placeholder);
}

static gboolean
type_matches (GtkWidget *widget, gconstpointer type)
{
  return g_type_is_a (G_OBJECT_TYPE (widget), GPOINTER_TO_SIZE (type));
}

GtkEventController *
gui_find_controller (GtkWidget *widget, GType type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type))
        return GTK_EVENT_CONTROLLER (controller);
    }
  return NULL;
}

GtkWidget *
gui_find_widget (GtkWidget *root, GType type)
{
  return find_first (root, type_matches, GSIZE_TO_POINTER (type));
}

static gboolean
tooltip_matches (GtkWidget *widget, gconstpointer tooltip)
{
  return g_strcmp0 (gtk_widget_get_tooltip_text (widget), tooltip) == 0;
}

GtkWidget *
gui_find_by_tooltip (GtkWidget *root, const char *tooltip)
{
  return find_first (root, tooltip_matches, tooltip);
}

void
gui_ensure_demo_logdir (const char *dir, guint n_steps)
{
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  gboolean wrote;

  if (!tdbg_fixture_ensure_demo (dir, n_steps, &wrote, &error))
    {
      /* A refusal (a folder of someone else's), not a crash of the benchmark. */
      g_printerr ("%s\n", error->message);
      exit (2);
    }
  if (wrote)
    g_printerr ("# wrote %s (%u steps) in %.2f s\n", dir, n_steps, (g_get_monotonic_time () - start) / 1e6);
}

void
gui_init_toolkit (void)
{
  gtk_source_init ();
  tdbg_ui_init ();
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
}

/* GTK 4.8 checks that a widget's height for an unbounded width is not above its minimum
 * height, and GtkInfoBar fails that check by 4 pixels for a banner of several lines (seen only
 * under valgrind's timing, when an SSH load drops). It is GTK's own measuring, logged as a
 * critical: printed here, not fatal. Every other critical stays fatal (G_DEBUG=fatal-criticals,
 * which g_log_writer_default applies). */
/* GTK names a widget drawn before its allocation, or measured for less than it needs, by its
 * address alone: its ancestors, with their CSS names and classes, say which one it is. Returns whether it is a part of the
 * scrollbar of a scrolled text view: GtkTextView validates the lines in sight while it draws,
 * which can move its adjustments' bounds, and the scrollbar drawn after it in the same frame
 * then waits for its next allocation (GTK 4.18, under load). GTK draws it right in the next
 * frame; anything else drawn unallocated is ours and stays fatal. */
static gboolean
print_widget_path (const char *message)
{
  const char *at = strstr (message, " 0x");
  gpointer address = NULL;
  gboolean in_scrollbar = FALSE, of_text_view = FALSE;

  if (at == NULL || sscanf (at + 1, "%p", &address) != 1)
    return FALSE;
  for (GtkWidget *w = address; w != NULL; w = gtk_widget_get_parent (w))
    {
      g_auto(GStrv) classes = gtk_widget_get_css_classes (w);
      g_autofree char *joined = g_strjoinv (".", classes);

      g_printerr ("#   in %s %s.%s %dx%d\n", G_OBJECT_TYPE_NAME (w), gtk_widget_get_css_name (w), joined,
                  gtk_widget_get_width (w), gtk_widget_get_height (w));
      if (GTK_IS_SCROLLBAR (w))
        in_scrollbar = TRUE;
      else if (in_scrollbar && GTK_IS_SCROLLED_WINDOW (w) && !of_text_view)
        of_text_view = GTK_IS_TEXT_VIEW (gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (w)));
    }
  return of_text_view;
}

static GLogWriterOutput
log_writer_cb (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer data)
{
  const char *domain = NULL, *message = NULL;

  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "GLIB_DOMAIN") && fields[i].length < 0)
      domain = fields[i].value;
    else if (g_str_equal (fields[i].key, "MESSAGE") && fields[i].length < 0)
      message = fields[i].value;
  /* GTK 4.8's measuring checks ("GtkBox 0x… reports a minimum width of …"): named, still fatal. */
  if (g_strcmp0 (domain, "Gtk") == 0 && message && strstr (message, " reports a minimum ") != NULL)
    print_widget_path (message);
  if (g_strcmp0 (domain, "Gtk") == 0 && message && g_str_has_prefix (message, "Trying to snapshot ") &&
      print_widget_path (message))
    return g_log_writer_standard_streams (level, fields, n_fields, data);
  if (g_strcmp0 (domain, "Gtk") == 0 && message && g_str_has_prefix (message, "Trying to measure "))
    print_widget_path (message);
  if (g_strcmp0 (domain, "Gtk") == 0 && message && g_str_has_prefix (message, "GtkInfoBar ") &&
      strstr (message, "but minimum height for width of") != NULL)
    return g_log_writer_standard_streams (level, fields, n_fields, data);
  return g_log_writer_default (level, fields, n_fields, data);
}

static char *own_home;

static void
remove_own_home (void)
{
  test_remove_tree (own_home);
}

/* A home of the program's own under the suite's (made anew, removed at exit), with the XDG
 * folders the program has not chosen itself under it: programs side by side never see each
 * other's recent list, remembered layout or reports. Before GLib reads any of them. */
static void
move_to_own_home (const char *program)
{
  const char *xdg[][2] = { { "XDG_CONFIG_HOME", ".config" }, { "XDG_CACHE_HOME", ".cache" },
                           { "XDG_DATA_HOME", ".local/share" } };
  g_autofree char *base = g_path_get_basename (program);
  g_autofree char *name = g_strconcat (base, "-XXXXXX", NULL);
  const char *suite_home = g_getenv ("HOME");

  g_assert_nonnull (suite_home);
  g_assert_cmpint (g_mkdir_with_parents (suite_home, 0700), ==, 0);
  own_home = g_build_filename (suite_home, name, NULL);
  g_assert_nonnull (g_mkdtemp (own_home));
  atexit (remove_own_home);
  g_setenv ("HOME", own_home, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (xdg); i++)
    if (g_getenv (xdg[i][0]) == NULL)
      {
        g_autofree char *dir = g_build_filename (own_home, xdg[i][1], NULL);
        g_setenv (xdg[i][0], dir, TRUE);
      }
}

void
gui_test_init (int *argc, char ***argv)
{
  const char *screen = g_getenv ("TDBG_TEST_SCREEN");

  g_log_set_writer_func (log_writer_cb, NULL, NULL);
  if (screen != NULL)
    {
      g_autofree char *display = own_display_start (screen);

      g_setenv ("DISPLAY", display, TRUE);
      move_to_own_home ((*argv)[0]);
    }
  gtk_test_init (argc, argv, NULL);
  /* gtk_test_init() switches to en_US.UTF-8 where that locale exists (digits then grouped
   * "1,000"): the tests run in the locale their environment names. */
  setlocale (LC_ALL, "");
#ifdef TDBG_WITH_REMOTE
  tdbg_remote_init ();
#endif
  tdbg_v1_init ();
  gui_init_toolkit ();
  test_env_shared_logdirs ();
}

char *
gui_shot_path (const char *name)
{
  if (shots_dir == NULL)
    shots_dir = test_env_build_dir ("screenshots");
  return g_build_filename (shots_dir, name, NULL);
}

void
gui_shot (GtkWidget *window, const char *name)
{
  g_autofree char *path = gui_shot_path (name);

  gui_screenshot (window, path);
}

gboolean
gui_window_loaded (gpointer data)
{
  return !tdbg_window_is_loading (data);
}

TdbgWindow *
gui_new_window (void)
{
  TdbgWindow *window = tdbg_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  gui_spin (50);
  return window;
}

TdbgWindow *
gui_open_window (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  TdbgWindow *window;

  g_assert_true (g_file_test (path, G_FILE_TEST_IS_DIR));
  window = gui_new_window ();
  tdbg_window_open (window, file);
  g_assert_true (gui_wait_until (gui_window_loaded, window, 30000));
  gui_spin (50);
  return window;
}

TdbgWindow *
gui_open_shared_logdir (const char *relative)
{
  g_autofree char *path = test_env_shared_path (relative, NULL);

  return gui_open_window (path);
}

void
gui_reset_settings (void)
{
  g_autoptr(GSettings) settings = tdbg_settings_new ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (char **k = keys; *k; k++)
    g_settings_reset (settings, *k);
}

GtkWindow *
gui_find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* not owned */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);
      if (g_type_is_a (G_OBJECT_TYPE (w), type) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return w;
    }
  return NULL;
}

gboolean
gui_panes_in_window (TdbgWindow *window)
{
  GtkWidget *panes[] = {
    GTK_WIDGET (tdbg_window_get_alerts_pane (window)), GTK_WIDGET (tdbg_window_get_timeline_pane (window)),
    GTK_WIDGET (tdbg_window_get_trace_pane (window)), GTK_WIDGET (tdbg_window_get_graph_pane (window)),
    GTK_WIDGET (tdbg_window_get_source_pane (window)), GTK_WIDGET (tdbg_window_get_stack_pane (window)),
  };
  int width = gtk_widget_get_width (GTK_WIDGET (window)), height = gtk_widget_get_height (GTK_WIDGET (window));
  gboolean inside = TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (panes); i++)
    {
      graphene_rect_t b;
      if (!gtk_widget_get_mapped (panes[i]) || !gtk_widget_compute_bounds (panes[i], GTK_WIDGET (window), &b))
        continue;
      if (b.origin.x + b.size.width > width + 0.5 || b.origin.y + b.size.height > height + 0.5)
        {
          g_test_message ("%s reaches %.0f×%.0f in a window of %d×%d", G_OBJECT_TYPE_NAME (panes[i]),
                          b.origin.x + b.size.width, b.origin.y + b.size.height, width, height);
          inside = FALSE;
        }
    }
  return inside;
}

void
gui_print_widest (GtkWidget *widget, int depth)
{
  GtkWidget *widest = NULL;
  int widest_min = -1;

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      int min;
      if (!gtk_widget_get_visible (c))
        continue;
      gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
      g_test_message ("%*s%s (%s): at least %d px wide", depth * 2, "", G_OBJECT_TYPE_NAME (c),
                      gtk_widget_get_css_name (c), min);
      if (min > widest_min)
        widest = c, widest_min = min;
    }
  if (widest && depth < 24)
    gui_print_widest (widest, depth + 1);
}

gboolean
gui_window_on_monitor (gpointer window)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

  return surface && gtk_widget_get_mapped (window) &&
         gdk_display_get_monitor_at_surface (gtk_widget_get_display (window), surface) != NULL;
}

/* ---- what several panes' tests wait for ---- */

typedef struct {
  TdbgGraphPane *pane;
  guint32 op;
} GraphWait;

static gboolean
graph_shows (gpointer data)
{
  GraphWait *w = data;
  return tdbg_graph_pane_get_shown_op (w->pane) == w->op &&
         tdbg_graph_view_get_layout (tdbg_graph_pane_get_view (w->pane)) != NULL;
}

gboolean
gui_wait_graph_shows (TdbgGraphPane *pane, guint32 op, guint timeout_ms)
{
  GraphWait w = { pane, op };

  return gui_wait_until (graph_shows, &w, timeout_ms);
}

const TdbgLayoutNode *
gui_find_node (TdbgWindow *window, guint32 op)
{
  TdbgGraphPane *pane = tdbg_window_get_graph_pane (window);
  TdbgGraphLayout *layout = tdbg_graph_view_get_layout (tdbg_graph_pane_get_view (pane));
  const char *name = tdbg_graph_pane_get_node_name (pane, op);

  return layout && name ? tdbg_graph_layout_find_node (layout, name) : NULL;
}

const char *
gui_node_fill (TdbgWindow *window, guint32 op)
{
  const TdbgLayoutNode *node = gui_find_node (window, op);

  return node && node->fill_color ? node->fill_color : "";
}

gboolean
gui_line_in_view (GtkTextView *view, int line)
{
  GdkRectangle visible;
  GtkTextIter iter;
  int y, height;

  gtk_text_view_get_visible_rect (view, &visible);
  gtk_text_buffer_get_iter_at_line (gtk_text_view_get_buffer (view), &iter, line);
  gtk_text_view_get_line_yrange (view, &iter, &y, &height);
  return visible.height > 0 && y >= visible.y && y + height <= visible.y + visible.height;
}

gboolean
gui_marked_line_shown (gpointer window)
{
  TdbgSourcePane *pane = tdbg_window_get_source_pane (window);
  gint marked = tdbg_source_pane_get_marked_line (pane);

  return marked > 0 && gui_line_in_view (GTK_TEXT_VIEW (tdbg_source_pane_get_view (pane)), marked - 1);
}

/* ---- Graph Execution filters ---- */

typedef struct {
  GtkWidget *widget;
  const char *text;
  gboolean active;
  guint position;
} Change;

typedef void (*ChangeFunc) (const Change *change);

static void
filtered_cb (TdbgTracePane *pane, guint *filtered)
{
  (*filtered)++;
}

static gboolean
has_filtered (gpointer filtered)
{
  return *(guint *) filtered > 0;
}

guint
gui_change_rows (TdbgTracePane *pane, GuiChangeFunc change, gconstpointer data)
{
  guint filtered = 0;
  gulong id = g_signal_connect (pane, "filtered", G_CALLBACK (filtered_cb), &filtered);

  change (data);
  g_assert_true (gui_wait_until (has_filtered, &filtered, 20000));
  g_signal_handler_disconnect (pane, id);
  return tdbg_trace_pane_get_n_rows (pane);
}

/* Makes @change and waits for the pane's "filtered" that follows. */
static guint
filter_rows (TdbgTracePane *pane, ChangeFunc func, const Change *change)
{
  return gui_change_rows (pane, (GuiChangeFunc) func, change);
}

static void
set_editable (const Change *c)
{
  gtk_editable_set_text (GTK_EDITABLE (c->widget), c->text);
}

static void
set_check (const Change *c)
{
  gtk_check_button_set_active (GTK_CHECK_BUTTON (c->widget), c->active);
}

static void
set_dropdown (const Change *c)
{
  gtk_drop_down_set_selected (GTK_DROP_DOWN (c->widget), c->position);
}

guint
gui_filter_by_text (TdbgTracePane *pane, GtkWidget *entry, const char *text)
{
  return filter_rows (pane, set_editable, &(Change) { .widget = entry, .text = text });
}

guint
gui_filter_by_check (TdbgTracePane *pane, GtkWidget *check, gboolean active)
{
  return filter_rows (pane, set_check, &(Change) { .widget = check, .active = active });
}

guint
gui_filter_by_dropdown (TdbgTracePane *pane, GtkDropDown *dropdown, guint position)
{
  return filter_rows (pane, set_dropdown, &(Change) { .widget = GTK_WIDGET (dropdown), .position = position });
}

gboolean
gui_browser_shows (gpointer data)
{
  GuiBrowserWait *w = data;
  TdbgWholeGraph *shown = tdbg_graph_browser_get_shown (w->browser);

  return shown && shown->graph == w->graph && tdbg_graph_view_get_layout (tdbg_graph_browser_get_view (w->browser));
}

/* The height of @widget on screen: what its ancestors do not cut off. */
double
gui_shown_height (GtkWidget *widget)
{
  graphene_rect_t shown, b;
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (widget));

  if (!gtk_widget_get_mapped (widget) || !gtk_widget_compute_bounds (widget, root, &shown))
    return 0;
  for (GtkWidget *a = gtk_widget_get_parent (widget); a; a = gtk_widget_get_parent (a))
    {
      if (!gtk_widget_compute_bounds (a, root, &b) || !graphene_rect_intersection (&shown, &b, &shown))
        return 0;
    }
  return shown.size.height;
}

/* Whole lines of @view in sight on screen. */
int
gui_lines_in_view (GtkTextView *view)
{
  GdkRectangle visible;
  GtkTextIter iter;
  int y, height;

  gtk_text_view_get_visible_rect (view, &visible);
  gtk_text_buffer_get_start_iter (gtk_text_view_get_buffer (view), &iter);
  gtk_text_view_get_line_yrange (view, &iter, &y, &height);
  g_assert_cmpint (height, >, 0);
  return (int) MIN (visible.height, gui_shown_height (GTK_WIDGET (view))) / height;
}

/* Rows of @list wholly in sight. */
guint
gui_rows_in_view (GtkWidget *list)
{
  guint n = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (list); row; row = gtk_widget_get_next_sibling (row))
    {
      graphene_rect_t b;
      if (gtk_widget_get_visible (row) && gtk_widget_get_height (row) > 0 &&
          gtk_widget_compute_bounds (row, list, &b) && b.origin.y >= 0 &&
          b.origin.y + b.size.height <= gtk_widget_get_height (list) + 0.5)
        n++;
    }
  return n;
}

/* Whether @label shows all its text: not ellipsized, and given at least the width it needs. */
gboolean
gui_label_whole (GtkLabel *label)
{
  int text_width;

  /* Unwrapped and not ellipsized, the layout is as wide as the whole text. */
  pango_layout_get_pixel_size (gtk_label_get_layout (label), &text_width, NULL);
  return !pango_layout_is_ellipsized (gtk_label_get_layout (label)) &&
         (gtk_label_get_wrap (label) || gtk_widget_get_width (GTK_WIDGET (label)) >= text_width);
}

static void
collect_cut_labels (GtkWidget *root, GString *cut)
{
  if (!gtk_widget_get_mapped (root))
    return;
  if (GTK_IS_LABEL (root) && *gtk_label_get_text (GTK_LABEL (root)) && !gui_label_whole (GTK_LABEL (root)))
    g_string_append_printf (cut, "%s“%s” (%d px)", cut->len ? ", " : "", gtk_label_get_text (GTK_LABEL (root)),
                            gtk_widget_get_width (root));
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    collect_cut_labels (child, cut);
}

void
gui_assert_labels_whole (GtkWidget *root, const char *what)
{
  g_autoptr(GString) cut = g_string_new (NULL);

  collect_cut_labels (root, cut);
  if (cut->len > 0)
    g_error ("%s: cut labels: %s", what, cut->str);
}

static void
collect_by_type (GtkWidget *root, GType type, GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type) && gtk_widget_get_mapped (root))
    g_ptr_array_add (found, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    collect_by_type (child, type, found);
}

void
gui_assert_headers_whole (TdbgWindow *window, const char *what)
{
  g_autoptr(GPtrArray) drop_downs = g_ptr_array_new ();
  g_autoptr(GPtrArray) chips = g_ptr_array_new ();

  collect_by_type (GTK_WIDGET (tdbg_window_get_trace_pane (window)), GTK_TYPE_DROP_DOWN, drop_downs);
  g_assert_cmpuint (drop_downs->len, >, 0);
  for (guint i = 0; i < drop_downs->len; i++)
    gui_assert_labels_whole (gtk_widget_get_parent (g_ptr_array_index (drop_downs, i)), what);
  {
    /* Graph Structure's heading: the op shown, and its type. */
    GtkWidget *graph = GTK_WIDGET (tdbg_window_get_graph_pane (window));
    const char *op = tdbg_graph_pane_get_op_text (tdbg_window_get_graph_pane (window));
    GtkLabel *subtitle = op && *op ? gui_find_label (graph, op, FALSE) : NULL;
    if (subtitle && !gui_label_whole (subtitle))
      g_error ("%s: Graph Structure's heading is cut: “%s” in %d px", what, op, gtk_widget_get_width (GTK_WIDGET (subtitle)));
  }
  collect_by_type (GTK_WIDGET (tdbg_window_get_timeline_pane (window)), GTK_TYPE_LABEL, chips);
  for (guint i = 0; i < chips->len; i++)
    if (gtk_widget_has_css_class (g_ptr_array_index (chips, i), "tdbg-exec-box"))
      gui_assert_labels_whole (g_ptr_array_index (chips, i), what);
}

void
gui_assert_window_same_as (TdbgWindow *window, TdbgLogdir *local)
{
  TdbgLogdir *remote = tdbg_selection_get_logdir (tdbg_window_get_selection (window));
  const TdbgAlert *a, *b;

  g_assert_null (tdbg_window_get_load_error (window));
  g_assert_nonnull (remote);
  g_assert_cmpuint (tdbg_logdir_get_n_traces (remote), ==, tdbg_logdir_get_n_traces (local));
  g_assert_cmpuint (tdbg_logdir_get_n_executions (remote), ==, tdbg_logdir_get_n_executions (local));
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (remote), ==, tdbg_logdir_get_n_alerts (local));
  g_assert_cmpuint (tdbg_logdir_get_n_alerts (local), >, 0);
  a = tdbg_logdir_get_alert (remote, 0);
  b = tdbg_logdir_get_alert (local, 0);
  g_assert_cmpint (a->type, ==, b->type);
  g_assert_cmpuint (a->trace_index, ==, b->trace_index);
  g_assert_cmpuint (a->execution_index, ==, b->execution_index);
  g_assert_cmpuint (a->output_slot, ==, b->output_slot);
  g_assert_cmpstr (tdbg_logdir_get_string (remote, a->op_type), ==, tdbg_logdir_get_string (local, b->op_type));
}
