/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window in another language (test-i18n LANGUAGE LOCALE, under LC_ALL=LOCALE): pane titles,
 * buttons, tooltips and placeholder texts are the catalogue's translations (read from the
 * .mo with dgettext, and not the English), and every such label is drawn with glyphs of its
 * own font (no boxes). Screenshots go to screenshots/i18n-LANGUAGE-*.png. */

#include "config.h"

#include <locale.h>
#include <string.h>
#include <glib/gi18n.h>
#include <gtk/gtk.h>
#include <adwaita.h>
#include "gui-util.h"
#include "tdbg-location.h"
#include "tdbg-location-dialog.h"
#include "test-env.h"

static const char *language;

/* The translation of @msgid, which must not be the English. */
static const char *
translated (const char *msgid)
{
  const char *text = g_dgettext (GETTEXT_PACKAGE, msgid);

  if (g_str_equal (text, msgid))
    g_error ("“%s” has no %s translation in %s", msgid, language, g_getenv ("TDBG_LOCALEDIR"));
  return text;
}

/* The label under @root showing @text; drawn without unknown glyphs. */
static void
assert_label_shown (GtkWidget *root, const char *text)
{
  GtkLabel *label = gui_find_label (root, text, FALSE);

  if (label == NULL)
    g_error ("no label shows “%s”", text);
  g_assert_true (gtk_widget_is_drawable (GTK_WIDGET (label)));
  g_assert_cmpint (pango_layout_get_unknown_glyphs_count (gtk_label_get_layout (label)), ==, 0);
}

typedef struct {
  GtkWidget *root;
  const char *text;
} LabelWait;

static gboolean
label_present (gpointer data)
{
  LabelWait *w = data;
  GtkLabel *label = gui_find_label (w->root, w->text, FALSE);

  /* Drawable too: a list row is made a frame before it is mapped (seen under valgrind). */
  return label != NULL && gtk_widget_is_drawable (GTK_WIDGET (label));
}

/* @format holds one %s, the count with the locale's digit grouping. */
static void
assert_title (GtkWidget *pane, const char *format, guint n)
{
  g_autofree char *count = g_strdup_printf ("%'u", n);
  g_autofree char *title = g_strdup_printf (translated (format), count);

  assert_label_shown (pane, title);
}

static void
screenshot (GtkWidget *window, const char *what)
{
  g_autofree char *name = g_strdup_printf ("i18n-%s-%s.png", language, what);

  gui_shot (window, name);
}

