# SPDX-License-Identifier: GPL-3.0-or-later
"""A heteroscedastic regression whose Gaussian negative log-likelihood takes the predicted variance
from a linear head with no softplus: the variance comes out negative for some examples and
log(var) is NaN in the first step. Keras model.fit with Adam, whose slots Keras initialises in a
function of their own made inside the step function (__inference_initialize_variables) and
called before the first step: it is not a step, and the step is the first. FULL_HEALTH."""
import numpy as np
from bug import setup, finish

tf = setup("FULL_HEALTH")
tf.random.set_seed(0)


def gaussian_nll(y_true, y_pred):
    mu, var = y_pred[:, :1], y_pred[:, 1:]
    return tf.reduce_mean(0.5 * tf.math.log(var) + tf.square(y_true - mu) / (2.0 * var))  # planted


model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(16, activation="relu"),
                             tf.keras.layers.Dense(2)])  # var head is linear
model.compile(optimizer="adam", loss=gaussian_nll)
rng = np.random.default_rng(0)
x = rng.normal(size=(32, 3)).astype(np.float32)
y = (x @ np.array([[1.0], [-2.0], [0.5]], np.float32)).astype(np.float32)
model.fit(x, y, batch_size=16, epochs=1, verbose=0)
finish(tf)
