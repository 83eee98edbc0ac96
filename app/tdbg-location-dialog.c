/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-location-dialog.h"

#include <glib/gi18n.h>
#include "libtdbg-data.h"
#include "libtdbg-ui.h"

struct _TdbgLocationDialog {
  GtkWindow parent_instance;

  GtkEditable *entry;
  GtkLabel *kinds_label;
  GtkLabel *message_label;
  GtkExpander *form_expander;
  GtkWidget *recents_box;
  GtkScrolledWindow *recents_scroller;
  GtkListBox *recents_list;

  GtkWidget *form;      /* NULL when none was added */
  gboolean syncing;     /* the entry and the form being set from each other */
  gboolean from_form;   /* the entry last set by the form: its problem is the one to tell */
};

G_DEFINE_FINAL_TYPE (TdbgLocationDialog, tdbg_location_dialog, GTK_TYPE_WINDOW)

enum { LOCATION_CHOSEN, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
show_message (TdbgLocationDialog *self, const char *message)
{
  gtk_label_set_text (self->message_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), TRUE);
}

/* @text with a leading "~" (alone or before a '/') read as a shell reads it: the home folder. */
static char *
expand_home (char *text)
{
  char *expanded;

  if (text[0] != '~' || (text[1] != '\0' && text[1] != '/'))
    return text;
  expanded = g_strconcat (g_get_home_dir (), text + 1, NULL);
  g_free (text);
  return expanded;
}

/* The text names a logdir this build opens: tdbg-location.c says so, and a local one must be
 * a folder. NULL with the reason, else the text to open. */
static char *
check_text (TdbgLocationDialog *self, GError **error)
{
  g_autofree char *text = expand_home (g_strstrip (g_strdup (gtk_editable_get_text (self->entry))));
  g_autoptr(TdbgLocation) location = NULL;
  const char *path;

  if (*text == '\0')
    {
      g_autofree char *problem = NULL;
      if (self->from_form)
        g_object_get (self->form, "problem", &problem, NULL);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           problem ? problem : _("Enter a folder’s path or an address."));
      return NULL;
    }
  if ((location = tdbg_location_parse (text, error)) == NULL)
    return NULL;
  path = tdbg_location_get_path (location);
  if (path != NULL && !g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("There is no folder at %s."), path);
      return NULL;
    }
  return g_steal_pointer (&text);
}

void
tdbg_location_dialog_open (TdbgLocationDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = check_text (self, &error);

  if (text == NULL)
    {
      show_message (self, error->message);
      gtk_widget_grab_focus (GTK_WIDGET (self->entry));
      return;
    }
  g_signal_emit (self, signals[LOCATION_CHOSEN], 0, text);
  gtk_window_destroy (GTK_WINDOW (self));
}

const char *
tdbg_location_dialog_get_message (TdbgLocationDialog *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->message_label)) ? gtk_label_get_text (self->message_label) : "";
}

GtkEditable *
tdbg_location_dialog_get_entry (TdbgLocationDialog *self)
{
  return self->entry;
}

GtkListBox *
tdbg_location_dialog_get_recents (TdbgLocationDialog *self)
{
  return self->recents_list;
}

/* Typed or pasted: the form shows it when it is the form's kind. */
static void
entry_changed_cb (TdbgLocationDialog *self)
{
  if (self->syncing)
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), FALSE);
  self->from_form = FALSE;
  if (self->form == NULL)
    return;
  self->syncing = TRUE;
  g_object_set (self->form, "address", gtk_editable_get_text (self->entry), NULL);
  self->syncing = FALSE;
}

/* The form's fields changed: the entry holds the address they make, empty while none. */
static void
form_changed_cb (TdbgLocationDialog *self)
{
  g_autofree char *address = NULL;

  if (self->syncing)
    return;
  g_object_get (self->form, "address", &address, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), FALSE);
  self->from_form = TRUE;
  self->syncing = TRUE;
  gtk_editable_set_text (self->entry, address ? address : "");
  self->syncing = FALSE;
}

void
tdbg_location_dialog_add_form (TdbgLocationDialog *self, const char *title, GtkWidget *form)
{
  g_return_if_fail (self->form == NULL);
  self->form = form;
  gtk_widget_set_margin_top (form, 6);
  gtk_expander_set_label (self->form_expander, title);
  gtk_expander_set_child (self->form_expander, form);
  gtk_widget_set_visible (GTK_WIDGET (self->form_expander), TRUE);
  g_signal_connect_object (form, "notify::address", G_CALLBACK (form_changed_cb), self, G_CONNECT_SWAPPED);
}

