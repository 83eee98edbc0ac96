# SPDX-License-Identifier: GPL-3.0-or-later
"""Keras mixed precision (mixed_float16) on unscaled inputs: a Dense layer's float16 MatMul of
inputs of 1000 with weights of 1 over 100 features sums past 65504 to +inf. CONCISE_HEALTH."""
import numpy as np

from bug import setup, finish

tf = setup("CONCISE_HEALTH")
tf.keras.mixed_precision.set_global_policy("mixed_float16")
layer = tf.keras.layers.Dense(2, kernel_initializer="ones")


@tf.function
def forward(x):
    return layer(x)  # planted


forward(tf.constant(np.full((1, 100), 1000.0, "float32")))
finish(tf)
