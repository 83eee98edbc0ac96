/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-start-page.h"

#include <string.h>
#include <adwaita.h>
#include <glib/gi18n.h>
#include "tdbg-watched-run.h"
#include "libtdbg-data.h"
#include "tdbg-settings.h"
#include "libtdbg-ui.h"

struct _TdbgStartPage {
  GtkWidget parent_instance;
  GtkWidget *scroller;        /* the template's root: bound, so that disposing unparents it */

  GtkWidget *recents_group;
  GtkListBox *list;
  GtkWidget *watching_group;
  GtkListBox *watching_list;  /* the runs watched in the background */
  GListModel *watched_runs;   /* the application's (tdbg_start_page_set_watched_runs), bound to it */

  GSettings *settings;
  GPtrArray *recents;   /* TdbgRecent, newest first */
  GArray *states;       /* TdbgRecentState per recent */
  GtkStringList *model; /* the locations, for the list box */
  GCancellable *checking;  /* the existence check of the recents shown */
};

G_DEFINE_FINAL_TYPE (TdbgStartPage, tdbg_start_page, GTK_TYPE_WIDGET)

enum { SIGNAL_OPEN_LOCATION, N_SIGNALS };
static guint signals[N_SIGNALS];

char *
tdbg_format_age (gint64 then, gint64 now)
{
  const gint64 minute = 60, hour = 60 * minute, day = 24 * hour;
  gint64 s = MAX (now - then, 0);
  guint n;

  if (s < minute)
    return g_strdup (_("just now"));
  if (s < hour)
    {
      n = s / minute;
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u minute ago", "%u minutes ago", n), n);
    }
  if (s < day)
    {
      n = s / hour;
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u hour ago", "%u hours ago", n), n);
    }
  if (s < 2 * day)
    return g_strdup (_("yesterday"));
  if (s < 61 * day)
    {
      n = s / day;
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u day ago", "%u days ago", n), n);
    }
  if (s < 730 * day)
    {
      n = s / (30 * day);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u month ago", "%u months ago", n), n);
    }
  n = s / (365 * day);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u year ago", "%u years ago", n), n);
}

static gboolean
is_remote (const char *location)
{
  return tdbg_location_text_is_remote (location);
}

/* In a worker: the task data is the locations (GStrv); returns the states (GArray). */
static void
check_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  char **locations = data;
  GArray *states = g_array_new (FALSE, FALSE, sizeof (TdbgRecentState));

  for (guint i = 0; locations[i] && !g_cancellable_is_cancelled (cancellable); i++)
    {
      TdbgRecentState state = is_remote (locations[i]) ? TDBG_RECENT_REMOTE
                              : g_file_test (locations[i], G_FILE_TEST_IS_DIR) ? TDBG_RECENT_PRESENT
                              : TDBG_RECENT_MISSING;
      g_array_append_val (states, state);
    }
  g_task_return_pointer (task, states, (GDestroyNotify) g_array_unref);
}

static void show_recents (TdbgStartPage *self);

static void
check_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(GArray) states = g_task_propagate_pointer (G_TASK (result), NULL);
  TdbgStartPage *self;

  /* Cancelled: the page went, or the list changed and another check runs. */
  if (states == NULL || g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    return;
  self = TDBG_START_PAGE (source);
  g_clear_object (&self->checking);
  if (states->len != self->states->len ||
      (states->len > 0 && memcmp (states->data, self->states->data, states->len * sizeof (TdbgRecentState)) != 0))
    {
      g_array_unref (self->states);
      self->states = g_steal_pointer (&states);
      show_recents (self);
    }
}

static void
start_check (TdbgStartPage *self)
{
  g_autoptr(GTask) task = NULL;
  char **locations = g_new0 (char *, self->recents->len + 1);

  for (guint i = 0; i < self->recents->len; i++)
    locations[i] = g_strdup (((TdbgRecent *) g_ptr_array_index (self->recents, i))->location);
  if (self->checking)
    g_cancellable_cancel (self->checking);
  g_clear_object (&self->checking);
  self->checking = g_cancellable_new ();
  task = g_task_new (self, self->checking, check_done_cb, NULL);
  g_task_set_task_data (task, locations, (GDestroyNotify) g_strfreev);
  g_task_run_in_thread (task, check_in_thread);
}

gboolean
tdbg_start_page_is_checking (TdbgStartPage *self)
{
  return self->checking != NULL;
}

static guint
index_of (TdbgStartPage *self, const char *location)
{
  for (guint i = 0; i < self->recents->len; i++)
    if (g_str_equal (((TdbgRecent *) g_ptr_array_index (self->recents, i))->location, location))
      return i;
  return G_MAXUINT;
}

static void
remove_clicked_cb (GtkButton *button, TdbgStartPage *self)
{
  const char *location = g_object_get_data (G_OBJECT (button), "location");

  tdbg_recents_remove (self->settings, location);
}

