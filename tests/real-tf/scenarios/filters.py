# SPDX-License-Identifier: GPL-3.0-or-later
"""enable_dump_debug_info's filters: op_regex and tensor_dtypes (the third and second argument)
on a function returning the unique values (float32) and their indices (int32) of a vector, and
their sum. FULL_TENSOR, no circular buffer."""
from scenario import setup

logdir, args, rng = setup("LOGDIR [DTYPE|all] [OP_REGEX]")
import tensorflow as tf  # noqa: E402

dtypes = None if not args or args[0] == "all" else [args[0]]
op_regex = args[1] if len(args) > 1 else None
tf.debugging.experimental.enable_dump_debug_info(
    logdir, tensor_debug_mode="FULL_TENSOR", circular_buffer_size=-1,
    tensor_dtypes=dtypes, op_regex=op_regex)


@tf.function
def unique_sum(xs):
    unique_xs, indices = tf.unique(xs)
    return tf.reduce_sum(unique_xs), indices


unique_sum(tf.constant([2.0, 6.0, 8.0, 1.0, 2.0]))
