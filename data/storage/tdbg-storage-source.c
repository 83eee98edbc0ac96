/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "tdbg-storage-source.h"

#include <string.h>
#include <sys/mman.h>
#include <glib/gi18n.h>

#include "libtdbg-data.h"
#include "libtdbg-v1.h"

/* Reads are asked MAX_IN_FLIGHT at a time, each on a connection of its own, and a read of
 * MULTIPART_CUTOFF bytes or more is cut into that many parts: one connection's window may be
 * below what a link to a store carries. As rclone's transfers and streams: four (a small
 * server, such as an emulator on Python's socketserver, queues five connections, and a sixth
 * waits a second for its SYN again), and whole objects below 256 MiB (a server may do work for
 * the whole object at each ranged GET, as moto does). */
#define MULTIPART_CUTOFF ((gsize) 256 * 1024 * 1024)
#define MAX_IN_FLIGHT 4
/* A read asked "to the end" has no length to make a buffer of: it is asked alone. */
#define MAX_READ_BYTES ((gsize) G_MAXSSIZE / 2)

typedef struct {
  TdbgStorageUri uri;
  TdbgHttp *http;
  GMutex lock;
  GHashTable *listed_sizes;   /* name → guint64*, each handed out once after a listing */
  TdbgSource *v1;             /* a V1 dump root's logdir, made once: it answers every call */
  gsize multipart_cutoff;     /* MULTIPART_CUTOFF, lower in the tests */
  guint n_reads;              /* ranged GETs answered, and the bytes they brought */
  guint64 n_bytes_read;
} TdbgStorageSourcePrivate;

static void tdbg_storage_source_iface_init (TdbgSourceInterface *iface);

G_DEFINE_ABSTRACT_TYPE_WITH_CODE (TdbgStorageSource, tdbg_storage_source, G_TYPE_OBJECT,
                                  G_ADD_PRIVATE (TdbgStorageSource)
                                  G_IMPLEMENT_INTERFACE (TDBG_TYPE_SOURCE, tdbg_storage_source_iface_init))

#define PRIV(self) ((TdbgStorageSourcePrivate *) tdbg_storage_source_get_instance_private (self))

/* "gs://bucket/prefix/name" (or the logdir's address alone when @name is empty). */
static char *
describe_object (TdbgStorageSource *self, const char *name)
{
  g_autofree char *where = tdbg_storage_uri_to_string (&PRIV (self)->uri);
  return g_strconcat (where, *name ? "/" : "", name, NULL);
}

/* @name's request @r (empty: the listing's), authorized; a failure with no answer names the
 * object first. */
static gboolean
request (TdbgStorageSource *self, const char *name, TdbgHttpRequest *r, TdbgHttpResponse *response,
         GCancellable *cancellable, GError **error)
{
  g_autoptr(GPtrArray) headers = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) local_error = NULL;
  g_autofree char *what = NULL;

  if (TDBG_STORAGE_SOURCE_GET_CLASS (self)->authorize (self, r, headers, cancellable, &local_error))
    {
      g_ptr_array_add (headers, NULL);
      r->headers = (const char *const *) headers->pdata;
      if (tdbg_http_perform (PRIV (self)->http, r, response, cancellable, &local_error))
        return TRUE;
    }
  if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      what = describe_object (self, name);
      g_prefix_error (&local_error, "%s: ", what);
    }
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

/* An answer other than 200 or 206 as an error naming the address, @name (or nothing: the
 * listing) and what the server said. */
static gboolean
check_status (TdbgStorageSource *self, const char *name, const TdbgHttpResponse *response, GError **error)
{
  g_autofree char *what = NULL, *said = NULL;
  TdbgErrorCode code;

  if (response->status == 200 || response->status == 206)
    return TRUE;
  what = describe_object (self, name);
  said = TDBG_STORAGE_SOURCE_GET_CLASS (self)->describe_error (response->body, response->status);
  code = response->status == 404 ? TDBG_ERROR_NOT_FOUND
         : (response->status == 401 || response->status == 403) ? TDBG_ERROR_AUTH
                                                                : TDBG_ERROR_IO;
  /* Translators: an object's address ("gs://bucket/run/file") or a logdir's, then what the
   * server said ("404 NoSuchKey") */
  g_set_error (error, TDBG_ERROR, code, _("%s: the server answered %s"), what, said);
  return FALSE;
}