static void
test_translated_window (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  TdbgLogdir *logdir = tdbg_selection_get_logdir (tdbg_window_get_selection (window));
  GtkWidget *alerts = GTK_WIDGET (tdbg_window_get_alerts_pane (window));
  GtkWidget *trace = GTK_WIDGET (tdbg_window_get_trace_pane (window));
  GtkWidget *stack = GTK_WIDGET (tdbg_window_get_stack_pane (window));
  GtkWidget *source = GTK_WIDGET (tdbg_window_get_source_pane (window));
  GtkWidget *graph = GTK_WIDGET (tdbg_window_get_graph_pane (window));
  GtkWidget *toggle, *check, *next;

  g_assert_nonnull (logdir);

  /* The six pane titles. */
  assert_title (alerts, "Alerts (%s)", tdbg_logdir_get_n_alerts (logdir));
  assert_title (GTK_WIDGET (tdbg_window_get_timeline_pane (window)), "Python Execution Timeline (%s)",
                tdbg_logdir_get_n_executions (logdir));
  assert_title (trace, "Graph Execution (%s)", tdbg_logdir_get_n_traces (logdir));
  assert_label_shown (graph, translated ("Graph Structure"));
  assert_label_shown (source, translated ("Source Code"));
  assert_label_shown (stack, translated ("Stack Trace"));
  /* The timeline's buttons: the window opens on the first alert (a trace), the timeline is a
   * strip with no execution chosen. */
  g_assert_nonnull (gui_find_by_tooltip (GTK_WIDGET (tdbg_window_get_timeline_pane (window)),
                                         translated ("Next execution")));

  /* Buttons: labels (with their mnemonics), tooltips, placeholders. */
  toggle = gui_find_widget (stack, GTK_TYPE_TOGGLE_BUTTON);
  g_assert_nonnull (toggle);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (toggle)), ==, translated ("_Library Frames"));
  check = gui_find_widget (trace, GTK_TYPE_CHECK_BUTTON);
  g_assert_nonnull (check);
  g_assert_cmpstr (gtk_check_button_get_label (GTK_CHECK_BUTTON (check)), ==, translated ("_Alerting only"));
  next = gui_find_by_tooltip (alerts, translated ("Next alert (F8)"));
  g_assert_nonnull (next);
  g_assert_true (GTK_IS_BUTTON (next));
  g_assert_nonnull (gui_find_by_tooltip (graph, translated ("Zoom in (+, Ctrl+wheel); drag to pan")));
  g_assert_nonnull (gui_find_editable (trace, translated ("Go to #")));
  {
    /* The op-name filter's placeholder whole, not “Nome da operação (re”, also at the
     * entry's least width. */
    GtkWidget *entry = gui_find_editable (trace, translated ("Op name"));
    GtkWidget *text = entry ? gui_find_widget (entry, GTK_TYPE_TEXT) : NULL;
    GtkLabel *placeholder = text ? gui_find_label (text, translated ("Op name"), FALSE) : NULL;
    int needed, least;

    g_assert_nonnull (placeholder);
    gtk_widget_measure (GTK_WIDGET (placeholder), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &needed, NULL, NULL);
    gtk_widget_measure (text, GTK_ORIENTATION_HORIZONTAL, -1, &least, NULL, NULL, NULL);
    g_test_message ("the op-name placeholder needs %d px, has %d, at least %d", needed,
                    gtk_widget_get_width (GTK_WIDGET (placeholder)), least);
    g_assert_cmpint (needed, <=, gtk_widget_get_width (GTK_WIDGET (placeholder)));
    g_assert_cmpint (needed, <=, least);
  }
  screenshot (GTK_WIDGET (window), "loaded");
  gui_assert_headers_whole (window, language);

  /* The first alert: the stack's heading and the frames' lines speak the language too. */
  tdbg_alerts_pane_activate (tdbg_window_get_alerts_pane (window), 0);
  {
    /* The selected frame's line, as its row shows it. */
    g_autofree char *line = g_strdup_printf (translated ("Line %d"),
                                             tdbg_selection_get_source_line (tdbg_window_get_selection (window)));
    LabelWait w = { stack, line };
    gui_wait_until (label_present, &w, 5000);
    assert_label_shown (stack, line);
    /* The source view scrolls to the line over a few frames. */
    gui_spin (500);
  }
  screenshot (GTK_WIDGET (window), "first-alert");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* At a laptop's 1280×800, the filters of a run on several hosts and devices (their row of
 * their own) and the timeline's chips read whole in the language, and where the traces ran
 * without a sideways scroll (in the Where column, or said once for a run in one place). */
