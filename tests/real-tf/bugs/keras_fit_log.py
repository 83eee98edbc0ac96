# SPDX-License-Identifier: GPL-3.0-or-later
"""Keras fit with a hand-written loss, -log(p) of the true class, on a model whose ReLU output
is exactly zero for one example: the log of zero gives -inf inside Keras's
train function. CURT_HEALTH."""
import numpy as np

from bug import setup, finish

tf = setup("CURT_HEALTH")


def nll(y_true, y_pred):
    return -tf.reduce_mean(tf.math.log(y_pred))  # planted


model = tf.keras.Sequential([tf.keras.Input((2,)),
                             tf.keras.layers.Dense(1, activation="relu", kernel_initializer="ones",
                                                   bias_initializer="zeros")])
model.compile(optimizer="sgd", loss=nll)
model.fit(np.array([[1.0, 1.0], [-1.0, -1.0]], "float32"), np.zeros((2, 1), "float32"),
          batch_size=2, epochs=1, verbose=0)
finish(tf)