char *
tdbg_display_location (const char *location)
{
  const char *home = g_get_home_dir ();
  gsize n = strlen (home);

  if (n > 1 && g_str_has_prefix (location, home) && location[n] == G_DIR_SEPARATOR)
    return g_strconcat ("~", location + n, NULL);
  return g_strdup (location);
}

/* The last two parts of the path ("mnist/logdir"): logdirs are often all called "logdir". */
static char *
short_name (const char *location)
{
  g_autofree char *base = g_path_get_basename (location);
  g_autofree char *parent = g_path_get_dirname (location);
  g_autofree char *parent_base = g_path_get_basename (parent);

  if (g_str_equal (parent_base, G_DIR_SEPARATOR_S) || g_str_equal (parent_base, ".") || strchr (parent_base, ':'))
    return g_steal_pointer (&base);
  return g_build_filename (parent_base, base, NULL);
}

static GtkWidget *
state_label (TdbgRecentState state)
{
  GtkWidget *label;

  if (state == TDBG_RECENT_PRESENT)
    return NULL;
  label = gtk_label_new (state == TDBG_RECENT_MISSING ? _("Missing") : _("Remote"));
  gtk_widget_add_css_class (label, state == TDBG_RECENT_MISSING ? "error" : "dim-label");
  gtk_widget_add_css_class (label, "caption-heading");
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  return label;
}

static GtkWidget *
create_row (gpointer item, gpointer data)
{
  TdbgStartPage *self = data;
  const char *location = gtk_string_object_get_string (item);
  guint i = index_of (self, location);
  const TdbgRecent *recent = g_ptr_array_index (self->recents, i);
  TdbgRecentState state = g_array_index (self->states, TdbgRecentState, i);
  g_autofree char *shown = tdbg_display_location (location);
  g_autofree char *base = short_name (location);
  g_autofree char *age = tdbg_format_age (recent->last_opened, g_get_real_time () / G_USEC_PER_SEC);
  /* Translators: a logdir's path, then when it was last opened, e.g. "2 days ago" */
  g_autofree char *subtitle = g_strdup_printf (_("%s — opened %s"), shown, age);
  /* Translators: accessible name of a recent logdir's remove button */
  g_autofree char *remove_name = g_strdup_printf (_("Remove %s from the list"), shown);
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *remove = gtk_button_new_from_icon_name ("edit-delete-symbolic");
  GtkWidget *label = state_label (state);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), base);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row),
                             gtk_image_new_from_icon_name (tdbg_ui_location_icon_name (location)));
  if (label)
    adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_tooltip_text (remove, _("Remove from the list"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL, remove_name, -1);
  g_object_set_data_full (G_OBJECT (remove), "location", g_strdup (location), g_free);
  g_signal_connect (remove, "clicked", G_CALLBACK (remove_clicked_cb), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);
  g_object_set_data_full (G_OBJECT (row), "location", g_strdup (location), g_free);
  return row;
}

static void
row_activated_cb (GtkListBox *list, GtkListBoxRow *row, TdbgStartPage *self)
{
  const char *location = g_object_get_data (G_OBJECT (row), "location");

  if (location)
    g_signal_emit (self, signals[SIGNAL_OPEN_LOCATION], 0, location);
}

/* A button of a watched run's row: @action ("app.show-run", "app.stop-watching") on its
 * location. */
static GtkWidget *
watching_button (const char *label, const char *accessible_format, const char *shown, const char *action,
                 const char *location)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);
  g_autofree char *name = g_strdup_printf (accessible_format, shown);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), g_variant_new_string (location));
  return button;
}

/* A run watched with its window closed: Show brings it back in a window, Stop ends the watch. */
static GtkWidget *
create_watching_row (gpointer item, gpointer data)
{
  const char *location = tdbg_watched_run_get_location (item);
  g_autofree char *shown = tdbg_display_location (location ? location : "");
  g_autofree char *base = short_name (location ? location : "");
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *stop;

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), base);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), shown);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("alarm-symbolic"));
  /* Translators: accessible names of the buttons of a run watched in the background */
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), watching_button (_("_Show"), _("Show %s"), shown, "app.show-run",
                                                                     location));
  stop = watching_button (_("S_top"), _("Stop watching %s"), shown, "app.stop-watching", location);
  gtk_widget_add_css_class (stop, "destructive-action");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), stop);
  g_object_set_data_full (G_OBJECT (row), "location", g_strdup (location), g_free);
  return row;
}

static void
watching_row_activated_cb (GtkListBox *list, GtkListBoxRow *row, TdbgStartPage *self)
{
  gtk_widget_activate_action (GTK_WIDGET (row), "app.show-run", "s", g_object_get_data (G_OBJECT (row), "location"));
}

static void
watching_changed_cb (GListModel *model, guint position, guint removed, guint added, TdbgStartPage *self)
{
  gtk_widget_set_visible (self->watching_group, g_list_model_get_n_items (model) > 0);
}

