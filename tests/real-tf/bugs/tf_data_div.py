# SPDX-License-Identifier: GPL-3.0-or-later
"""A tf.data pipeline that scales each example by its range: an example whose values are all
equal, [2, 2], has a range of zero, and the division of x - 1 = [1, 1] by it in the map
function gives +inf. CONCISE_HEALTH."""
from bug import setup, finish

tf = setup("CONCISE_HEALTH")


def scale(x):
    return (x - 1.0) / (tf.reduce_max(x) - tf.reduce_min(x))  # planted


examples = tf.data.Dataset.from_tensor_slices([[1.0, 3.0], [2.0, 2.0]]).map(scale)
for example in examples:
    pass
finish(tf)
