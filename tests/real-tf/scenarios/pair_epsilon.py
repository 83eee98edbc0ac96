# SPDX-License-Identifier: GPL-3.0-or-later
"""One side of a pair of runs (tests/real-tf/check-real-tf-pairs.py): a training loop whose
tf.function train_step standardizes its batch in a nested tf.function, (batch - mean) /
tf.sqrt(var + EPSILON), and warms its learning rate up with a tf.cond. FULL_HEALTH, no circular
buffer, STEPS steps of seeded data; on step CONSTANT_STEP feature 0 is the same in every row,
so its variance is 0. With --epsilon 1e-6 the division stays finite; with --epsilon 0 the term
is dropped, as a refactor that lost the epsilon would (tf.sqrt(var)): that Sqrt holds a zero,
0/0 gives NaN and NaN reaches the loss and, from the next step on, the weights. The two runs
are the same program but for that term, so their health summaries agree up to that step.

On stdout: "constant step K", then each step's loss.

  pair_epsilon.py LOGDIR [--epsilon E]   (default 1e-6)
"""
from scenario import setup

logdir, args, rng = setup("LOGDIR [--epsilon E]")
import tensorflow as tf  # noqa: E402

EPSILON = float(args[args.index("--epsilon") + 1]) if "--epsilon" in args else 1e-6
STEPS = 8
CONSTANT_STEP = 5
WARMUP_STEPS = 2

tf.debugging.experimental.enable_dump_debug_info(
    logdir, tensor_debug_mode="FULL_HEALTH", circular_buffer_size=-1)

# The data is drawn before anything else, the same in both runs.
batches = rng.normal(size=(STEPS, 8, 3)).astype("float32")
batches[CONSTANT_STEP, :, 0] = 1.5
targets = rng.normal(size=(STEPS, 8, 1)).astype("float32")
w = tf.Variable(rng.normal(size=(3, 1)).astype("float32"), name="w")


@tf.function
def standardize(batch):
    mean, var = tf.nn.moments(batch, axes=[0])
    spread = var + EPSILON if EPSILON else var
    return (batch - mean) / tf.sqrt(spread)


@tf.function
def train_step(batch, target, step):
    lr = tf.cond(step < WARMUP_STEPS, lambda: tf.constant(0.01), lambda: tf.constant(0.1))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(standardize(batch), w) - target))
    w.assign_sub(lr * tape.gradient(loss, w))
    return loss


print(f"constant step {CONSTANT_STEP}", flush=True)
for step in range(STEPS):
    loss = train_step(tf.constant(batches[step]), tf.constant(targets[step]), tf.constant(step))
    print(f"step {step} loss {float(loss):.6g}", flush=True)
