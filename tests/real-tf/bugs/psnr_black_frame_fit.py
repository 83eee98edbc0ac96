# SPDX-License-Identifier: GPL-3.0-or-later
"""A denoising autoencoder reports tf.image.psnr as a Keras metric; the first batch holds a black
frame that the untrained model (no bias, ReLU output) reconstructs exactly: the mean squared
error is 0 and tf.image.psnr's log of it is −∞. The advice is psnr's own use, not log(x + ε).
Keras model.fit, FULL_HEALTH."""
import numpy as np
from bug import setup, finish

tf = setup("FULL_HEALTH")
tf.keras.utils.set_random_seed(0)

def psnr(y_true, y_pred):
    return tf.image.psnr(y_true, y_pred, max_val=1.0)  # planted: inf when mse == 0

rng = np.random.default_rng(0)
clean = rng.uniform(0.2, 1.0, size=(32, 8, 8, 1)).astype(np.float32)
clean[0] = 0.0                                   # a black frame in the first batch
noisy = np.clip(clean + 0.1 * rng.normal(size=clean.shape), 0, 1).astype(np.float32)
noisy[0] = 0.0
model = tf.keras.Sequential([
    tf.keras.Input((8, 8, 1)),
    tf.keras.layers.Conv2D(8, 3, padding="same", activation="relu"),
    tf.keras.layers.Conv2D(1, 3, padding="same", activation="relu")])
model.compile(optimizer="adam", loss="mse", metrics=[psnr])
hist = model.fit(noisy, clean, batch_size=8, epochs=1, verbose=0, shuffle=False)
print({k: v for k, v in hist.history.items()})
finish(tf)
