/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* "Open Location…": an address or a folder's path typed or pasted, or one of the recent
 * logdirs of any kind picked (one click or Enter opens it), checked by tdbg-location.c's parser;
 * it says which kinds of address this build opens. A form that builds an address (the SSH
 * one, in a build with remote access) can be added: its "address" property fills the entry,
 * and an address typed there fills the form. Open emits "location-chosen" and closes when the
 * text names a logdir this build opens, else shows why and stays. */

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TDBG_TYPE_LOCATION_DIALOG (tdbg_location_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TdbgLocationDialog, tdbg_location_dialog, TDBG, LOCATION_DIALOG, GtkWindow)

/* @recents: locations, newest first, all offered. */
TdbgLocationDialog *tdbg_location_dialog_new (GtkWindow *parent, const char *const *recents);
/* Adds @form (a widget with a string property "address", read and written, and "problem",
 * why it makes none) under its own @title, folded. */
void tdbg_location_dialog_add_form (TdbgLocationDialog *self, const char *title, GtkWidget *form);
/* The address entry. */
GtkEditable *tdbg_location_dialog_get_entry (TdbgLocationDialog *self);
/* The recents' list: one row a location, in the order given. */
GtkListBox *tdbg_location_dialog_get_recents (TdbgLocationDialog *self);
/* The same as pressing Open. */
void tdbg_location_dialog_open (TdbgLocationDialog *self);
/* The message shown under the entry ("" when none). */
const char *tdbg_location_dialog_get_message (TdbgLocationDialog *self);

G_END_DECLS
