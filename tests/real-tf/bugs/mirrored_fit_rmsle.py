# SPDX-License-Identifier: GPL-3.0-or-later
"""MirroredStrategy over two logical CPU devices training a Keras regressor with a hand-written
RMSLE loss that forgot the +1 on y_true: (log(y_pred + 1) - log(y_true))**2. One target of the
second replica's half of the first batch is 0 (a free item): log(0) = -inf on replica 1.
The targets reach the replica's step as an argument of a function called by
another (one_step_on_data inside multi_step_on_iterator): said so, not "an op TensorFlow does
not record". CONCISE_HEALTH."""
import numpy as np
import tensorflow
cpu = tensorflow.config.list_physical_devices("CPU")[0]
tensorflow.config.set_logical_device_configuration(
    cpu, [tensorflow.config.LogicalDeviceConfiguration(), tensorflow.config.LogicalDeviceConfiguration()])
from bug import setup, finish

tf = setup("CONCISE_HEALTH")


def rmsle(y_true, y_pred):
    return tf.sqrt(tf.reduce_mean(tf.square(tf.math.log(y_pred + 1.0) - tf.math.log(y_true))))  # planted


strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(8, activation="relu"),
                                 tf.keras.layers.Dense(1, activation="softplus")])
    model.compile(optimizer="adam", loss=rmsle)
rng = np.random.default_rng(0)
x = rng.normal(size=(16, 3)).astype(np.float32)
price = rng.uniform(5, 50, size=(16, 1)).astype(np.float32)
price[6] = 0.0  # a free item, in replica 1's half of batch 1
model.fit(x, price, batch_size=8, epochs=1, verbose=0, shuffle=False)
finish(tf)
