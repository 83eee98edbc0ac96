/* SPDX-License-Identifier: GPL-3.0-or-later */
/* TensorProto decoding, counting and printing of arbitrary messages, in every mode. */
#include <glib.h>
#include "tdbg-tensor.h"
#include "tdbg-value.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  Tensorflow__TensorProto *proto;
  TdbgTensor t;

  if (size < 1)
    return 0;
  proto = tensorflow__tensor_proto__unpack (NULL, size - 1, data + 1);
  if (proto == NULL)
    return 0;
  if (tdbg_tensor_init (&t, proto, NULL))
    {
      TdbgCounts counts;
      g_autofree char *text = tdbg_tensor_format (&t, 64);
      g_autofree char *element = tdbg_tensor_format_element (&t, t.n_elements ? t.n_elements - 1 : 0);
      tdbg_tensor_count (&t, &counts);
      g_assert_nonnull (text);
      g_assert_nonnull (element);
      g_assert_cmpuint (counts.neg_inf + counts.pos_inf + counts.nan + counts.neg + counts.zero + counts.pos, <=, t.n_elements);
    }
  {
    TdbgValue v;
    tdbg_value_init (&v, data[0] % 9, proto);
    tdbg_value_clear (&v);
  }
  tensorflow__tensor_proto__free_unpacked (proto, NULL);
  return 0;
}
