/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-remote-dialog.h"

#include <string.h>
#include <glib/gi18n.h>
#include "tdbg-error.h"
#include "tdbg-ssh-uri.h"
#include "tdbg-template.h"

struct _TdbgRemoteDialog {
  GtkWindow parent_instance;

  GtkEditable *host_entry;
  GtkEditable *user_entry;
  GtkEditable *port_entry;
  GtkEditable *path_entry;
  GtkWidget *recents_box;
  GtkListBox *recents_list;
  GtkLabel *message_label;
};

G_DEFINE_FINAL_TYPE (TdbgRemoteDialog, tdbg_remote_dialog, GTK_TYPE_WINDOW)

enum { LOCATION_CHOSEN, N_SIGNALS };
static guint signals[N_SIGNALS];

/* Sets @error to @message for the person; returns NULL for the caller to return. */
static gpointer
invalid (GError **error, const char *message)
{
  g_set_error_literal (error, TDBG_ERROR, TDBG_ERROR_INVALID, message);
  return NULL;
}

static gboolean
parse_port (const char *text, guint *port, GError **error)
{
  guint64 value;

  *port = 0;
  if (*text == '\0')
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, 1, 65535, &value, NULL))
    {
      invalid (error, _("The port must be a number from 1 to 65535, or empty for the default."));
      return FALSE;
    }
  *port = value;
  return TRUE;
}

char *
tdbg_remote_dialog_build_address (TdbgRemoteDialog *self, GError **error)
{
  g_autofree char *host = g_strstrip (g_strdup (gtk_editable_get_text (self->host_entry)));
  g_autofree char *user = g_strstrip (g_strdup (gtk_editable_get_text (self->user_entry)));
  g_autofree char *port_text = g_strstrip (g_strdup (gtk_editable_get_text (self->port_entry)));
  g_autofree char *path = g_strstrip (g_strdup (gtk_editable_get_text (self->path_entry)));
  TdbgSshUri uri = { 0 };
  TdbgSshUri check = { 0 };
  char *address;

  if (*host == '\0')
    return invalid (error, _("Enter the host’s name, address or ~/.ssh/config alias."));
  if (strpbrk (host, " /@"))
    return invalid (error, _("The host cannot hold spaces, “/” or “@”: put the user in its own field."));
  if (!parse_port (port_text, &uri.port, error))
    return NULL;
  if (*path == '\0')
    return invalid (error, _("Enter the logdir’s path on the host."));
  uri.host = host;
  uri.user = *user ? user : NULL;
  /* "~/logs" and "logs" both name a directory in the remote home. */
  uri.path = g_str_has_prefix (path, "~/") ? path + 2 : path;
  if (*uri.path == '\0')
    return invalid (error, _("Enter the logdir’s path on the host."));
  address = tdbg_ssh_uri_to_string (&uri);
  /* What the address says must read back the same. */
  if (!tdbg_ssh_uri_parse (address, &check, error))
    {
      g_free (address);
      return NULL;
    }
  tdbg_ssh_uri_clear (&check);
  return address;
}

gboolean
tdbg_remote_dialog_set_address (TdbgRemoteDialog *self, const char *address)
{
  TdbgSshUri uri;
  g_autofree char *port = NULL;
  g_autofree char *path = NULL;

  if (!tdbg_ssh_uri_parse (address, &uri, NULL))
    return FALSE;
  port = uri.port ? g_strdup_printf ("%u", uri.port) : g_strdup ("");
  path = uri.path[0] == '/' ? g_strdup (uri.path) : g_strconcat ("~/", uri.path, NULL);
  gtk_editable_set_text (self->host_entry, uri.host);
  gtk_editable_set_text (self->user_entry, uri.user ? uri.user : "");
  gtk_editable_set_text (self->port_entry, port);
  gtk_editable_set_text (self->path_entry, path);
  tdbg_ssh_uri_clear (&uri);
  return TRUE;
}

void
tdbg_remote_dialog_connect (TdbgRemoteDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *address = tdbg_remote_dialog_build_address (self, &error);

  if (address == NULL)
    {
      gtk_label_set_text (self->message_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->message_label), TRUE);
      return;
    }
  g_signal_emit (self, signals[LOCATION_CHOSEN], 0, address);
  gtk_window_destroy (GTK_WINDOW (self));
}

const char *
tdbg_remote_dialog_get_message (TdbgRemoteDialog *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->message_label)) ? gtk_label_get_text (self->message_label) : "";
}

static void
field_changed_cb (TdbgRemoteDialog *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), FALSE);
}

static void
recent_activated_cb (TdbgRemoteDialog *self, GtkListBoxRow *row)
{
  tdbg_remote_dialog_set_address (self, g_object_get_data (G_OBJECT (row), "address"));
}

static void
add_recents (TdbgRemoteDialog *self, const char *const *recents)
{
  guint n = 0;

  for (guint i = 0; recents && recents[i]; i++)
    {
      GtkWidget *row, *label;
      if (!tdbg_ssh_uri_is_ssh (recents[i]))
        continue;
      label = gtk_label_new (recents[i]);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
      gtk_widget_set_margin_start (label, 6);
      gtk_widget_set_margin_end (label, 6);
      gtk_widget_set_margin_top (label, 4);
      gtk_widget_set_margin_bottom (label, 4);
      row = gtk_list_box_row_new ();
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
      g_object_set_data_full (G_OBJECT (row), "address", g_strdup (recents[i]), g_free);
      gtk_list_box_append (self->recents_list, row);
      n++;
    }
  gtk_widget_set_visible (self->recents_box, n > 0);
}

static void
tdbg_remote_dialog_class_init (TdbgRemoteDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  signals[LOCATION_CHOSEN] = g_signal_new ("location-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                           NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tfdbg_gtk/TfdbgGtk/app/tdbg-remote-dialog.ui");
  TDBG_BIND_TEMPLATE_CHILDREN (widget_class, TdbgRemoteDialog, host_entry, user_entry, port_entry, path_entry,
                               recents_box, recents_list, message_label);
  TDBG_BIND_TEMPLATE_CALLBACKS (widget_class, tdbg_remote_dialog_connect, field_changed_cb, recent_activated_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tdbg_remote_dialog_init (TdbgRemoteDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

TdbgRemoteDialog *
tdbg_remote_dialog_new (GtkWindow *parent, const char *const *recents)
{
  TdbgRemoteDialog *self = g_object_new (TDBG_TYPE_REMOTE_DIALOG, "transient-for", parent, NULL);

  add_recents (self, recents);
  return self;
}
