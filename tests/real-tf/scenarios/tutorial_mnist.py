# SPDX-License-Identifier: GPL-3.0-or-later
"""The Debugger V2 tutorial's program, MNIST-sized: a perceptron on 28x28 images whose
hand-written cross entropy takes the log of a softmax that underflows to exactly zero.
FULL_HEALTH, circular_buffer_size=-1. The images are seeded NumPy noise shaped like MNIST."""
from scenario import setup

logdir, _, rng = setup()
import tensorflow as tf  # noqa: E402

tf.debugging.experimental.enable_dump_debug_info(
    logdir, tensor_debug_mode="FULL_HEALTH", circular_buffer_size=-1)

images = rng.uniform(0.0, 255.0, size=(600, 28, 28)).astype("float32")
labels = rng.integers(0, 10, size=600)


def format_example(image, label):
    image = tf.reshape(tf.cast(image, tf.float32), [784]) / 255.0
    return image, tf.one_hot(label, 10)


train = (tf.data.Dataset.from_tensor_slices((images, labels))
         .map(format_example).batch(100))

hidden = tf.Variable(rng.normal(0.0, 0.1, size=(784, 50)).astype("float32"))
hidden_bias = tf.Variable(tf.zeros([50]))
out = tf.Variable(rng.normal(0.0, 0.1, size=(50, 10)).astype("float32"))
out_bias = tf.Variable(tf.zeros([10]))
weights = [hidden, hidden_bias, out, out_bias]


@tf.function
def dense(x, w, b, activation):
    return activation(tf.matmul(x, w) + b)


@tf.function
def model(x):
    h = dense(x, hidden, hidden_bias, tf.nn.relu)
    return dense(h, out, out_bias, tf.nn.softmax)


@tf.function
def cross_entropy(probs, labels):
    # The bug: log(0) once a probability underflows.
    return -tf.reduce_mean(labels * tf.math.log(probs))


@tf.function
def sgd_update(grads, learning_rate):
    for w, g in zip(weights, grads):
        w.assign_sub(learning_rate * g)


for step, (x, y) in enumerate(train):
    with tf.GradientTape() as tape:
        probs = model(x)
        loss = cross_entropy(probs, y)
    grads = tape.gradient(loss, weights)
    sgd_update(grads, tf.constant(50.0))
    accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(probs, 1), tf.argmax(y, 1)), tf.float32))
    print(f"step {step}: loss {float(loss):.4f} accuracy {float(accuracy):.2f}")
