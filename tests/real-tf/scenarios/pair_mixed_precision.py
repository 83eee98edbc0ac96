# SPDX-License-Identifier: GPL-3.0-or-later
"""One side of a pair of runs (tests/real-tf/check-real-tf-pairs.py): a small Keras model of
Dense layers fitted for a few steps with model.fit on a tf.data dataset, FULL_TENSOR, no
circular buffer, the same seeds and data in both runs. With --mixed the global policy is
"mixed_float16" before the model is built: its layers compute in float16 (their inputs and
kernels cast down), keep their variables in float32, and compile() wraps the optimizer in a
LossScaleOptimizer. Without it everything is float32.

  pair_mixed_precision.py LOGDIR [--mixed]
"""
from scenario import setup

logdir, args, rng = setup("LOGDIR [--mixed]")
import tensorflow as tf  # noqa: E402

# The data is drawn before anything else, the same in both runs.
features = rng.normal(size=(32, 6)).astype("float32")
targets = (features @ rng.normal(size=(6, 1))).astype("float32")

if "--mixed" in args:
    tf.keras.mixed_precision.set_global_policy("mixed_float16")
tf.debugging.experimental.enable_dump_debug_info(
    logdir, tensor_debug_mode="FULL_TENSOR", circular_buffer_size=-1)
tf.keras.utils.set_random_seed(7)

inputs = tf.keras.Input(shape=(6,), name="features")
hidden = tf.keras.layers.Dense(8, activation="relu", name="hidden")(inputs)
# The output in float32, as the mixed-precision guide asks, so that the loss is float32 in both.
outputs = tf.keras.layers.Dense(1, name="score", dtype="float32")(hidden)
model = tf.keras.Model(inputs, outputs, name="regressor")
model.compile(optimizer=tf.keras.optimizers.SGD(0.05), loss="mse")
# A dataset of plain batches: fit() given NumPy arrays slices them in a tf.data map with
# parallel calls, whose traces reach the file in whatever order its threads ran, so that the
# same batch's traces are a different occurrence in the other run.
batches = tf.data.Dataset.from_tensor_slices((features, targets)).batch(16)
history = model.fit(batches, epochs=2, verbose=0)
print("policy", tf.keras.mixed_precision.global_policy().name, "losses", history.history["loss"], flush=True)