void
tdbg_start_page_set_watched_runs (TdbgStartPage *self, GListModel *runs)
{
  g_return_if_fail (TDBG_IS_START_PAGE (self));
  if (runs == self->watched_runs)
    return;
  if (self->watched_runs)
    g_signal_handlers_disconnect_by_data (self->watched_runs, self);
  g_set_object (&self->watched_runs, runs);
  gtk_list_box_bind_model (self->watching_list, runs, create_watching_row, self, NULL);
  if (runs)
    g_signal_connect (runs, "items-changed", G_CALLBACK (watching_changed_cb), self);
  gtk_widget_set_visible (self->watching_group, runs && g_list_model_get_n_items (runs) > 0);
}

GtkListBox *tdbg_start_page_get_watching_list (TdbgStartPage *self) { return self->watching_list; }

/* One row per recent, in the states known. */
static void
show_recents (TdbgStartPage *self)
{
  g_autoptr(GPtrArray) locations = g_ptr_array_new ();

  for (guint i = 0; i < self->recents->len; i++)
    g_ptr_array_add (locations, ((TdbgRecent *) g_ptr_array_index (self->recents, i))->location);
  g_ptr_array_add (locations, NULL);
  gtk_string_list_splice (self->model, 0, g_list_model_get_n_items (G_LIST_MODEL (self->model)),
                          (const char *const *) locations->pdata);
  gtk_widget_set_visible (self->recents_group, self->recents->len > 0);
}

void
tdbg_start_page_refresh (TdbgStartPage *self)
{
  g_ptr_array_unref (self->recents);
  self->recents = tdbg_recents_list (self->settings);
  /* Until the check says otherwise, local folders are taken to be there. */
  g_array_set_size (self->states, 0);
  for (guint i = 0; i < self->recents->len; i++)
    {
      TdbgRecentState state = is_remote (((TdbgRecent *) g_ptr_array_index (self->recents, i))->location)
                              ? TDBG_RECENT_REMOTE : TDBG_RECENT_PRESENT;
      g_array_append_val (self->states, state);
    }
  show_recents (self);
  start_check (self);
}

static void
recents_changed_cb (GSettings *settings, const char *key, TdbgStartPage *self)
{
  tdbg_start_page_refresh (self);
}

GtkListBox *tdbg_start_page_get_list (TdbgStartPage *self) { return self->list; }
guint tdbg_start_page_get_n_recents (TdbgStartPage *self) { return self->recents->len; }

const char *
tdbg_start_page_get_location (TdbgStartPage *self, guint index)
{
  g_return_val_if_fail (index < self->recents->len, NULL);
  return ((TdbgRecent *) g_ptr_array_index (self->recents, index))->location;
}

TdbgRecentState
tdbg_start_page_get_state (TdbgStartPage *self, guint index)
{
  g_return_val_if_fail (index < self->states->len, TDBG_RECENT_MISSING);
  return g_array_index (self->states, TdbgRecentState, index);
}

static void
tdbg_start_page_dispose (GObject *object)
{
  TdbgStartPage *self = TDBG_START_PAGE (object);

  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  if (self->watched_runs)
    g_signal_handlers_disconnect_by_data (self->watched_runs, self);
  g_clear_object (&self->watched_runs);
  if (self->checking)
    g_cancellable_cancel (self->checking);
  g_clear_object (&self->checking);
  gtk_widget_dispose_template (GTK_WIDGET (self), TDBG_TYPE_START_PAGE);
  g_clear_object (&self->settings);
  g_clear_object (&self->model);
  g_clear_pointer (&self->recents, g_ptr_array_unref);
  g_clear_pointer (&self->states, g_array_unref);
  G_OBJECT_CLASS (tdbg_start_page_parent_class)->dispose (object);
}

static void
tdbg_start_page_class_init (TdbgStartPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tdbg_start_page_dispose;
  /* A recent logdir was activated: its path or ssh:// address. */
  signals[SIGNAL_OPEN_LOCATION] = g_signal_new ("open-location", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                                NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  g_type_ensure (ADW_TYPE_STATUS_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tfdbg_gtk/TfdbgGtk/app/tdbg-start-page.ui");
  TDBG_BIND_TEMPLATE_CHILDREN (widget_class, TdbgStartPage, scroller, recents_group, list, watching_group,
                               watching_list);
  TDBG_BIND_TEMPLATE_CALLBACKS (widget_class, row_activated_cb, watching_row_activated_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
tdbg_start_page_init (TdbgStartPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = tdbg_settings_new ();
  self->recents = g_ptr_array_new ();
  self->states = g_array_new (FALSE, FALSE, sizeof (TdbgRecentState));
  self->model = gtk_string_list_new (NULL);
  gtk_list_box_bind_model (self->list, G_LIST_MODEL (self->model), create_row, self, NULL);
  g_signal_connect (self->settings, "changed::recent-logdirs", G_CALLBACK (recents_changed_cb), self);
  gtk_widget_set_visible (self->watching_group, FALSE);
  tdbg_start_page_refresh (self);
}
