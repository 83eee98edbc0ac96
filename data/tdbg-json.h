/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A small streaming JSON writer. Non-finite numbers are written as the strings "nan", "inf"
 * and "-inf"; integral doubles as integers. */

#include <glib.h>

G_BEGIN_DECLS

typedef struct _TdbgJson TdbgJson;

TdbgJson *tdbg_json_new (gboolean pretty);
char *tdbg_json_free_to_string (TdbgJson *json);
void tdbg_json_free (TdbgJson *json);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TdbgJson, tdbg_json_free)

void tdbg_json_begin_object (TdbgJson *json);
void tdbg_json_end_object (TdbgJson *json);
void tdbg_json_begin_array (TdbgJson *json);
void tdbg_json_end_array (TdbgJson *json);
void tdbg_json_key (TdbgJson *json, const char *key);
void tdbg_json_string (TdbgJson *json, const char *value);  /* NULL writes null */
void tdbg_json_string_len (TdbgJson *json, const char *value, gsize length);
/* Bytes exactly: a byte that is not UTF-8 as \udcNN (Python's surrogateescape), NUL as \u0000. */
void tdbg_json_bytes (TdbgJson *json, const char *value, gsize length);
/* Integers as JSON numbers written from the integer itself, never through a double. */
void tdbg_json_int (TdbgJson *json, gint64 value);
void tdbg_json_uint (TdbgJson *json, guint64 value);
void tdbg_json_double (TdbgJson *json, double value);
void tdbg_json_bool (TdbgJson *json, gboolean value);
void tdbg_json_null (TdbgJson *json);
/* A member of the object being written, "@key": @value, in one call (the common cases). */
void tdbg_json_member_string (TdbgJson *json, const char *key, const char *value);
void tdbg_json_member_uint (TdbgJson *json, const char *key, guint64 value);
/* @value, or null when it is NaN (a fact the record does not tell). */
void tdbg_json_member_double_or_null (TdbgJson *json, const char *key, double value);
/* @value, or null when it is @none (an index that points nowhere). */
void tdbg_json_member_uint_or_null (TdbgJson *json, const char *key, guint32 value, guint32 none);

G_END_DECLS
