# SPDX-License-Identifier: GPL-3.0-or-later
"""A heading loss: the model predicts a 2-D direction (dx, dy) and the loss compares atan2(dy, dx)
with the target angle. For a stationary sample the model's prediction is exactly (0, 0) (a relu
layer that is dead on it): atan2(0, 0) = 0 is finite, but its derivative x / (x**2 + y**2) is 0/0
= NaN in the gradient. Keras model.fit, FULL_HEALTH. tf.math.atan2's gradient opens no scope of
the forward op's name (…/heading_loss/truediv_1 beside the Cos's gradient): the forward Atan2 is
found by what the gradient reads (the first made of the forward ops alone reading it), and its
line named."""
import numpy as np
from bug import setup, finish

tf = setup("FULL_HEALTH")


def heading_loss(y_true, y_pred):
    angle = tf.math.atan2(y_pred[:, 1], y_pred[:, 0])  # planted
    return tf.reduce_mean(1.0 - tf.cos(angle - y_true[:, 0]))


model = tf.keras.Sequential([tf.keras.Input((3,)),
                             tf.keras.layers.Dense(2, activation="relu", kernel_initializer="ones")])
model.compile(optimizer="sgd", loss=heading_loss)
x = np.array([[1.0, 0.5, 0.2], [0.3, 0.9, 0.1], [-1.0, -0.5, -0.2], [0.2, 0.2, 0.8]], np.float32)
model.fit(x, np.array([[0.7], [0.9], [0.0], [0.8]], np.float32), batch_size=4, epochs=1, verbose=0)
finish(tf)