/* Performs a GET of @url whose answer must be 200 or 206: its body, or NULL with @error. */
static GBytes *
get (TdbgStorageSource *self, const char *url, const char *name, GCancellable *cancellable, GError **error)
{
  TdbgHttpResponse response;
  GBytes *body = NULL;

  if (!request (self, name, &(TdbgHttpRequest) { .url = url }, &response, cancellable, error))
    return NULL;
  if (check_status (self, name, &response, error))
    body = g_bytes_ref (response.body);
  tdbg_http_response_clear (&response);
  return body;
}

/* Every page of the listing (@deep: of every object under the prefix) into @listing. */
static gboolean
list_pages (TdbgStorageSource *self, TdbgStorageListing *listing, gboolean deep, GCancellable *cancellable,
            GError **error)
{
  TdbgStorageSourceClass *klass = TDBG_STORAGE_SOURCE_GET_CLASS (self);
  g_autofree char *token = NULL;

  do
    {
      g_autofree char *url = klass->listing_url (self, token, deep);
      g_autoptr(GBytes) page = get (self, url, "", cancellable, error);
      g_autofree char *next = NULL;

      if (page == NULL || !klass->read_listing (page, listing, &next, error))
        return FALSE;
      g_free (token);
      token = g_steal_pointer (&next);
    }
  while (token);
  return TRUE;
}

/* The V1 dump source of the source, or NULL (a new reference). */
static TdbgSource *
v1_of (TdbgStorageSource *self)
{
  TdbgStorageSourcePrivate *priv = PRIV (self);
  TdbgSource *v1;

  g_mutex_lock (&priv->lock);
  v1 = priv->v1 ? g_object_ref (priv->v1) : NULL;
  g_mutex_unlock (&priv->lock);
  return v1;
}

static GBytes *read_object (TdbgStorageSource *self, const char *name, guint64 offset, gsize length,
                            GCancellable *cancellable, GError **error);

/* Whether @names (paths under the prefix) are a V1 dump root's, as data/v1/ tells one by its
 * entries: the first part of each path, a folder when more follows. */
static gboolean
names_are_v1_dump (const char *const *names)
{
  for (const char *const *n = names; *n; n++)
    {
      const char *slash = strchr (*n, '/');
      g_autofree char *entry = slash ? g_strndup (*n, slash - *n) : g_strdup (*n);

      if (tdbg_v1_dump_is_entry (entry, slash != NULL))
        return TRUE;
    }
  return FALSE;
}

/* Whether a shallow listing's files and @folders are a V1 dump root's entries. */
static gboolean
listed_v1_dump (const char *const *names, const char *const *folders)
{
  for (const char *const *f = folders; *f; f++)
    if (tdbg_v1_dump_is_entry (*f, TRUE))
      return TRUE;
  return names_are_v1_dump (names);
}

/* A prefix whose shallow listing shows a V1 dump root's entries: listed deep, and when it is
 * one, its objects read once, whole, and made into the logdir a local open makes. FALSE only
 * on a failure. */
