#include "tdbg-application.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <gtksourceview/gtksource.h>
#include "tdbg-gui.h"
#include "tdbg-ui.h"
#include "tdbg-window.h"

struct _TdbgApplication {
  AdwApplication parent_instance;
};

/* AdwApplication: the Adwaita style, following the system's light or dark preference. */
G_DEFINE_FINAL_TYPE (TdbgApplication, tdbg_application, ADW_TYPE_APPLICATION)

static void
tdbg_application_startup (GApplication *app)
{
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *help_accels[] = { "<Control>question", NULL };

  G_APPLICATION_CLASS (tdbg_application_parent_class)->startup (app);
  gtk_source_init ();
  tdbg_ui_init ();
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.show-help-overlay", help_accels);
}

static void
tdbg_application_activate (GApplication *app)
{
  TdbgWindow *window = tdbg_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
}

static void
tdbg_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  for (int i = 0; i < n_files; i++)
    {
      TdbgWindow *window = tdbg_window_new (GTK_APPLICATION (app));
      gtk_window_present (GTK_WINDOW (window));
      tdbg_window_open (window, files[i]);
    }
}

static void
quit_activated (GSimpleAction *action, GVariant *parameter, gpointer app)
{
  g_application_quit (G_APPLICATION (app));
}

static void
tdbg_application_class_init (TdbgApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->startup = tdbg_application_startup;
  app_class->activate = tdbg_application_activate;
  app_class->open = tdbg_application_open;
}

static void
tdbg_application_init (TdbgApplication *self)
{
  static const GActionEntry entries[] = { { "quit", quit_activated, NULL, NULL, NULL, { 0 } } };

  g_action_map_add_action_entries (G_ACTION_MAP (self), entries, G_N_ELEMENTS (entries), self);
}

TdbgApplication *
tdbg_application_new (void)
{
  return g_object_new (TDBG_TYPE_APPLICATION, "application-id", TDBG_APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE, NULL);
}

int
tdbg_gui_run (int argc, char **argv)
{
  g_autoptr(TdbgApplication) app = NULL;

  g_set_prgname ("tfdbg-gtk");
  g_set_application_name (_("TensorFlow Debugger"));
  app = tdbg_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
