/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tdbg-settings.h"

#define SCHEMA_ID TDBG_APP_ID

void
tdbg_recent_free (TdbgRecent *recent)
{
  g_free (recent->location);
  g_free (recent);
}

GSettings *
tdbg_settings_new (void)
{
  GSettingsSchemaSource *installed = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = installed ? g_settings_schema_source_lookup (installed, SCHEMA_ID, TRUE) : NULL;

  if (schema == NULL)
    {
      /* Uninstalled: the schema compiled next to the program's build. */
      g_autoptr(GSettingsSchemaSource) built =
        g_settings_schema_source_new_from_directory (TDBG_BUILD_SCHEMA_DIR, installed, FALSE, NULL);
      if (built)
        schema = g_settings_schema_source_lookup (built, SCHEMA_ID, FALSE);
    }
  if (schema == NULL)
    g_error ("The settings schema %s is not installed", SCHEMA_ID);
  return g_settings_new_full (schema, NULL, NULL);
}

GPtrArray *
tdbg_recents_list (GSettings *settings)
{
  g_autoptr(GVariant) value = g_settings_get_value (settings, "recent-logdirs");
  GPtrArray *recents = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_recent_free);
  GVariantIter iter;
  const char *location;
  gint64 when;

  g_variant_iter_init (&iter, value);
  while (g_variant_iter_next (&iter, "(&sx)", &location, &when))
    {
      TdbgRecent *recent = g_new (TdbgRecent, 1);
      recent->location = g_strdup (location);
      recent->last_opened = when;
      g_ptr_array_add (recents, recent);
    }
  return recents;
}

/* Writes @recents back, without @skip, after @first when it is given. */
static void
store (GSettings *settings, const TdbgRecent *first, GPtrArray *recents, const char *skip)
{
  GVariantBuilder builder;
  guint n = 0;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(sx)"));
  if (first)
    {
      g_variant_builder_add (&builder, "(sx)", first->location, first->last_opened);
      n++;
    }
  for (guint i = 0; i < recents->len && n < TDBG_MAX_RECENTS; i++)
    {
      const TdbgRecent *r = g_ptr_array_index (recents, i);
      if (g_strcmp0 (r->location, skip) == 0)
        continue;
      g_variant_builder_add (&builder, "(sx)", r->location, r->last_opened);
      n++;
    }
  g_settings_set_value (settings, "recent-logdirs", g_variant_builder_end (&builder));
}

void
tdbg_recents_add (GSettings *settings, const char *location)
{
  g_autoptr(GPtrArray) recents = tdbg_recents_list (settings);
  TdbgRecent first = { (char *) location, g_get_real_time () / G_USEC_PER_SEC };

  store (settings, &first, recents, location);
}

void
tdbg_recents_remove (GSettings *settings, const char *location)
{
  g_autoptr(GPtrArray) recents = tdbg_recents_list (settings);

  store (settings, NULL, recents, location);
}
