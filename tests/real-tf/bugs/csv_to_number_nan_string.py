# SPDX-License-Identifier: GPL-3.0-or-later
"""A sensor log parsed with tf.strings, the logger writing "NaN" for a missing reading:
tf.strings.to_number parses it as NaN. Passed on from the text, not made from finite inputs:
the advice is to clean the text. Eager, CURT_HEALTH."""
import numpy as np
from bug import setup, finish

tf = setup("CURT_HEALTH")
csv_text = """t,temp,humidity
0,21.5,40.1
1,21.7,40.3
2,NaN,40.2
3,22.0,39.8
4,22.4,39.5
5,22.1,39.9"""
lines = tf.strings.split(tf.constant(csv_text), "\n")[1:]       # drop header
fields = tf.strings.split(lines, ",").to_tensor()
values = tf.strings.to_number(fields[:, 1:])  # planted: "NaN" parses to NaN
mean = tf.reduce_mean(values, axis=0)
std = tf.math.reduce_std(values, axis=0)
z = (values - mean) / (std + 1e-6)
print("z:\n", z.numpy())
finish(tf)
