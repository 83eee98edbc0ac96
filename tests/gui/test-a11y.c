/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window as a screen reader sees it. The real tfdbg-gtk runs on the tutorial logdir on a
 * private desktop (tests/gui/a11y-session.h) and is read and driven only through AT-SPI: named
 * panes, lists and controls; the first NaN/∞ alert activated as a screen reader does, with
 * the selected trace and the source line read back and held against EXPECTED.json; a graph
 * node activated through its accessible; and the alert → trace → graph → stack frame → source
 * line path done with keys alone (Alt+1…6, Tab, arrows, Return, F8, Ctrl+Home); the root-cause
 * card named, read and reached with keys. */

#include <string.h>
#include "a11y-session.h"
#include "test-env.h"

#define MOD_SHIFT (1 << 0)
#define MOD_CONTROL (1 << 2)
#define MOD_ALT (1 << 3)
#define KEY_RETURN 0xff0d
#define KEY_TAB 0xff09
#define KEY_UP 0xff52
#define KEY_DOWN 0xff54
#define KEY_HOME 0xff50
#define KEY_F8 0xffc5

static char *expected_json;

/* --- EXPECTED.json ---------------------------------------------------------------------- */

/* The value of the first "@key" after each of @anchors in turn (a string unquoted, or a
 * number's text): the facts needed here, without a JSON library. */
static char *
expected_value (const char * const *anchors, const char *key)
{
  const char *at = expected_json;
  g_autofree char *pattern = g_strdup_printf ("\"%s\":\\s*(\"((?:[^\"\\\\]|\\\\.)*)\"|-?[0-9.]+)", key);
  g_autoptr(GRegex) regex = g_regex_new (pattern, 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *quoted = NULL;

  for (guint i = 0; anchors[i]; i++)
    {
      g_autofree char *quoted_anchor = g_strdup_printf ("\"%s\"", anchors[i]);
      at = strstr (at, quoted_anchor);
      g_assert_nonnull (at);
    }
  g_assert_true (g_regex_match (regex, at, 0, &match));
  quoted = g_match_info_fetch (match, 2);
  if (quoted && *quoted)
    return g_strcompress (quoted);
  return g_match_info_fetch (match, 1);
}

#define EXPECTED(key, ...) expected_value ((const char *[]) { __VA_ARGS__, NULL }, key)

/* What EXPECTED.json says of the first NaN/∞ trace, and what the window should show of it. */
static struct {
  char *op_name, *op_type, *index, *code;
  gint line;
  char *tensor;           /* "Log:0", as the Graph Execution row shows it */
  char *node;             /* "Log (Log), NaN/∞", the graph node's name */
  char *input, *input_type, *input_trace;
  char *input_tensor;
} facts;

#define FIRST "first_inf_nan_graph_execution_trace"

static void
read_facts (void)
{
  g_autofree char *slot = EXPECTED ("output_slot", FIRST);
  g_autofree char *line = EXPECTED ("line", FIRST, "creation_innermost_user_frame");
  g_autofree char *input_slot = EXPECTED ("output_slot", FIRST, "inputs");

  facts.op_name = EXPECTED ("op_name", FIRST);
  facts.op_type = EXPECTED ("op_type", FIRST);
  facts.index = EXPECTED ("graph_execution_trace_index", "first_alert");
  facts.code = EXPECTED ("code", FIRST, "creation_innermost_user_frame");
  facts.line = (gint) g_ascii_strtoll (line, NULL, 10);
  facts.tensor = g_strdup_printf ("%s:%s", facts.op_name, slot);
  facts.node = g_strdup_printf ("%s (%s), NaN/∞", facts.op_name, facts.op_type);
  facts.input = EXPECTED ("op_name", FIRST, "inputs");
  facts.input_type = EXPECTED ("op_type", FIRST, "inputs");
  facts.input_trace = EXPECTED ("latest_trace_index_before", FIRST, "inputs");
  facts.input_tensor = g_strdup_printf ("%s:%s", facts.input, input_slot);
}

/* --- reading the window ----------------------------------------------------------------- */

/* Every named panel outside lists and tables, by name (panes are never inside those, and
 * walking their rows costs seconds). */
static void
collect_panels (AtspiAccessible *a, GHashTable *panels)
{
  AtspiRole role = atspi_accessible_get_role (a, NULL);
  gint n;

  if (role == ATSPI_ROLE_LIST || role == ATSPI_ROLE_TREE_TABLE)
    return;
  if (role == ATSPI_ROLE_PANEL)
    {
      char *name = a11y_name (a);
      if (*name && !g_hash_table_contains (panels, name))
        g_hash_table_insert (panels, name, g_object_ref (a));
      else
        g_free (name);
    }
  n = atspi_accessible_get_child_count (a, NULL);
  for (gint i = 0; i < n; i++)
    {
      g_autoptr(AtspiAccessible) child = atspi_accessible_get_child_at_index (a, i, NULL);
      if (child)
        collect_panels (child, panels);
    }
}

/* Pane @name (new reference); looked up once, the panes stay. */
static AtspiAccessible *
pane (const char *name)
{
  static GHashTable *panels;
  AtspiAccessible *found;

  if (panels == NULL)
    {
      panels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
      collect_panels (a11y_session_get_frame (), panels);
    }
  found = g_hash_table_lookup (panels, name);
  if (found == NULL)
    g_error ("no panel named “%s”", name);
  return g_object_ref (found);
}

/* The accessible of @role named @name in pane @pane_name (new reference), which must be there. */
static AtspiAccessible *
in_pane (const char *pane_name, AtspiRole role, const char *name)
{
  g_autoptr(AtspiAccessible) p = pane (pane_name);
  AtspiAccessible *found = a11y_find (p, role, name, FALSE);

  if (found == NULL)
    {
      g_autoptr(GPtrArray) same_role = a11y_find_all (p, role);
      g_autoptr(GString) names = g_string_new (NULL);
      for (guint i = 0; i < same_role->len; i++)
        {
          g_autofree char *n = atspi_accessible_get_name (g_ptr_array_index (same_role, i), NULL);
          g_string_append_printf (names, " “%s”", n ? n : "");
        }
      g_error ("no %s named “%s” in “%s”; there are%s", atspi_role_get_name (role), name, pane_name,
               names->len ? names->str : " none");
    }
  return found;
}

static AtspiAccessible *
graph_view (void)
{
  return in_pane ("Graph Structure", ATSPI_ROLE_PANEL, "Graph neighbourhood");
}

/* The names of the labels under @row, in order (a table row's cells). */
static GPtrArray *
row_texts (AtspiAccessible *row)
{
  g_autoptr(GPtrArray) labels = a11y_find_all (row, ATSPI_ROLE_LABEL);
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < labels->len; i++)
    g_ptr_array_add (texts, a11y_name (g_ptr_array_index (labels, i)));
  return texts;
}

