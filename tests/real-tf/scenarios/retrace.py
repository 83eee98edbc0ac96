# SPDX-License-Identifier: GPL-3.0-or-later
"""A function retraced for new input shapes and dtypes (six graphs of one Python function),
and two objects whose methods share a name. SHAPE, no circular buffer."""
from scenario import setup

logdir, _, rng = setup()
import tensorflow as tf  # noqa: E402

tf.debugging.experimental.enable_dump_debug_info(
    logdir, tensor_debug_mode="SHAPE", circular_buffer_size=-1)


@tf.function
def normalize(x):
    return (x - tf.reduce_mean(x)) / (tf.math.reduce_std(x) + 1e-6)


for shape in [(3,), (2, 4), (5, 1, 2), (3,), (7,), (2, 2, 2, 2)]:
    normalize(tf.constant(rng.normal(size=shape).astype("float32")))
normalize(tf.constant(rng.normal(size=(4,))))  # float64: another graph


class Doubler:
    @tf.function
    def ceil_times_two(self, x):
        return tf.math.ceil(x) * 2.0


first, second = Doubler(), Doubler()
for _ in range(2):
    first.ceil_times_two(tf.constant(3.5))
    second.ceil_times_two(tf.constant(3.5))
