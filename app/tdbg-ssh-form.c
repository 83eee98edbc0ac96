/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-ssh-form.h"

#include <string.h>
#include <glib/gi18n.h>
#include "libtdbg-data.h"
#include "libtdbg-remote.h"
#include "libtdbg-ui.h"

struct _TdbgSshForm {
  GtkGrid parent_instance;

  GtkEditable *host_entry;
  GtkEditable *user_entry;
  GtkEditable *port_entry;
  GtkEditable *path_entry;

  char *address;   /* what the fields make, NULL when they make none */
  char *problem;   /* why they make none */
};

G_DEFINE_FINAL_TYPE (TdbgSshForm, tdbg_ssh_form, GTK_TYPE_GRID)

enum { PROP_0, PROP_ADDRESS, PROP_PROBLEM, N_PROPS };
static GParamSpec *props[N_PROPS];

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
tdbg_ssh_form_build_address (TdbgSshForm *self, GError **error)
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
tdbg_ssh_form_set_address (TdbgSshForm *self, const char *address)
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

/* The fields changed: what they make now. */
static void
field_changed_cb (TdbgSshForm *self)
{
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->address, g_free);
  g_clear_pointer (&self->problem, g_free);
  self->address = tdbg_ssh_form_build_address (self, &error);
  if (self->address == NULL)
    self->problem = g_strdup (error->message);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ADDRESS]);
}

static void
tdbg_ssh_form_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TdbgSshForm *self = TDBG_SSH_FORM (object);

  switch (prop_id)
    {
    case PROP_ADDRESS:
      g_value_set_string (value, self->address);
      break;
    case PROP_PROBLEM:
      g_value_set_string (value, self->problem);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tdbg_ssh_form_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TdbgSshForm *self = TDBG_SSH_FORM (object);

  switch (prop_id)
    {
    case PROP_ADDRESS:
      if (g_value_get_string (value))
        tdbg_ssh_form_set_address (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tdbg_ssh_form_finalize (GObject *object)
{
  TdbgSshForm *self = TDBG_SSH_FORM (object);

  g_free (self->address);
  g_free (self->problem);
  G_OBJECT_CLASS (tdbg_ssh_form_parent_class)->finalize (object);
}

static void
tdbg_ssh_form_class_init (TdbgSshFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = tdbg_ssh_form_get_property;
  object_class->set_property = tdbg_ssh_form_set_property;
  object_class->finalize = tdbg_ssh_form_finalize;
  props[PROP_ADDRESS] = g_param_spec_string ("address", NULL, NULL, NULL, TDBG_PARAM_READWRITE);
  props[PROP_PROBLEM] = g_param_spec_string ("problem", NULL, NULL, NULL, TDBG_PARAM_READABLE);
  g_object_class_install_properties (object_class, N_PROPS, props);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tfdbg_gtk/TfdbgGtk/app/tdbg-ssh-form.ui");
  TDBG_BIND_TEMPLATE_CHILDREN (widget_class, TdbgSshForm, host_entry, user_entry, port_entry, path_entry);
  TDBG_BIND_TEMPLATE_CALLBACKS (widget_class, field_changed_cb);
}

static void
tdbg_ssh_form_init (TdbgSshForm *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tdbg_ssh_form_new (void)
{
  return g_object_new (TDBG_TYPE_SSH_FORM, NULL);
}