/* The first row under @list (a list, or the inner list of a table) with @state. */
static AtspiAccessible *
row_with_state (AtspiAccessible *list, AtspiStateType state)
{
  gint n = atspi_accessible_get_child_count (list, NULL);

  for (gint i = 0; i < n; i++)
    {
      g_autoptr(AtspiAccessible) row = atspi_accessible_get_child_at_index (list, i, NULL);
      if (row && a11y_has_state (row, state))
        return g_steal_pointer (&row);
    }
  return NULL;
}

static AtspiAccessible *
trace_rows (void)
{
  return in_pane ("Graph Execution", ATSPI_ROLE_LIST, "Graph execution traces");
}

/* The cells of a Graph Execution row, from its one label "#: 103; Tensor: Log:0; Op Type: Log;
 * …" ("103", "Log:0", "Log", …). */
static GPtrArray *
trace_cells (AtspiAccessible *row)
{
  g_autoptr(GPtrArray) labels = row_texts (row);
  GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) parts = NULL;

  g_assert_cmpuint (labels->len, ==, 1);
  parts = g_strsplit (g_ptr_array_index (labels, 0), "; ", -1);
  for (guint i = 0; parts[i]; i++)
    {
      const char *value = strstr (parts[i], ": ");
      g_ptr_array_add (cells, g_strdup (value ? value + 2 : ""));
    }
  return cells;
}

/* The cells of the Graph Execution row with @state, or NULL. */
static GPtrArray *
trace_row_texts (AtspiStateType state)
{
  g_autoptr(AtspiAccessible) rows = trace_rows ();
  g_autoptr(AtspiAccessible) row = rows ? row_with_state (rows, state) : NULL;
  GPtrArray *texts = row ? trace_cells (row) : NULL;

  /* Rows are named once drawn: a row still unnamed is not read yet. */
  if (texts && (texts->len < 3 || *(char *) g_ptr_array_index (texts, 0) == '\0'))
    g_clear_pointer (&texts, g_ptr_array_unref);
  return texts;
}

typedef struct {
  const char *index;
  const char *tensor;     /* "op:slot", or NULL for any */
  AtspiStateType state;
  gboolean other;         /* any row but that one */
} TraceWait;

