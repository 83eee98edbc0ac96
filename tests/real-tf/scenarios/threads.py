# SPDX-License-Identifier: GPL-3.0-or-later
"""Ops run from two Python threads at once: each thread calls its own tf.function and eager
ops on shared variables, 20 times. The dump callback is installed for the thread that enabled
it, so each function is first called (traced and instrumented) there; eager ops of the other
threads are not recorded. FULL_TENSOR, no circular buffer."""
import threading

from scenario import setup

logdir, _, rng = setup()
import tensorflow as tf  # noqa: E402

tf.debugging.experimental.enable_dump_debug_info(
    logdir, tensor_debug_mode="FULL_TENSOR", circular_buffer_size=-1)

x = tf.Variable(10.0)
y = tf.Variable(3.0)


@tf.function
def grow():
    return x.assign_add(y * 2.0)


@tf.function
def shrink():
    return y.assign(y * 0.5)


def worker(fn):
    for _ in range(20):
        fn()
        tf.square(y)


grow()
shrink()
threads = [threading.Thread(target=worker, args=(fn,)) for fn in (grow, shrink)]
for t in threads:
    t.start()
for t in threads:
    t.join()