static gboolean
try_v1_dump (TdbgStorageSource *self, GCancellable *cancellable, GError **error)
{
  TdbgStorageSourcePrivate *priv = PRIV (self);
  g_autoptr(TdbgStorageListing) listing = tdbg_storage_listing_new (priv->uri.prefix, TRUE);
  g_autoptr(GHashTable) sizes = NULL;
  g_auto(GStrv) names = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func ((GDestroyNotify) tdbg_v1_file_free);
  g_autofree char *description = NULL;

  if (!list_pages (self, listing, TRUE, cancellable, error))
    return FALSE;
  sizes = tdbg_storage_listing_steal_sizes (listing);
  names = tdbg_storage_listing_steal_names (listing);
  if (!names_are_v1_dump ((const char *const *) names))
    return TRUE;
  for (char **n = names; *n; n++)
    {
      guint64 size = *(guint64 *) g_hash_table_lookup (sizes, *n);
      g_autoptr(GBytes) bytes = size ? read_object (self, *n, 0, size, cancellable, error)
                                     : g_bytes_new (NULL, 0);
      if (bytes == NULL)
        return FALSE;
      g_ptr_array_add (files, tdbg_v1_file_new (*n, bytes));
    }
  description = tdbg_storage_uri_to_string (&priv->uri);
  g_mutex_lock (&priv->lock);
  if (priv->v1 == NULL)
    priv->v1 = tdbg_v1_source_new_from_files (g_steal_pointer (&files), description);
  g_mutex_unlock (&priv->lock);
  return TRUE;
}

static gboolean
has_tfdbg2_metadata (const char *const *names)
{
  for (const char *const *n = names; *n; n++)
    if (tdbg_v1_dump_is_tfdbg2_metadata (*n))
      return TRUE;
  return FALSE;
}

static GStrv
storage_list_files (TdbgSource *source, GCancellable *cancellable, GError **error)
{
  TdbgStorageSource *self = TDBG_STORAGE_SOURCE (source);
  TdbgStorageSourcePrivate *priv = PRIV (self);
  g_autoptr(TdbgStorageListing) listing = tdbg_storage_listing_new (priv->uri.prefix, FALSE);
  g_autoptr(TdbgSource) v1 = v1_of (self);
  g_auto(GStrv) names = NULL;
  g_auto(GStrv) folders = NULL;

  if (v1)
    return tdbg_source_list_files (v1, cancellable, error);
  if (!list_pages (self, listing, FALSE, cancellable, error))
    return NULL;
  g_mutex_lock (&priv->lock);
  g_hash_table_unref (priv->listed_sizes);
  priv->listed_sizes = tdbg_storage_listing_steal_sizes (listing);
  g_mutex_unlock (&priv->lock);
  names = tdbg_storage_listing_steal_names (listing);
  folders = tdbg_storage_listing_steal_folders (listing);
  /* Every object under a prefix is listed only for a V1 dump root: a prefix above many runs,
   * looked at again at each poll, is listed one level deep. */
  if (has_tfdbg2_metadata ((const char *const *) names) ||
      !listed_v1_dump ((const char *const *) names, (const char *const *) folders))
    return g_steal_pointer (&names);
  if (!try_v1_dump (self, cancellable, error))
    return NULL;
  v1 = v1_of (self);
  return v1 ? tdbg_source_list_files (v1, cancellable, error) : g_steal_pointer (&names);
}

/* Right after a listing its sizes are fresh: each is handed out once, later ones asked anew. */
static gboolean
take_listed_size (TdbgStorageSource *self, const char *name, guint64 *size)
{
  TdbgStorageSourcePrivate *priv = PRIV (self);
  guint64 *listed;

  g_mutex_lock (&priv->lock);
  listed = g_hash_table_lookup (priv->listed_sizes, name);
  if (listed)
    {
      *size = *listed;
      g_hash_table_remove (priv->listed_sizes, name);
    }
  g_mutex_unlock (&priv->lock);
  return listed != NULL;
}

/* A HEAD's Content-Length, where the store gives it. */
static gboolean
head_size (TdbgStorageSource *self, const char *name, guint64 *size, gboolean *told, GCancellable *cancellable,
           GError **error)
{
  g_autofree char *url = TDBG_STORAGE_SOURCE_GET_CLASS (self)->media_url (self, name);
  TdbgHttpResponse response;
  gboolean ok;

  if (!request (self, name, &(TdbgHttpRequest) { .url = url, .head = TRUE }, &response, cancellable, error))
    return FALSE;
  ok = check_status (self, name, &response, error);
  *told = response.content_length >= 0;
  *size = response.content_length;
  tdbg_http_response_clear (&response);
  return ok;
}

