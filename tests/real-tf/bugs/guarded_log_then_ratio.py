# SPDX-License-Identifier: GPL-3.0-or-later
"""Feature engineering in a tf.function before model.fit: log(income) guarded with
tf.where(income > 0, log(income), 0) (its −∞ for the unemployed is computed, then discarded:
harmless), then a debt-to-income ratio that is not guarded: debt / 0 = +∞ for an unemployed
applicant with debt, and training goes NaN. The Log's discarded −∞ is the first alert; the
SelectV2 reading it is finite, and the one that reaches the model is the RealDiv's: the origin,
the guard said. The function's arguments are not recorded: the division's cause cannot be told
from its inputs. FULL_HEALTH."""
import numpy as np
from bug import setup, finish

tf = setup("FULL_HEALTH")


@tf.function
def engineer(income, debt, age):
    log_income = tf.where(income > 0, tf.math.log(income), 0.0)  # guarded, harmless
    debt_ratio = debt / income  # planted
    return tf.stack([log_income, debt_ratio, age / 100.0], axis=1)


rng = np.random.default_rng(0)
income = rng.lognormal(10, 1, 16).astype(np.float32)
income[5] = 0.0  # unemployed
debt = rng.uniform(0, 5e4, 16).astype(np.float32)
features = engineer(income, debt, rng.uniform(20, 70, 16).astype(np.float32))
model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(4, activation="relu"),
                             tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
model.fit(features, rng.normal(size=(16, 1)).astype(np.float32), batch_size=8, epochs=1, verbose=0)
finish(tf)
