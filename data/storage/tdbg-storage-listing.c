/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "tdbg-storage-listing.h"

#include <string.h>

struct _TdbgStorageListing {
  char *prefix;
  gboolean deep;
  GPtrArray *names;
  GHashTable *sizes;
  GPtrArray *folders;
};

TdbgStorageListing *
tdbg_storage_listing_new (const char *prefix, gboolean deep)
{
  TdbgStorageListing *listing = g_new0 (TdbgStorageListing, 1);

  listing->deep = deep;
  listing->prefix = g_strdup (prefix);
  listing->names = g_ptr_array_new_with_free_func (g_free);
  listing->sizes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  listing->folders = g_ptr_array_new_with_free_func (g_free);
  return listing;
}

void
tdbg_storage_listing_free (TdbgStorageListing *listing)
{
  g_free (listing->prefix);
  g_ptr_array_unref (listing->names);
  g_clear_pointer (&listing->sizes, g_hash_table_unref);
  g_ptr_array_unref (listing->folders);
  g_free (listing);
}

void
tdbg_storage_listing_add (TdbgStorageListing *listing, const char *key, guint64 size)
{
  const char *name;

  if (key == NULL || !g_str_has_prefix (key, listing->prefix))
    return;
  name = key + strlen (listing->prefix);
  if (*name == '\0' || g_str_has_suffix (name, "/") || (!listing->deep && strchr (name, '/')) ||
      g_hash_table_contains (listing->sizes, name))
    return;
  g_ptr_array_add (listing->names, g_strdup (name));
  g_hash_table_insert (listing->sizes, g_strdup (name), g_memdup2 (&size, sizeof size));
}

void
tdbg_storage_listing_add_folder (TdbgStorageListing *listing, const char *key)
{
  const char *name;
  gsize length;

  if (key == NULL || !g_str_has_prefix (key, listing->prefix))
    return;
  name = key + strlen (listing->prefix);
  length = strlen (name);
  if (length < 2 || name[length - 1] != '/' || memchr (name, '/', length - 1) != NULL)
    return;
  g_ptr_array_add (listing->folders, g_strndup (name, length - 1));
}

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static GStrv
steal_sorted (GPtrArray *names)
{
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return (GStrv) g_ptr_array_steal (names, NULL);
}

GStrv
tdbg_storage_listing_steal_names (TdbgStorageListing *listing)
{
  return steal_sorted (listing->names);
}

GStrv
tdbg_storage_listing_steal_folders (TdbgStorageListing *listing)
{
  return steal_sorted (listing->folders);
}

GHashTable *
tdbg_storage_listing_steal_sizes (TdbgStorageListing *listing)
{
  return g_steal_pointer (&listing->sizes);
}