static gboolean
trace_row_is (gpointer data)
{
  TraceWait *w = data;
  g_autoptr(GPtrArray) texts = trace_row_texts (w->state);
  gboolean same;

  if (texts == NULL)
    return FALSE;
  same = g_str_equal (g_ptr_array_index (texts, 0), w->index) &&
         (w->tensor == NULL || g_str_equal (g_ptr_array_index (texts, 1), w->tensor));
  return w->other ? !same : same;
}

static void
wait_trace_row (const char *index, const char *tensor, AtspiStateType state, gboolean other)
{
  TraceWait w = { index, tensor, state, other };

  if (!a11y_wait (trace_row_is, &w, 10000))
    {
      g_autoptr(GPtrArray) texts = trace_row_texts (state);
      g_error ("the %s Graph Execution row is %s %s, expected %s%s %s", state == ATSPI_STATE_FOCUSED ? "focused"
               : "selected", texts ? (char *) g_ptr_array_index (texts, 0) : "(none)",
               texts ? (char *) g_ptr_array_index (texts, 1) : "", other ? "another than " : "", index,
               tensor ? tensor : "");
    }
}

static void
assert_trace_row (const char *index, const char *tensor, AtspiStateType state)
{
  wait_trace_row (index, tensor, state, FALSE);
}

/* The source view's caret: its line number (from 1) and that line's text. */
static gint
source_caret_line (char **line_text)
{
  g_autoptr(AtspiAccessible) view = in_pane ("Source Code", ATSPI_ROLE_TEXT, "Source");
  AtspiText *text = ATSPI_TEXT (view);
  gint caret, line = 1;
  g_autofree char *before = NULL;

  caret = atspi_text_get_caret_offset (text, NULL);
  if (caret < 0)
    return -1;
  /* The gutter's numbers are not exposed: count the lines before the caret. */
  before = atspi_text_get_text (text, 0, caret, NULL);
  for (const char *p = before; p && *p; p++)
    line += *p == '\n';
  if (line_text)
    {
      AtspiTextRange *range = atspi_text_get_string_at_offset (text, caret, ATSPI_TEXT_GRANULARITY_LINE, NULL);
      *line_text = g_strdup (range && range->content ? range->content : "");
      if (range)
        g_boxed_free (ATSPI_TYPE_TEXT_RANGE, range);
    }
  return line;
}

static gboolean
caret_on_line (gpointer data)
{
  return source_caret_line (NULL) == GPOINTER_TO_INT (data);
}

static void
assert_caret_line (gint line)
{
  if (!a11y_wait (caret_on_line, GINT_TO_POINTER (line), 10000))
    g_error ("the source caret is on line %d, not %d", source_caret_line (NULL), line);
}

/* Whether something under @root has the keyboard focus; its new reference in *@focused. */
static gboolean
find_focused (AtspiAccessible *root, AtspiAccessible **focused)
{
  gint n;

  if (a11y_has_state (root, ATSPI_STATE_FOCUSED))
    {
      *focused = g_object_ref (root);
      return TRUE;
    }
  n = atspi_accessible_get_child_count (root, NULL);
  for (gint i = 0; i < n; i++)
    {
      g_autoptr(AtspiAccessible) child = atspi_accessible_get_child_at_index (root, i, NULL);
      if (child && find_focused (child, focused))
        return TRUE;
    }
  return FALSE;
}

typedef struct {
  const char *pane;
  AtspiAccessible *focused;
} FocusWait;

static gboolean
focus_in_pane (gpointer data)
{
  FocusWait *w = data;
  g_autoptr(AtspiAccessible) p = pane (w->pane);

  g_clear_object (&w->focused);
  return find_focused (p, &w->focused);
}

/* Presses Alt+@n and returns what got the focus, which must be inside pane @name. */
static AtspiAccessible *
focus_pane (guint n, const char *name)
{
  FocusWait w = { name, NULL };

  a11y_press_key ('0' + n, MOD_ALT);
  if (!a11y_wait (focus_in_pane, &w, 5000))
    g_error ("Alt+%u did not move the focus into “%s”", n, name);
  return w.focused;
}

static gboolean
alerts_listed (gpointer data)
{
  g_autoptr(AtspiAccessible) alerts = pane ("Alerts");
  g_autoptr(AtspiAccessible) list = a11y_find (alerts, ATSPI_ROLE_LIST, "Alert events", FALSE);

  return list && atspi_accessible_get_child_count (list, NULL) > 0;
}