static gboolean
storage_get_size (TdbgSource *source, const char *name, guint64 *size, GCancellable *cancellable, GError **error)
{
  TdbgStorageSource *self = TDBG_STORAGE_SOURCE (source);
  TdbgStorageSourceClass *klass = TDBG_STORAGE_SOURCE_GET_CLASS (self);
  g_autoptr(TdbgSource) v1 = v1_of (self);
  gboolean told = FALSE;

  if (v1)
    return tdbg_source_get_size (v1, name, size, cancellable, error);
  if (take_listed_size (self, name, size))
    return TRUE;
  if (klass->size_url)
    {
      g_autofree char *url = klass->size_url (self, name);
      g_autoptr(GBytes) answer = get (self, url, name, cancellable, error);
      if (answer == NULL)
        return FALSE;
      told = klass->size_from_answer (answer, size);
    }
  else if (!head_size (self, name, size, &told, cancellable, error))
    return FALSE;
  if (!told)
    g_set_error (error, TDBG_ERROR, TDBG_ERROR_IO, _("%s: the server gave no size for %s"),
                 PRIV (self)->uri.bucket, name);
  return told;
}

static void
count_read (TdbgStorageSource *self, gsize n_bytes)
{
  TdbgStorageSourcePrivate *priv = PRIV (self);

  g_mutex_lock (&priv->lock);
  priv->n_reads++;
  priv->n_bytes_read += n_bytes;
  g_mutex_unlock (&priv->lock);
}

/* An object's bytes, as the bucket has them. */
static GBytes *
read_object (TdbgStorageSource *self, const char *name, guint64 offset, gsize length, GCancellable *cancellable,
             GError **error)
{
  g_autofree char *url = TDBG_STORAGE_SOURCE_GET_CLASS (self)->media_url (self, name);
  TdbgHttpResponse response;
  GBytes *bytes = NULL;

  if (length == 0)
    return g_bytes_new (NULL, 0);
  if (!request (self, name, &(TdbgHttpRequest) { .url = url, .range_from = offset, .range_length = length },
                &response, cancellable, error))
    return NULL;
  /* 416: the range starts at or past the object's end, which is fewer bytes (none). */
  if (response.status == 416)
    bytes = g_bytes_new (NULL, 0);
  else if (response.status == 200)
    {
      /* A server that ignores ranges sends the whole object. */
      gsize size = g_bytes_get_size (response.body);
      bytes = offset >= size ? g_bytes_new (NULL, 0)
                             : g_bytes_new_from_bytes (response.body, offset, MIN (length, size - offset));
    }
  else if (check_status (self, name, &response, error))
    bytes = g_bytes_ref (response.body);
  tdbg_http_response_clear (&response);
  if (bytes)
    count_read (self, g_bytes_get_size (bytes));
  return bytes;
}

static GBytes *
storage_read (TdbgSource *source, const char *name, guint64 offset, gsize length, GCancellable *cancellable,
              GError **error)
{
  TdbgStorageSource *self = TDBG_STORAGE_SOURCE (source);
  g_autoptr(TdbgSource) v1 = v1_of (self);

  if (v1)
    return tdbg_source_read (v1, name, offset, length, cancellable, error);
  return read_object (self, name, offset, length, cancellable, error);
}

/* One ranged GET of a read asked with others: straight into its place in the read's buffer. */
typedef struct {
  TdbgSourceRead *read;
  guint8 *into;
  guint64 offset;
  gsize length;
  gboolean as_asked;   /* all its bytes came, as a part (206) */
  GError *error;       /* no answer came */
} Part;

typedef struct {
  TdbgStorageSource *self;
  GArray *parts;
  guint next;          /* the next part to ask for (atomic) */
  GCancellable *cancellable;
} PartQueue;

static void
read_part (TdbgStorageSource *self, Part *part, GCancellable *cancellable)
{
  g_autofree char *url = TDBG_STORAGE_SOURCE_GET_CLASS (self)->media_url (self, part->read->name);
  TdbgHttpRequest r = {
    .url = url,
    .range_from = part->offset,
    .range_length = part->length,
    .into = part->into,
    .into_size = part->length,
  };
  TdbgHttpResponse response;

  if (!request (self, part->read->name, &r, &response, cancellable, &part->error))
    return;
  part->as_asked = response.status == 206 && response.received == part->length;
  if (part->as_asked)
    count_read (self, part->length);
}

