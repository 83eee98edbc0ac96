# SPDX-License-Identifier: GPL-3.0-or-later
"""One tensor debug mode (the second argument) on outputs of every dtype a user meets:
float16, bfloat16, float32, float64, int32, int64, bool, string and complex64, eagerly and
inside a tf.function; an eager loop of scalar ops (the Collatz sequence from 10); float16
(x + y) / (x - y) giving -inf, +inf and NaN; a function with a bool result."""
from scenario import setup

logdir, args, rng = setup("LOGDIR MODE")
mode = args[0] if args else "FULL_TENSOR"
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

writer = tf.debugging.experimental.enable_dump_debug_info(
    logdir, tensor_debug_mode=mode, circular_buffer_size=-1)

# Eager scalar ops: 10 -> 5 -> 16 -> 8 -> 4 -> 2 -> 1.
x = tf.constant(10.0)
while x > 1.0:
    x = x / 2.0 if tf.equal(x % 2.0, 0.0) else x * 3.0 + 1.0

values = {
    "float16": rng.normal(size=(2, 3)).astype(np.float16),
    "bfloat16": tf.constant(rng.normal(size=(4,)), dtype=tf.bfloat16),
    "float32": rng.normal(size=(3, 2)).astype(np.float32),
    "float64": rng.normal(size=(5,)),
    "int32": rng.integers(-50, 50, size=(2, 2)).astype(np.int32),
    "int64": rng.integers(-(2 ** 40), 2 ** 40, size=(3,)),
    "bool": rng.random(6) > 0.5,
    "string": np.array([b"tfdbg", b"", b"r\xc3\xa9el"]),
    "complex64": (rng.normal(size=(2,)) + 1j * rng.normal(size=(2,))).astype(np.complex64),
}
eager = {name: tf.identity(tf.constant(v)) for name, v in values.items()}
# Eager ops on each dtype (their outputs are what the .execution file records).
eager_out = [
    eager["float16"] * 2.0,
    eager["bfloat16"] + tf.constant(1.0, tf.bfloat16),
    tf.matmul(eager["float32"], eager["float32"], transpose_b=True),
    tf.sqrt(eager["float64"]),  # NaN for the negative elements.
    eager["int32"] * 3,
    eager["int64"] - 7,
    tf.logical_not(eager["bool"]),
    tf.strings.join([eager["string"], eager["string"]], separator="/"),
    eager["complex64"] * tf.constant(2.0 + 1.0j, tf.complex64),
    tf.reduce_sum(eager["float32"]),  # A scalar.
]


@tf.function
def every_dtype(f16, bf16, f32, f64, i32, i64, b, s, c64):
    return (f16 * f16, bf16 - bf16, tf.nn.relu(f32), tf.math.log(f64), i32 + i32, i64 * 2,
            tf.logical_and(b, tf.logical_not(b)), tf.strings.length(s),
            tf.strings.upper(s), c64 * c64, tf.math.real(c64), tf.shape(f32),
            tf.reshape(f32, [1, 1, 1, 1, 1, 1, 3, 2]))


every_dtype(*(tf.constant(v) if not isinstance(v, tf.Tensor) else v for v in values.values()))


@tf.function
def ratio(x, y):
    return (x + y) / (x - y)


# [0.2, -inf, nan, nan, inf, inf, inf, -5]
ratio(np.array([-3, -1, 0, 0, 1, 1, 1, 2], np.float16), np.array([2, -1, 0, 0, 1, 1, 1, 3], np.float16))


@tf.function
def neither(x, y):
    return tf.logical_not(tf.logical_and(x, y))


neither(np.array([[False, False], [True, True]]), np.array([[False, True], [False, True]]))
writer.FlushNonExecutionFiles()
writer.FlushExecutionFiles()