static void
test_whole_at_laptop_size (void)
{
  TdbgWindow *window = gui_open_shared_logdir ("multi_host/logdir");

  gui_spin (300);
  gui_assert_where_in_view (window, "multi_host", language);
  screenshot (GTK_WIDGET (window), "multi-host");
  gui_assert_headers_whole (window, language);
  gtk_window_destroy (GTK_WINDOW (window));

  window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  gui_spin (300);
  gui_assert_where_in_view (window, "tutorial_mnist", language);
  screenshot (GTK_WIDGET (window), "one-place");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The start page's sentence breaks where the language would: no last line of a word or two
 * ("う。" alone in Japanese). */
static void
test_start_page_sentence (void)
{
  TdbgWindow *window = tdbg_window_new (NULL);
  const char *sentence = translated ("Open a tfdbg2 logdir to find where the first NaN or infinity came from.");
  GtkLabel *label;
  PangoLayout *layout;
  int longest = 0, last = 0;

  gtk_window_present (GTK_WINDOW (window));
  gui_spin (500);
  label = gui_find_label (GTK_WIDGET (window), sentence, FALSE);
  g_assert_nonnull (label);
  layout = gtk_label_get_layout (label);
  for (GSList *l = pango_layout_get_lines_readonly (layout); l; l = l->next)
    {
      PangoLayoutLine *line = l->data;
      last = (int) g_utf8_strlen (pango_layout_get_text (layout) + line->start_index, line->length);
      longest = MAX (longest, last);
    }
  g_test_message ("the start page's sentence: %d lines, the longest %d characters, the last %d",
                  pango_layout_get_line_count (layout), longest, last);
  screenshot (GTK_WIDGET (window), "start-page");
  g_assert_cmpint (last, >=, longest / 4);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
location_dialog_mapped (gpointer data)
{
  GtkWindow *dialog = gui_find_toplevel (TDBG_TYPE_LOCATION_DIALOG);

  return dialog != NULL && gtk_widget_get_mapped (GTK_WIDGET (dialog));
}

/* Open Location in the language: its title, its placeholder, the kinds this build opens and the
 * refusal of an address it does not read (this program adds no reader of s3://). */
static void
test_open_location (void)
{
  TdbgWindow *window = gui_new_window ();
  g_auto(GStrv) schemes = tdbg_location_list_remote_schemes ();
  g_autofree char *list = g_strjoinv (", ", schemes);
  g_autofree char *kinds = schemes[0] ? g_strdup_printf (translated ("This build of tfdbg-gtk opens folders on this "
                                                                     "computer and %s addresses."), list)
                                      : g_strdup (translated ("This build of tfdbg-gtk opens folders on this computer only."));
  g_autofree char *refusal = g_strdup_printf (translated ("Cannot open %s: this build of tfdbg-gtk does not read %s addresses"),
                                              "s3://logs/run", "s3");
  TdbgLocationDialog *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-location", NULL));
  g_assert_true (gui_wait_until (location_dialog_mapped, NULL, 10000));
  dialog = TDBG_LOCATION_DIALOG (gui_find_toplevel (TDBG_TYPE_LOCATION_DIALOG));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, translated ("Open Location"));
  g_assert_nonnull (gui_find_editable (GTK_WIDGET (dialog), translated ("a folder’s path or an address")));
  assert_label_shown (GTK_WIDGET (dialog), kinds);
  gtk_editable_set_text (tdbg_location_dialog_get_entry (dialog), "s3://logs/run");
  tdbg_location_dialog_open (dialog);
  g_assert_cmpstr (tdbg_location_dialog_get_message (dialog), ==, refusal);
  gui_spin (1500);
  assert_label_shown (GTK_WIDGET (dialog), refusal);
  screenshot (GTK_WIDGET (dialog), "open-location");
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Every label drawn under @root, with no unknown glyphs. */
static void
assert_own_glyphs (GtkWidget *root)
{
  if (GTK_IS_LABEL (root) && gtk_widget_is_drawable (root))
    g_assert_cmpint (pango_layout_get_unknown_glyphs_count (gtk_label_get_layout (GTK_LABEL (root))), ==, 0);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    assert_own_glyphs (child);
}

static gboolean
card_shown (gpointer data)
{
  return gtk_widget_get_visible (data) && gtk_widget_get_height (data) > 0;
}

static gboolean
is_dark (gpointer data)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ());
}

/* The root-cause card opened, in the language, light and dark: its fixed texts translated,
 * every label drawn with its own glyphs. Screenshots i18n-LANGUAGE-cause-card{,-dark}.png. */