/* A reading thread: parts, one after another, on one connection kept. */
static gpointer
read_parts (gpointer user_data)
{
  PartQueue *queue = user_data;
  guint i;

  while ((i = (guint) g_atomic_int_add (&queue->next, 1)) < queue->parts->len)
    read_part (queue->self, &g_array_index (queue->parts, Part, i), queue->cancellable);
  return NULL;
}

/* A big buffer in huge pages where the system gives them on request: a read of hundreds of
 * megabytes otherwise takes a page fault every 4 KiB as the bytes land. */
static void
advise_huge_pages (guint8 *buffer, gsize length)
{
#ifdef MADV_HUGEPAGE
  const guintptr huge = 2 * 1024 * 1024;
  guintptr start = ((guintptr) buffer + huge - 1) & ~(huge - 1);
  guintptr end = ((guintptr) buffer + length) & ~(huge - 1);

  if (end > start)
    madvise ((void *) start, end - start, MADV_HUGEPAGE);
#endif
}

/* The parts of @reads (each into a buffer of its length, in *buffers), in order. */
static GArray *
cut_into_parts (TdbgStorageSource *self, TdbgSourceRead *reads, guint n_reads, guint8 **buffers)
{
  GArray *parts = g_array_new (FALSE, TRUE, sizeof (Part));

  for (guint i = 0; i < n_reads; i++)
    {
      gsize n_parts, part_bytes;

      if (reads[i].length == 0 || reads[i].length > MAX_READ_BYTES ||
          (buffers[i] = g_try_malloc (reads[i].length)) == NULL)
        continue;
      advise_huge_pages (buffers[i], reads[i].length);
      n_parts = reads[i].length >= PRIV (self)->multipart_cutoff ? MAX_IN_FLIGHT : 1;
      part_bytes = (reads[i].length + n_parts - 1) / n_parts;
      for (gsize at = 0; at < reads[i].length; at += part_bytes)
        {
          Part part = { &reads[i], buffers[i] + at, reads[i].offset + at, MIN (part_bytes, reads[i].length - at) };
          g_array_append_val (parts, part);
        }
    }
  return parts;
}

/* Runs read_parts() on up to MAX_IN_FLIGHT threads, this one among them. */
static void
read_all_parts (PartQueue *queue)
{
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  guint n_threads = MIN (MAX_IN_FLIGHT, queue->parts->len);

  for (guint t = 1; t < n_threads; t++)
    g_ptr_array_add (threads, g_thread_new ("tdbg-storage-read", read_parts, queue));
  read_parts (queue);
  for (guint t = 0; t < threads->len; t++)
    g_thread_join (g_ptr_array_index (threads, t));
}

/* Many reads at once: MAX_IN_FLIGHT ranged GETs in flight on connections kept, each part
 * straight into its place in its read's buffer. A read whose parts did not all come as asked
 * (a server that ignores ranges, an object grown shorter) is asked again as one; one that got
 * no answer takes its first part's error. */
static void
storage_read_many (TdbgSource *source, TdbgSourceRead *reads, guint n_reads, GCancellable *cancellable)
{
  TdbgStorageSource *self = TDBG_STORAGE_SOURCE (source);
  g_autoptr(TdbgSource) v1 = v1_of (self);
  g_autofree guint8 **buffers = g_new0 (guint8 *, n_reads);
  PartQueue queue = { self, NULL, 0, cancellable };

  if (v1)
    {
      tdbg_source_read_many (v1, reads, n_reads, cancellable);
      return;
    }
  queue.parts = cut_into_parts (self, reads, n_reads, buffers);
  read_all_parts (&queue);
  for (guint p = 0; p < queue.parts->len; p++)
    {
      Part *part = &g_array_index (queue.parts, Part, p);
      guint i = part->read - reads;
      if (part->error && reads[i].error == NULL)
        reads[i].error = g_steal_pointer (&part->error);
      if (!part->as_asked)
        g_clear_pointer (&buffers[i], g_free);
      g_clear_error (&part->error);
    }
  for (guint i = 0; i < n_reads; i++)
    if (buffers[i])
      reads[i].bytes = g_bytes_new_take (g_steal_pointer (&buffers[i]), reads[i].length);
    else if (reads[i].error == NULL)
      reads[i].bytes = read_object (self, reads[i].name, reads[i].offset, reads[i].length, cancellable, &reads[i].error);
  g_array_unref (queue.parts);
}

