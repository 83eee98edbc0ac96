# SPDX-License-Identifier: GPL-3.0-or-later
"""A focal loss -(1-p)**gamma * log(p) written by hand with gamma = 0.5, on a sigmoid output that
saturates to exactly 1.0 for a confident example: the loss is finite (0 * 0), but the gradient of
(1-p)**0.5 at 1-p = 0 is 0.5 * 0**-0.5 = +∞, and ∞ * 0 gives NaN. The gradient's Pow is made
by Keras's call of tape.gradient (its stack's user frame is model.fit's line): the line that
matters is the forward tf.pow's, which the card names. Keras model.fit, FULL_HEALTH."""
import numpy as np
from bug import setup, finish

tf = setup("FULL_HEALTH")
GAMMA = 0.5


def focal(y_true, y_pred):
    return -tf.reduce_mean(tf.pow(1.0 - y_pred, GAMMA) * tf.math.log(y_pred))  # planted


model = tf.keras.Sequential([tf.keras.Input((2,)),
                             tf.keras.layers.Dense(1, activation="sigmoid", kernel_initializer="ones")])
model.compile(optimizer="sgd", loss=focal)
x = np.array([[20.0, 20.0], [0.5, -0.2]], np.float32)
model.fit(x, np.ones((2, 1), np.float32), batch_size=2, epochs=1, verbose=0)
finish(tf)