/* --- the tests -------------------------------------------------------------------------- */

/* Every control at or under @a has a name of its own: not empty, not a widget type's
 * ("GtkToggleButton"), no mnemonic underscore (outside lists). Table rows hold only cells. */
static void
check_control_names (AtspiAccessible *a, gboolean in_list, guint *checked)
{
  static const AtspiRole controls[] = { ATSPI_ROLE_PUSH_BUTTON, ATSPI_ROLE_TOGGLE_BUTTON, ATSPI_ROLE_CHECK_BOX,
                                        ATSPI_ROLE_SPIN_BUTTON, ATSPI_ROLE_ENTRY, ATSPI_ROLE_TEXT, ATSPI_ROLE_COMBO_BOX,
                                        ATSPI_ROLE_LIST, ATSPI_ROLE_TREE_TABLE };
  AtspiRole role = atspi_accessible_get_role (a, NULL);
  gint n;

  for (guint r = 0; r < G_N_ELEMENTS (controls); r++)
    if (role == controls[r])
      {
        g_autofree char *name = a11y_name (a);
        /* Rows show op names, which may hold underscores. */
        if (*name == '\0' || g_str_has_prefix (name, "Gtk") || (!in_list && strchr (name, '_')))
          g_error ("a %s is named “%s”", atspi_role_get_name (role), name);
        (*checked)++;
      }
  if (role == ATSPI_ROLE_TABLE_ROW)
    return;
  n = atspi_accessible_get_child_count (a, NULL);
  for (gint i = 0; i < n; i++)
    {
      g_autoptr(AtspiAccessible) child = atspi_accessible_get_child_at_index (a, i, NULL);
      if (child)
        check_control_names (child, in_list || role == ATSPI_ROLE_LIST, checked);
    }
}

static void
test_names (void)
{
  static const char *panes[] = { "Alerts", "Python Execution Timeline", "Graph Execution", "Graph Structure",
                                 "Source Code", "Stack Trace" };
  static const struct { const char *pane; AtspiRole role; const char *name; } named[] = {
    { "Alerts", ATSPI_ROLE_LIST, "Alert events" },
    { "Alerts", ATSPI_ROLE_PUSH_BUTTON, "Next alert" },
    { "Python Execution Timeline", ATSPI_ROLE_LIST, "Eager executions" },
    { "Graph Execution", ATSPI_ROLE_LIST, "Graph execution traces" },
    { "Graph Execution", ATSPI_ROLE_CHECK_BOX, "Alerting only" },
    { "Graph Execution", ATSPI_ROLE_ENTRY, "Filter by op name" },
    { "Graph Structure", ATSPI_ROLE_PANEL, "Graph neighbourhood" },
    { "Graph Structure", ATSPI_ROLE_PUSH_BUTTON, "Zoom in" },
    { "Source Code", ATSPI_ROLE_TEXT, "Source" },
    { "Source Code", ATSPI_ROLE_COMBO_BOX, "Source file" },
    { "Stack Trace", ATSPI_ROLE_LIST, "Stack frames" },
    { "Stack Trace", ATSPI_ROLE_TOGGLE_BUTTON, "Library Frames" },
  };
  guint checked = 0;

  for (guint i = 0; i < G_N_ELEMENTS (panes); i++)
    g_object_unref (pane (panes[i]));
  for (guint i = 0; i < G_N_ELEMENTS (named); i++)
    g_object_unref (in_pane (named[i].pane, named[i].role, named[i].name));

  /* A filter says what is chosen (as the host and device filters do): the drop-down, and the
   * button inside it where GTK shows that button on its own (4.8). */
  {
    g_autoptr(AtspiAccessible) types = in_pane ("Graph Execution", ATSPI_ROLE_COMBO_BOX, "Filter by op type");
    g_autoptr(AtspiAccessible) button = a11y_find (types, ATSPI_ROLE_TOGGLE_BUTTON, "Filter by op type", FALSE);
    g_autofree char *chosen = atspi_accessible_get_description (types, NULL);
    g_assert_cmpstr (chosen, ==, "All op types");
    if (button)
      {
        g_autofree char *on_button = atspi_accessible_get_description (button, NULL);
        g_assert_cmpstr (on_button, ==, "All op types");
      }
  }
  check_control_names (a11y_session_get_frame (), FALSE, &checked);
  g_test_message ("%u controls named", checked);
  g_assert_cmpuint (checked, >, 20);
}

