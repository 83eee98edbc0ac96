# SPDX-License-Identifier: GPL-3.0-or-later
"""MirroredStrategy over two logical CPU devices: each replica divides its half of the batch by
a per-replica scale; replica 1's scale is 0 for one element (0/0 = NaN), and the all-reduce
carries it to both replicas. CONCISE_HEALTH, no circular buffer."""
from scenario import setup

logdir, _, rng = setup()
import tensorflow as tf  # noqa: E402

cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(
    cpu, [tf.config.LogicalDeviceConfiguration(), tf.config.LogicalDeviceConfiguration()])
tf.debugging.experimental.enable_dump_debug_info(
    logdir, tensor_debug_mode="CONCISE_HEALTH", circular_buffer_size=-1)

strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
with strategy.scope():
    weight = tf.Variable(rng.normal(size=(3, 2)).astype("float32"))

data = rng.normal(size=(8, 3)).astype("float32")
scales = rng.uniform(0.5, 2.0, size=(8, 2)).astype("float32")
data[6] = 0.0
scales[6, 1] = 0.0
dataset = tf.data.Dataset.from_tensor_slices((data, scales)).batch(4)
dist = strategy.experimental_distribute_dataset(dataset)


@tf.function
def step(batch):
    def replica_fn(inputs):
        x, s = inputs
        y = tf.matmul(x, weight) / s
        return tf.reduce_sum(y)

    per_replica = strategy.run(replica_fn, args=(batch,))
    return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)


for batch in dist:
    step(batch)
