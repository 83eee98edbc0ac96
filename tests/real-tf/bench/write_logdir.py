#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a large logdir with TensorFlow itself, for the TensorBoard benchmark.

A three-layer perceptron on seeded synthetic data (NumPy, nothing downloaded) is trained with
a custom loop: a tf.function step with GradientTape, the cross-entropy written out by hand as
-sum(labels * log(softmax(logits))), and Adam written out op by op. The whole run is dumped
with tf.debugging.experimental.enable_dump_debug_info in FULL_HEALTH mode with
circular_buffer_size=-1 (every trace kept).

At step --nan-step the batch is scaled by 1e4: the logits grow so far apart that softmax
rounds some probabilities to exactly 0, log(0) is -inf, 0 * -inf is NaN, and the NaN reaches
the weights through the gradients, so every later step is NaN too. The program checks that
the loss was finite before that step and is NaN from it on.

Usage: write_logdir.py DUMP_ROOT [--steps N] [--nan-step K]
Prints one JSON line: TensorFlow's version, the steps, the NaN step, the seconds taken.
"""

import argparse
import json
import os
import sys
import time

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

FEATURES = 64
HIDDEN = 128
CLASSES = 10
BATCH = 32
SAMPLES = 4096
LEARNING_RATE = 1e-3
BETA1, BETA2, EPSILON = 0.9, 0.999, 1e-7


def make_data(seed):
    """Points around ten seeded centres, labelled one-hot by their centre."""
    rng = np.random.default_rng(seed)
    centres = rng.normal(0.0, 2.0, size=(CLASSES, FEATURES)).astype(np.float32)
    labels = rng.integers(0, CLASSES, size=SAMPLES)
    x = centres[labels] + rng.normal(0.0, 1.0, size=(SAMPLES, FEATURES)).astype(np.float32)
    y = np.eye(CLASSES, dtype=np.float32)[labels]
    return x, y


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dump_root")
    parser.add_argument("--steps", type=int, default=1500)
    parser.add_argument("--nan-step", type=int, default=None,
                        help="the step whose batch makes the first NaN (default: ten before the end)")
    parser.add_argument("--seed", type=int, default=20250125)
    args = parser.parse_args()
    nan_step = args.steps - 10 if args.nan_step is None else args.nan_step
    if not 0 < nan_step < args.steps:
        sys.exit(f"--nan-step {nan_step} is not inside the {args.steps} steps")

    tf.random.set_seed(args.seed)
    x, y = make_data(args.seed)
    init = tf.keras.initializers.GlorotUniform(seed=args.seed)
    shapes = [(FEATURES, HIDDEN), (HIDDEN,), (HIDDEN, HIDDEN), (HIDDEN,), (HIDDEN, CLASSES), (CLASSES,)]
    params = [tf.Variable(init(s) if len(s) == 2 else tf.zeros(s), name=f"p{i}") for i, s in enumerate(shapes)]
    moments = [tf.Variable(tf.zeros(s), name=f"m{i}") for i, s in enumerate(shapes)]
    velocities = [tf.Variable(tf.zeros(s), name=f"v{i}") for i, s in enumerate(shapes)]
    t = tf.Variable(0.0, name="t")

    start = time.monotonic()
    writer = tf.debugging.experimental.enable_dump_debug_info(
        args.dump_root, tensor_debug_mode="FULL_HEALTH", circular_buffer_size=-1)

    @tf.function
    def model(images):
        w1, b1, w2, b2, w3, b3 = params
        hidden = tf.nn.relu(tf.matmul(images, w1) + b1)
        hidden = tf.nn.relu(tf.matmul(hidden, w2) + b2)
        return tf.matmul(hidden, w3) + b3

    @tf.function
    def cross_entropy(logits, labels):
        # The textbook formula, without the log-sum-exp guard: log() of a probability that
        # softmax rounded to 0 is -inf.
        probabilities = tf.nn.softmax(logits)
        return tf.reduce_mean(-tf.reduce_sum(labels * tf.math.log(probabilities), axis=1))

    @tf.function
    def train_step(images, labels):
        with tf.GradientTape() as tape:
            loss = cross_entropy(model(images), labels)
        grads = tape.gradient(loss, params)
        t.assign_add(1.0)
        correction = tf.sqrt(1.0 - tf.pow(BETA2, t)) / (1.0 - tf.pow(BETA1, t))
        for p, m, v, g in zip(params, moments, velocities, grads):
            m.assign(BETA1 * m + (1.0 - BETA1) * g)
            v.assign(BETA2 * v + (1.0 - BETA2) * tf.square(g))
            p.assign_sub(LEARNING_RATE * correction * m / (tf.sqrt(v) + EPSILON))
        return loss

    losses = []
    for step in range(args.steps):
        first = (step * BATCH) % SAMPLES
        images = x[first:first + BATCH]
        if step == nan_step:
            images = images * 1e4
        losses.append(float(train_step(tf.constant(images), tf.constant(y[first:first + BATCH]))))
    writer.FlushNonExecutionFiles()
    writer.FlushExecutionFiles()
    tf.debugging.experimental.disable_dump_debug_info()
    seconds = time.monotonic() - start

    if not all(np.isfinite(losses[:nan_step])):
        sys.exit(f"a loss before step {nan_step} is not finite: {losses[:nan_step]}")
    if not all(np.isnan(losses[nan_step:])):
        sys.exit(f"a loss from step {nan_step} on is not NaN: {losses[nan_step:]}")
    json.dump({"tensorflow_version": tf.__version__, "steps": args.steps, "nan_step": nan_step,
               "first_loss": losses[0], "last_finite_loss": losses[nan_step - 1], "seconds": seconds},
              sys.stdout)
    print()


if __name__ == "__main__":
    main()
