# SPDX-License-Identifier: GPL-3.0-or-later
"""A cross entropy p·log(q) split over two (logical) CPU devices: the model's probabilities q
are normalised on CPU:0, the xlogy runs on CPU:1, and q is exactly zero where p is not, so
xlogy(p, 0) is -inf on the second device. FULL_TENSOR."""
from bug import setup, finish
import tensorflow

# Two logical devices on the one CPU, set before TensorFlow starts its runtime.
cpu = tensorflow.config.list_physical_devices("CPU")[0]
tensorflow.config.set_logical_device_configuration(
    cpu, [tensorflow.config.LogicalDeviceConfiguration(), tensorflow.config.LogicalDeviceConfiguration()])
tf = setup("FULL_TENSOR")


@tf.function
def cross_entropy(p, counts):
    with tf.device("/device:CPU:0"):
        q = counts / tf.reduce_sum(counts)
    with tf.device("/device:CPU:1"):
        return -tf.reduce_sum(tf.math.xlogy(p, q))  # planted


cross_entropy(tf.constant([0.25, 0.25, 0.5]), tf.constant([3.0, 1.0, 0.0]))
finish(tf)