static gboolean
health_plot_found (gpointer data)
{
  AtspiAccessible **plot = data;
  g_autofree char *prefix = g_strdup_printf ("%s over ", facts.tensor);
  g_autoptr(AtspiAccessible) p = pane ("Graph Execution");

  g_clear_object (plot);
  *plot = a11y_find (p, ATSPI_ROLE_IMAGE, prefix, TRUE);
  return *plot != NULL;
}

/* The selected op's health across its steps is an image, its name a summary of it. */
static void
assert_health_plot (void)
{
  g_autoptr(AtspiAccessible) plot = NULL;
  g_autofree char *name = NULL;

  if (!a11y_wait (health_plot_found, &plot, 5000))
    g_error ("no image named “%s over …” in Graph Execution", facts.tensor);
  name = a11y_name (plot);
  g_test_message ("health plot: %s", name);
  g_assert_nonnull (strstr (name, ": first NaN/∞ at step "));
}

static void
test_alert_to_source (void)
{
  g_autofree char *alert_op = g_strdup_printf ("%s (%s)", facts.tensor, facts.op_type);
  g_autoptr(AtspiAccessible) list = in_pane ("Alerts", ATSPI_ROLE_LIST, "Alert events");
  g_autoptr(AtspiAccessible) first_row = NULL;
  g_autoptr(AtspiAccessible) button = NULL;
  g_autoptr(AtspiAccessible) graph = NULL;
  g_autoptr(AtspiAccessible) node = NULL;
  g_autofree char *alert_name = NULL;
  g_autofree char *line_text = NULL;

  /* The first row of the alert list is a button named after the alert. */
  first_row = atspi_accessible_get_child_at_index (list, 0, NULL);
  g_assert_nonnull (first_row);
  button = a11y_find (first_row, ATSPI_ROLE_PUSH_BUTTON, NULL, FALSE);
  g_assert_nonnull (button);
  alert_name = a11y_name (button);
  g_test_message ("first alert: %s", alert_name);
  g_assert_nonnull (strstr (alert_name, alert_op));
  g_assert_true (g_str_has_prefix (alert_name, "NaN/∞"));

  /* Activated as a screen reader does: the button's "click" action. */
  g_assert_true (a11y_do_action (button, "click"));
  assert_trace_row (facts.index, facts.tensor, ATSPI_STATE_SELECTED);
  {
    g_autoptr(GPtrArray) texts = trace_row_texts (ATSPI_STATE_SELECTED);
    g_assert_cmpstr (g_ptr_array_index (texts, 2), ==, facts.op_type);
  }
  assert_caret_line (facts.line);
  g_assert_cmpint (source_caret_line (&line_text), ==, facts.line);
  g_test_message ("source line %d: %s", facts.line, line_text);
  g_assert_nonnull (strstr (line_text, facts.code));

  /* Graph Structure: the op is a node of its own, named with its type and NaN/∞. */
  graph = graph_view ();
  node = a11y_find (graph, ATSPI_ROLE_PUSH_BUTTON, facts.node, FALSE);
  if (node == NULL)
    g_error ("no graph node named “%s”", facts.node);
  assert_health_plot ();
}

static gboolean
node_found (gpointer data)
{
  AtspiAccessible **node = data;
  g_autoptr(AtspiAccessible) graph = graph_view ();
  g_autoptr(AtspiAccessible) center = a11y_find (graph, ATSPI_ROLE_PUSH_BUTTON, NULL, FALSE);

  g_clear_object (node);
  /* Named "<op> (<type>)…" by the pane, once laid out. */
  if (center == NULL)
    return FALSE;
  *node = g_steal_pointer (&center);
  return TRUE;
}

static void
test_graph_node (void)
{
  g_autofree char *prefix = g_strdup_printf ("%s (%s)", facts.input, facts.input_type);
  g_autoptr(AtspiAccessible) graph = graph_view ();
  g_autoptr(AtspiAccessible) node = NULL;
  g_autofree char *description = NULL;
  AtspiAccessible *any = NULL;

  g_assert_true (a11y_wait (node_found, &any, 10000));
  g_clear_object (&any);
  node = a11y_find (graph, ATSPI_ROLE_PUSH_BUTTON, prefix, TRUE);
  if (node == NULL)
    g_error ("no graph node for the input “%s”", prefix);
  description = atspi_accessible_get_description (node, NULL);
  g_assert_cmpstr (description, ==, "Input, 1 level above");

  /* Its click selects the op: its latest trace before the bad one. */
  g_assert_true (a11y_do_action (node, "click"));
  assert_trace_row (facts.input_trace, facts.input_tensor, ATSPI_STATE_SELECTED);
}