/* One click or Enter on a recent logdir opens it, as Open would its text. */
static void
recent_activated_cb (TdbgLocationDialog *self, GtkListBoxRow *row)
{
  gtk_editable_set_text (self->entry, g_object_get_data (G_OBJECT (row), "location"));
  tdbg_location_dialog_open (self);
}

/* Enter on a recent opens it (without this, GTK 4.8 gives Enter to the default button, Open,
 * which would read the entry instead). */
static gboolean
recents_key_cb (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
                TdbgLocationDialog *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  GtkWidget *row = focus ? gtk_widget_get_ancestor (focus, GTK_TYPE_LIST_BOX_ROW) : NULL;

  if ((keyval != GDK_KEY_Return && keyval != GDK_KEY_KP_Enter && keyval != GDK_KEY_ISO_Enter) || row == NULL ||
      gtk_widget_get_parent (row) != GTK_WIDGET (self->recents_list))
    return FALSE;
  recent_activated_cb (self, GTK_LIST_BOX_ROW (row));
  return TRUE;
}

/* Alt+R: the focus to the first recent, for the arrows and Enter (the list itself takes none). */
static gboolean
recents_mnemonic_cb (TdbgLocationDialog *self, gboolean group_cycling)
{
  GtkListBoxRow *first = gtk_list_box_get_row_at_index (self->recents_list, 0);

  return first != NULL && gtk_widget_grab_focus (GTK_WIDGET (first));
}

static GtkWidget *
recent_row (const char *location)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *icon = gtk_image_new_from_icon_name (tdbg_ui_location_icon_name (location));
  GtkWidget *label = gtk_label_new (location);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_tooltip_text (label, location);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), label);
  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 8);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data_full (G_OBJECT (row), "location", g_strdup (location), g_free);
  return row;
}

/* The first rows in sight whatever else the dialog shows: a window keeps its size when the
 * message appears, and the list would give it the room. */
#define RECENTS_IN_SIGHT 4

static void
add_recents (TdbgLocationDialog *self, const char *const *recents)
{
  guint n = recents ? g_strv_length ((char **) recents) : 0;
  int row_height = 0;

  for (guint i = 0; i < n; i++)
    gtk_list_box_append (self->recents_list, recent_row (recents[i]));
  gtk_widget_set_visible (self->recents_box, n > 0);
  if (n == 0)
    return;
  gtk_widget_measure (GTK_WIDGET (gtk_list_box_get_row_at_index (self->recents_list, 0)), GTK_ORIENTATION_VERTICAL, -1,
                      NULL, &row_height, NULL, NULL);
  gtk_scrolled_window_set_min_content_height (self->recents_scroller, (int) MIN (n, RECENTS_IN_SIGHT) * row_height);
}

/* What this build opens, as tdbg-location.c knows it. */
static void
show_kinds (TdbgLocationDialog *self)
{
  g_auto(GStrv) schemes = tdbg_location_list_remote_schemes ();
  g_autofree char *list = g_strjoinv (", ", schemes);
  g_autofree char *text = NULL;

  if (schemes[0] == NULL)
    text = g_strdup (_("This build of tfdbg-gtk opens folders on this computer only."));
  else
    /* Translators: %s lists the kinds of address, as "ssh://, s3://, gs://" */
    text = g_strdup_printf (_("This build of tfdbg-gtk opens folders on this computer and %s addresses."), list);
  gtk_label_set_text (self->kinds_label, text);
}

static void
tdbg_location_dialog_class_init (TdbgLocationDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  signals[LOCATION_CHOSEN] = g_signal_new ("location-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                           NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tfdbg_gtk/TfdbgGtk/app/tdbg-location-dialog.ui");
  TDBG_BIND_TEMPLATE_CHILDREN (widget_class, TdbgLocationDialog, entry, kinds_label, message_label, form_expander,
                               recents_box, recents_scroller, recents_list);
  TDBG_BIND_TEMPLATE_CALLBACKS (widget_class, tdbg_location_dialog_open, entry_changed_cb, recent_activated_cb,
                                recents_mnemonic_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tdbg_location_dialog_init (TdbgLocationDialog *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  show_kinds (self);
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (recents_key_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->recents_list), keys);
}

TdbgLocationDialog *
tdbg_location_dialog_new (GtkWindow *parent, const char *const *recents)
{
  TdbgLocationDialog *self = g_object_new (TDBG_TYPE_LOCATION_DIALOG, "transient-for", parent, NULL);

  add_recents (self, recents);
  return self;
}