static GPtrArray *
storage_get_problems (TdbgSource *source)
{
  g_autoptr(TdbgSource) v1 = v1_of (TDBG_STORAGE_SOURCE (source));

  return v1 ? tdbg_source_get_problems (v1) : NULL;
}

static char *
storage_describe (TdbgSource *source)
{
  return tdbg_storage_uri_to_string (&PRIV (TDBG_STORAGE_SOURCE (source))->uri);
}

static void
tdbg_storage_source_iface_init (TdbgSourceInterface *iface)
{
  iface->list_files = storage_list_files;
  iface->get_size = storage_get_size;
  iface->read = storage_read;
  iface->read_many = storage_read_many;
  iface->get_problems = storage_get_problems;
  iface->describe = storage_describe;
}

static void
tdbg_storage_source_finalize (GObject *object)
{
  TdbgStorageSourcePrivate *priv = PRIV (TDBG_STORAGE_SOURCE (object));

  g_clear_object (&priv->v1);
  g_clear_pointer (&priv->http, tdbg_http_free);
  tdbg_storage_uri_clear (&priv->uri);
  g_hash_table_unref (priv->listed_sizes);
  g_mutex_clear (&priv->lock);
  G_OBJECT_CLASS (tdbg_storage_source_parent_class)->finalize (object);
}

static void
tdbg_storage_source_class_init (TdbgStorageSourceClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tdbg_storage_source_finalize;
}

static void
tdbg_storage_source_init (TdbgStorageSource *self)
{
  TdbgStorageSourcePrivate *priv = PRIV (self);

  g_mutex_init (&priv->lock);
  priv->listed_sizes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  priv->http = tdbg_http_new ();
  priv->multipart_cutoff = MULTIPART_CUTOFF;
}

void
tdbg_storage_source_set_multipart_cutoff (TdbgStorageSource *self, gsize cutoff)
{
  PRIV (self)->multipart_cutoff = MAX (cutoff, MAX_IN_FLIGHT);
}

gboolean
tdbg_storage_source_set_address (TdbgStorageSource *self, const char *text, TdbgStorageKind kind, GError **error)
{
  TdbgStorageSourcePrivate *priv = PRIV (self);

  tdbg_storage_uri_clear (&priv->uri);
  if (!tdbg_storage_uri_parse (text, &priv->uri, error))
    return FALSE;
  if (priv->uri.kind != kind)
    {
      /* Translators: an address, then the scheme it should have had ("s3://") */
      g_set_error (error, TDBG_ERROR, TDBG_ERROR_INVALID, _("%s: does not start with %s"), text,
                   kind == TDBG_STORAGE_S3 ? "s3://" : "gs://");
      return FALSE;
    }
  return TRUE;
}

const TdbgStorageUri *
tdbg_storage_source_get_uri (TdbgStorageSource *self)
{
  return &PRIV (self)->uri;
}

TdbgHttp *
tdbg_storage_source_get_http (TdbgStorageSource *self)
{
  return PRIV (self)->http;
}

void
tdbg_storage_source_get_reads (TdbgStorageSource *self, guint *n_reads, guint64 *n_bytes)
{
  TdbgStorageSourcePrivate *priv = PRIV (self);

  g_mutex_lock (&priv->lock);
  *n_reads = priv->n_reads;
  *n_bytes = priv->n_bytes_read;
  g_mutex_unlock (&priv->lock);
}