typedef struct {
  const char *name;
  gboolean same;          /* the node named so has the focus, or another one */
} NodeFocus;

static gboolean
node_focus_is (gpointer data)
{
  NodeFocus *w = data;
  g_autoptr(AtspiAccessible) graph = graph_view ();
  g_autoptr(AtspiAccessible) focused = NULL;
  g_autofree char *focused_name = NULL;

  if (!find_focused (graph, &focused) || atspi_accessible_get_role (focused, NULL) != ATSPI_ROLE_PUSH_BUTTON)
    return FALSE;
  focused_name = a11y_name (focused);
  return g_str_equal (focused_name, w->name) == w->same;
}

static void
test_keyboard_path (void)
{
  const char *index = facts.index, *tensor = facts.tensor;
  AtspiAccessible *focused;
  g_autofree char *name = NULL;

  /* Ctrl+Home: the first alert, wherever the focus is (on the graph's node now). */
  a11y_press_key (KEY_HOME, MOD_CONTROL);
  assert_trace_row (index, tensor, ATSPI_STATE_SELECTED);

  /* Alerts: the focus lands on the selected alert; Down then Return activates the next one,
   * Up then Return the first again. */
  focused = focus_pane (1, "Alerts");
  name = a11y_name (focused);
  g_clear_object (&focused);
  g_assert_true (g_str_has_prefix (name, "NaN/∞"));
  a11y_press_key (KEY_DOWN, 0);
  a11y_press_key (KEY_RETURN, 0);
  wait_trace_row (index, tensor, ATSPI_STATE_SELECTED, TRUE);
  a11y_press_key (KEY_UP, 0);
  a11y_press_key (KEY_RETURN, 0);
  assert_trace_row (index, tensor, ATSPI_STATE_SELECTED);
  /* F8 and Shift+F8 from inside the list (every pane sits in a GtkPaned, which has F8 too). */
  a11y_press_key (KEY_F8, 0);
  wait_trace_row (index, tensor, ATSPI_STATE_SELECTED, TRUE);
  a11y_press_key (KEY_F8, MOD_SHIFT);
  assert_trace_row (index, tensor, ATSPI_STATE_SELECTED);

  /* Python Execution Timeline: reachable too. */
  focused = focus_pane (2, "Python Execution Timeline");
  g_clear_object (&focused);

  /* Graph Execution: the focus lands on the selected trace's row. */
  focused = focus_pane (3, "Graph Execution");
  g_clear_object (&focused);
  assert_trace_row (index, tensor, ATSPI_STATE_FOCUSED);

  /* Graph Structure: on the op's node; Up reaches its input above, Return selects it. */
  focused = focus_pane (4, "Graph Structure");
  g_clear_pointer (&name, g_free);
  name = a11y_name (focused);
  g_clear_object (&focused);
  g_assert_cmpstr (name, ==, facts.node);
  /* Tab goes on to another node, Shift+Tab comes back. */
  a11y_press_key (KEY_TAB, 0);
  g_assert_true (a11y_wait (node_focus_is, &(NodeFocus) { facts.node, FALSE }, 5000));
  a11y_press_key (KEY_TAB, MOD_SHIFT);
  g_assert_true (a11y_wait (node_focus_is, &(NodeFocus) { facts.node, TRUE }, 5000));
  a11y_press_key (KEY_UP, 0);
  a11y_press_key (KEY_RETURN, 0);
  assert_trace_row (facts.input_trace, facts.input_tensor, ATSPI_STATE_SELECTED);
  g_test_message ("Up and Return on the graph selected %s (trace %s)", facts.input, facts.input_trace);

  /* Back with F8 / Ctrl+Home, then Stack Trace: on the innermost user frame. */
  a11y_press_key (KEY_HOME, MOD_CONTROL);
  assert_trace_row (index, tensor, ATSPI_STATE_SELECTED);
  assert_caret_line (facts.line);
  focused = focus_pane (6, "Stack Trace");
  {
    g_autoptr(GPtrArray) texts = row_texts (focused);
    g_autofree char *line_label = g_strdup_printf ("Line %d", facts.line);
    gboolean has_line = FALSE;
    for (guint i = 0; i < texts->len; i++)
      has_line |= g_str_equal (g_ptr_array_index (texts, i), line_label);
    g_assert_true (has_line);
  }
  g_clear_object (&focused);

  /* Source Code: the caret is on the line. */
  focused = focus_pane (5, "Source Code");
  g_clear_object (&focused);
  assert_caret_line (facts.line);
}

