/* SPDX-License-Identifier: GPL-3.0-or-later */
/* DOT escaping of hostile op names: the result is valid UTF-8 and every quote in it is
 * escaped, so a name can never close its string. */
#include <string.h>
#include <glib.h>
#include "tdbg-neighbourhood.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autofree char *escaped = tdbg_dot_escape (text, 1 + size % 200);

  g_assert_true (g_utf8_validate (escaped, -1, NULL));
  for (const char *p = escaped; *p; p++)
    {
      g_assert_true ((guchar) *p >= 0x20);
      if (*p == '\\')
        {
          g_assert_true (p[1] == '\\' || p[1] == '"');
          p++;
        }
      else
        g_assert_true (*p != '"');
    }
  return 0;
}