static void
test_cause_card (void)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  TdbgWindow *window = gui_open_shared_logdir ("tutorial_mnist/logdir");
  TdbgCauseCard *card = tdbg_alerts_pane_get_cause_card (tdbg_window_get_alerts_pane (window));

  tdbg_alerts_pane_activate (tdbg_window_get_alerts_pane (window), 0);
  g_assert_true (gui_wait_until (card_shown, card, 30000));
  tdbg_cause_card_set_expanded (card, TRUE);
  gui_spin (300);
  screenshot (GTK_WIDGET (window), "cause-card");
  assert_label_shown (GTK_WIDGET (card), translated ("Root Cause"));
  g_assert_nonnull (gui_find_by_tooltip (GTK_WIDGET (card), translated ("Copy a Markdown report of the root cause")));
  assert_own_glyphs (GTK_WIDGET (card));
  /* The rest of the card, scrolled to its end. */
  {
    GtkScrolledWindow *body = GTK_SCROLLED_WINDOW (gui_find_widget (GTK_WIDGET (card), GTK_TYPE_SCROLLED_WINDOW));
    GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (body);
    gtk_adjustment_set_value (v, gtk_adjustment_get_upper (v));
    gui_spin (200);
    screenshot (GTK_WIDGET (window), "cause-card-end");
  }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  g_assert_true (gui_wait_until (is_dark, NULL, 5000));
  gui_spin (300);
  screenshot (GTK_WIDGET (window), "cause-card-dark");
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* `tfdbg-gtk help` as run from the build tree, in @lang (NULL: none chosen), with
 * TDBG_LOCALEDIR set or not. */
static char *
cli_help (const char *lang, gboolean with_localedir)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                                                       G_SUBPROCESS_FLAGS_STDERR_MERGE);
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  char *out = NULL;

  if (lang)
    g_subprocess_launcher_setenv (launcher, "LANGUAGE", lang, TRUE);
  else
    {
      g_subprocess_launcher_unsetenv (launcher, "LANGUAGE");
      g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
    }
  if (!with_localedir)
    g_subprocess_launcher_unsetenv (launcher, "TDBG_LOCALEDIR");
  process = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("TDBG_CLI"), "help", NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  return out;
}

/* README's first command (the program run from the build tree) speaks the person's language
 * without TDBG_LOCALEDIR: the program finds the catalogues built next to it. */
static void
test_uninstalled_catalogues (void)
{
  g_autofree char *found = cli_help (language, FALSE);
  g_autofree char *pointed = cli_help (language, TRUE);
  g_autofree char *english = cli_help (NULL, FALSE);

  g_test_message ("%s", found);
  g_assert_cmpstr (found, ==, pointed);
  g_assert_cmpstr (found, !=, english);
  g_assert_true (g_str_has_prefix (found, translated ("Usage: tfdbg-gtk [LOGDIR…]           open the window\n"
                                                      "       tfdbg-gtk COMMAND [ARGS…]     headless\n\nCommands:\n")));
}

int
main (int argc, char **argv)
{
  const char *localedir = g_getenv ("TDBG_LOCALEDIR");

  /* The language comes first, before anything reads the locale. Its locale too: glibc 2.41
   * ignores LANGUAGE under the C locale (C.UTF-8 included), as a person's desktop never runs. */
  if (argc < 3)
    g_error ("usage: test-i18n LANGUAGE LOCALE");
  language = argv[1];
  test_env_compile_locale (argv[2]);
  g_setenv ("LANGUAGE", language, TRUE);
  g_setenv ("LC_ALL", argv[2], TRUE);
  if (setlocale (LC_ALL, "") == NULL)
    g_error ("the locale %s cannot be used", argv[2]);
  if (localedir == NULL || !g_file_test (localedir, G_FILE_TEST_IS_DIR))
    g_error ("TDBG_LOCALEDIR (%s) is not a directory", localedir ? localedir : "unset");
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  gui_test_init (&argc, &argv);

  g_test_add_func ("/i18n/translated-window", test_translated_window);
  g_test_add_func ("/i18n/uninstalled-catalogues", test_uninstalled_catalogues);
  g_test_add_func ("/i18n/cause-card", test_cause_card);
  g_test_add_func ("/i18n/whole-at-laptop-size", test_whole_at_laptop_size);
  g_test_add_func ("/i18n/start-page-sentence", test_start_page_sentence);
  g_test_add_func ("/i18n/open-location", test_open_location);
  return g_test_run ();
}