/* The role and name of everything under @a, for a failure's message. */
static void
dump_tree (AtspiAccessible *a, GString *out, guint depth)
{
  g_autofree char *name = a11y_name (a);
  gint n = atspi_accessible_get_child_count (a, NULL);

  g_string_append_printf (out, "%*s%s “%s”\n", (int) depth * 2, "",
                          atspi_role_get_name (atspi_accessible_get_role (a, NULL)), name);
  for (gint i = 0; i < n; i++)
    {
      g_autoptr(AtspiAccessible) child = atspi_accessible_get_child_at_index (a, i, NULL);
      if (child)
        dump_tree (child, out, depth + 1);
    }
}

static gboolean
card_found (gpointer data)
{
  AtspiAccessible **card = data;
  g_autoptr(AtspiAccessible) alerts = pane ("Alerts");

  g_clear_object (card);
  *card = a11y_find (alerts, ATSPI_ROLE_PANEL, "Root cause", FALSE);
  return *card != NULL;
}

typedef struct {
  AtspiAccessible *card;
  AtspiAccessible *toggle;
  AtspiAccessible *label;
} SentenceWait;

/* Whether @below is laid out under @above. GTK orders Tab by where widgets are: a body shown
 * but not yet laid out sits at its parent's top, before the title, and Tab skips it. */
static AtspiRect *
window_extents (AtspiAccessible *a)
{
  return atspi_component_get_extents (ATSPI_COMPONENT (a), ATSPI_COORD_TYPE_WINDOW, NULL);
}

static gboolean
laid_out_below (AtspiAccessible *above, AtspiAccessible *below)
{
  g_autofree AtspiRect *ra = window_extents (above);
  g_autofree AtspiRect *rb = window_extents (below);

  return ra && rb && rb->height > 0 && rb->y >= ra->y + ra->height;
}

static gboolean
sentence_shown (gpointer data)
{
  SentenceWait *w = data;

  g_clear_object (&w->label);
  w->label = a11y_find (w->card, ATSPI_ROLE_LABEL, "Log (Log) produced", TRUE);
  return w->label != NULL && laid_out_below (w->toggle, w->label);
}

static gboolean
expanded (gpointer toggle)
{
  return a11y_has_state (toggle, ATSPI_STATE_EXPANDED);
}

/* What has the focus in pane Alerts (new reference), NULL when nothing. */
static AtspiAccessible *
alerts_focus (void)
{
  g_autoptr(AtspiAccessible) alerts = pane ("Alerts");
  AtspiAccessible *focused = NULL;

  return find_focused (alerts, &focused) ? focused : NULL;
}

/* Presses Tab (with @modifiers) until what has the focus in Alerts is named @name (or a name
 * starting with it); whether it got there within 20 presses. */
static gboolean
tab_to (guint modifiers, const char *name)
{
  for (guint i = 0; i < 20; i++)
    {
      g_autoptr(AtspiAccessible) focused = NULL;
      g_autofree char *focused_name = NULL;

      a11y_press_key (KEY_TAB, modifiers);
      g_usleep (150 * 1000);
      focused = alerts_focus ();
      focused_name = focused ? a11y_name (focused) : g_strdup ("");
      g_test_message ("Tab: %s “%s”", focused ? atspi_role_get_name (atspi_accessible_get_role (focused, NULL)) : "-",
                      focused_name);
      if (g_str_has_prefix (focused_name, name))
        return TRUE;
    }
  return FALSE;
}

static void
fail_with_tree (AtspiAccessible *card, const char *what)
{
  GString *tree = g_string_new (NULL);

  dump_tree (card, tree, 0);
  g_error ("%s:\n%s", what, tree->str);
}

/* The root-cause card in Alerts, after the first alert: found by its name, its cause sentence
 * read (its description, and its label once expanded with keys), and its input row reached
 * with Tab; Return on it selects the input's latest trace. */
