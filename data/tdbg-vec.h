/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A growable array of fixed-size elements that can be trimmed to its exact length: the
 * digests of millions of records must not carry GArray's power-of-two slack. */

#include <glib.h>
#include <string.h>

G_BEGIN_DECLS

typedef struct {
  guint8 *data;
  gsize len;
  gsize capacity;
  gsize element_size;
} TdbgVec;

static inline void
tdbg_vec_init (TdbgVec *v, gsize element_size)
{
  v->data = NULL;
  v->len = v->capacity = 0;
  v->element_size = element_size;
}

static inline void
tdbg_vec_clear (TdbgVec *v)
{
  g_free (v->data);
  v->data = NULL;
  v->len = v->capacity = 0;
}

/* Makes room for @n more elements at once. */
static inline void
tdbg_vec_reserve (TdbgVec *v, gsize n)
{
  if (v->len + n > v->capacity)
    {
      v->data = g_realloc_n (v->data, v->len + n, v->element_size);
      v->capacity = v->len + n;
    }
}

static inline void
tdbg_vec_append (TdbgVec *v, gconstpointer elements, gsize n)
{
  if (n == 0)
    return;
  if (v->len + n > v->capacity)
    {
      gsize capacity = MAX (v->len + n, v->capacity + v->capacity / 2 + 16);
      v->data = g_realloc_n (v->data, capacity, v->element_size);
      v->capacity = capacity;
    }
  memcpy (v->data + v->len * v->element_size, elements, n * v->element_size);
  v->len += n;
}

/* Room for one more element at the end, to be written by the caller. */
static inline gpointer
tdbg_vec_push (TdbgVec *v)
{
  if (G_UNLIKELY (v->len == v->capacity))
    {
      gsize capacity = v->capacity + v->capacity / 2 + 16;
      v->data = g_realloc_n (v->data, capacity, v->element_size);
      v->capacity = capacity;
    }
  return v->data + v->len++ * v->element_size;
}

/* Gives back the unused capacity. */
static inline void
tdbg_vec_trim (TdbgVec *v)
{
  if (v->capacity > v->len)
    {
      v->data = v->len ? g_realloc_n (v->data, v->len, v->element_size) : (g_free (v->data), NULL);
      v->capacity = v->len;
    }
}

#define tdbg_vec_index(v, type, i) (((type *) (v)->data)[(i)])

G_END_DECLS
