# SPDX-License-Identifier: GPL-3.0-or-later
"""A Keras functional model trained with fit() (2 epochs of 4 batches) and evaluated, then
asked to predict. CONCISE_HEALTH, no circular buffer. Seeded NumPy data."""
from scenario import setup

logdir, _, rng = setup()
import tensorflow as tf  # noqa: E402

tf.debugging.experimental.enable_dump_debug_info(
    logdir, tensor_debug_mode="CONCISE_HEALTH", circular_buffer_size=-1)
tf.keras.utils.set_random_seed(7)

features = rng.normal(size=(64, 8)).astype("float32")
targets = (features @ rng.normal(size=(8, 1)) > 0).astype("float32")

inputs = tf.keras.Input(shape=(8,), name="features")
hidden = tf.keras.layers.Dense(6, activation="relu", name="hidden")(inputs)
outputs = tf.keras.layers.Dense(1, activation="sigmoid", name="score")(hidden)
model = tf.keras.Model(inputs, outputs, name="classifier")
model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="binary_crossentropy")
model.fit(features, targets, batch_size=16, epochs=2, verbose=0)
model.evaluate(features, targets, batch_size=32, verbose=0)
model.predict(features[:4], verbose=0)