static void
test_cause_card (void)
{
  g_autoptr(AtspiAccessible) list = in_pane ("Alerts", ATSPI_ROLE_LIST, "Alert events");
  g_autoptr(AtspiAccessible) first_row = atspi_accessible_get_child_at_index (list, 0, NULL);
  g_autoptr(AtspiAccessible) button = a11y_find (first_row, ATSPI_ROLE_PUSH_BUTTON, NULL, FALSE);
  g_autoptr(AtspiAccessible) card = NULL;
  g_autoptr(AtspiAccessible) toggle = NULL;
  g_autoptr(AtspiAccessible) focused = NULL;
  g_autofree char *description = NULL;
  g_autofree char *sentence = NULL;
  g_autofree char *input_name = g_strdup_printf ("Input %s, trace %s", facts.input_tensor, facts.input_trace);
  SentenceWait w = { NULL, NULL, NULL };

  g_assert_true (a11y_do_action (button, "click"));
  assert_trace_row (facts.index, facts.tensor, ATSPI_STATE_SELECTED);
  if (!a11y_wait (card_found, &card, 30000))
    g_error ("no panel named “Root cause” in Alerts");
  description = atspi_accessible_get_description (card, NULL);
  g_test_message ("root cause: %s", description);
  g_assert_true (g_str_has_prefix (description, "Log (Log) produced −∞"));
  g_assert_nonnull (strstr (description, "logarithm of zero"));

  /* Keys alone: from the selected alert (Alt+1) back to the card's title; Return expands it,
   * and Tab goes on into it, to its input's row. */
  toggle = a11y_find (card, ATSPI_ROLE_TOGGLE_BUTTON, "Root cause details", FALSE);
  if (toggle == NULL)
    fail_with_tree (card, "no expander title in the card");
  focused = focus_pane (1, "Alerts");
  if (!tab_to (MOD_SHIFT, "Root cause details"))
    g_error ("Shift+Tab never reached the card's title");
  a11y_press_key (KEY_RETURN, 0);
  /* The sentence is in the tree before the card opens on GTK 4.18: the title's state says when
   * Return has opened it, and Tab goes into it. */
  if (!a11y_wait (expanded, toggle, 5000))
    fail_with_tree (card, "Return did not expand the card");
  w.card = card;
  w.toggle = toggle;
  if (!a11y_wait (sentence_shown, &w, 5000))
    fail_with_tree (card, "the cause sentence is not readable below the card's title");
  sentence = a11y_name (w.label);
  g_clear_object (&w.label);
  g_assert_cmpstr (sentence, ==, description);
  if (!tab_to (0, input_name))
    g_error ("Tab never reached the row “%s…”", input_name);
  a11y_press_key (KEY_RETURN, 0);
  assert_trace_row (facts.input_trace, facts.input_tensor, ATSPI_STATE_SELECTED);
  a11y_press_key (KEY_HOME, MOD_CONTROL);
  assert_trace_row (facts.index, facts.tensor, ATSPI_STATE_SELECTED);
}

/* libatspi warns once that GTK has no cache object (GTK 4.8 exports none): harmless, so
 * neither fatal nor a TAP "Bail out!", which GLib prints for fatal messages. */
static void
dbind_warning_cb (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
  g_test_message ("%s: %s", domain, message);
}

static gboolean
fatal_log_cb (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
  return !(g_strcmp0 (domain, "dbind") == 0 && strstr (message, "/org/a11y/atspi/cache"));
}

int
main (int argc, char **argv)
{
  g_autofree char *expected_path = NULL;
  g_autofree char *logdir = NULL;
  const char *program;
  int status;

  g_test_init (&argc, &argv, NULL);
  g_test_log_set_fatal_handler (fatal_log_cb, NULL);
  g_log_set_handler ("dbind", G_LOG_LEVEL_WARNING | G_LOG_FLAG_FATAL, dbind_warning_cb, NULL);
  if (argc < 2)
    g_error ("usage: test-a11y PATH-TO-tfdbg-gtk");
  program = argv[1];
  expected_path = test_env_shared_path ("tutorial_mnist", "EXPECTED.json", NULL);
  g_assert_true (g_file_get_contents (expected_path, &expected_json, NULL, NULL));
  read_facts ();
  logdir = test_env_shared_path ("tutorial_mnist", "logdir", NULL);

  g_test_add_func ("/a11y/names", test_names);
  g_test_add_func ("/a11y/alert-to-source", test_alert_to_source);
  g_test_add_func ("/a11y/graph-node", test_graph_node);
  g_test_add_func ("/a11y/keyboard-path", test_keyboard_path);
  g_test_add_func ("/a11y/cause-card", test_cause_card);

  {
    const char *app[] = { program, logdir, NULL };
    a11y_session_start (app, NULL, 240);
  }
  /* Loaded: the alert list has its rows. */
  if (!a11y_wait (alerts_listed, NULL, 30000))
    g_error ("the alert list stayed empty; the program's log:\n%s", a11y_session_get_log_tail ());
  status = g_test_run ();
  a11y_session_stop ();
  g_free (expected_json);
  return status;
}
