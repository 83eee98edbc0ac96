# SPDX-License-Identifier: GPL-3.0-or-later
"""A data-quality monitor's chi-square test per categorical feature, p = igammac(df / 2, chi2 / 2),
with df = 0 for a feature that had one category in the reference window: Q(a, x) is undefined
for a = 0 and tf.math.igammac gives NaN. CURT_HEALTH counts no zeros or negatives: the cause is
told, not which of the two inputs brought it (x is positive here). tf.function, CURT_HEALTH."""
import numpy as np
from bug import setup, finish

tf = setup("CURT_HEALTH")

@tf.function
def monitor(ref_counts, new_counts):
    seen = tf.cast(ref_counts > 0, tf.float32)
    df = tf.reduce_sum(seen, axis=1) - 1.0
    ref_p = ref_counts / tf.reduce_sum(ref_counts, axis=1, keepdims=True)
    n_new = tf.reduce_sum(new_counts, axis=1, keepdims=True)
    expected = tf.maximum(ref_p * n_new, 1e-9)
    chi2 = tf.reduce_sum(seen * tf.square(new_counts - expected) / expected, axis=1)
    p_value = tf.math.igammac(df / 2.0, chi2 / 2.0)  # planted: df = 0 -> NaN
    return chi2, df, p_value

ref = np.float32([[50, 30, 20, 0], [10, 10, 10, 10], [70, 30, 0, 0], [100, 0, 0, 0]])
new = np.float32([[45, 35, 20, 0], [12, 8, 9, 11], [60, 40, 0, 0], [97, 0, 3, 0]])
chi2, df, p = monitor(ref, new)
print("chi2", chi2.numpy(), "df", df.numpy(), "p", p.numpy())
finish(tf)
