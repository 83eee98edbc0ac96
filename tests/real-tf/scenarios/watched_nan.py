# SPDX-License-Identifier: GPL-3.0-or-later
"""A run to be watched while it trains: a tiny model fitted step by step by a tf.function,
FULL_HEALTH with no circular buffer (circular_buffer_size=-1: each record is written as it
happens, not held until exit). Its loss takes the log of the inputs times the weights; on step
BAD_STEP one input is negative, so that log is NaN on that step and no other (its gradient,
1/w, stays finite, so the weights do too). The program pauses PAUSE seconds between steps, so
that it is still running well after the bad step.

On stdout, flushed: "bad op NAME TYPE" (the log as the traced graph names it), then "step N"
after each step has run.

  watched_nan.py LOGDIR BAD_STEP STEPS PAUSE
"""
import time

from scenario import setup

logdir, args, rng = setup("LOGDIR BAD_STEP STEPS PAUSE")
import tensorflow as tf  # noqa: E402

bad_step, steps, pause = int(args[0]), int(args[1]), float(args[2])
tf.debugging.experimental.enable_dump_debug_info(
    logdir, tensor_debug_mode="FULL_HEALTH", circular_buffer_size=-1)

w = tf.Variable(rng.uniform(0.5, 1.5, size=(4,)).astype("float32"))
traced = {}


@tf.function
def train_step(x):
    with tf.GradientTape() as tape:
        logs = tf.math.log(x * w, name="log_of_inputs")
        loss = 0.5 * tf.reduce_sum(w * w) - tf.reduce_mean(logs)
    traced["bad op"] = logs.op  # the graph's own name for it, read while tracing
    w.assign_sub(0.1 * tape.gradient(loss, w))
    return loss


for i in range(steps):
    x = rng.uniform(0.5, 1.5, size=(4,)).astype("float32")
    if i == bad_step:
        x[1] = -x[1]
    train_step(tf.constant(x))
    if i == 0:
        print(f"bad op {traced['bad op'].name} {traced['bad op'].type}", flush=True)
    print(f"step {i}", flush=True)
    time.sleep(pause)
