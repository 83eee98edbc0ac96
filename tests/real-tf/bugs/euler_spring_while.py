# SPDX-License-Identifier: GPL-3.0-or-later
"""A mass-spring system integrated with explicit Euler in a tf.while_loop, omega * dt = 5: each
step multiplies the state by about 5.1 and it overflows float32 in the loop body's 51st run. The
advice names an unstable integrator's smaller or implicit step beside a recursion's rescaling.
tf.function, CONCISE_HEALTH."""
import numpy as np
from bug import setup, finish

tf = setup("CONCISE_HEALTH")
K_OVER_M, DT, STEPS = 1.0e4, 0.05, 80

@tf.function
def simulate(x0, v0):
    def body(t, x, v, xs):
        a = -K_OVER_M * x  # planted: forward Euler blows up (x5.1 per step here)
        x_new = x + DT * v
        v_new = v + DT * a
        return t + 1, x_new, v_new, xs.write(t, x_new)
    xs = tf.TensorArray(tf.float32, size=STEPS)
    _, x, v, xs = tf.while_loop(lambda t, *_: t < STEPS, body, (0, x0, v0, xs))
    return xs.stack()

traj = simulate(tf.constant([1.0, 0.5]), tf.constant([0.0, 0.0])).numpy()
print("first non-finite step:", int(np.argmax(~np.isfinite(traj).all(axis=1))))
x, v = np.float32([1.0, 0.5]), np.float32([0.0, 0.0])      # NumPy replay, float32
for t in range(STEPS):
    a = np.float32(-K_OVER_M) * x; xn = x + np.float32(DT) * v; v = v + np.float32(DT) * a; x = xn
    bad = [n for n, arr in (("a", a), ("x", x), ("v", v)) if not np.isfinite(arr).all()]
    if bad: print("replay: iteration t =", t, "first non-finite:", bad, "a", a, "x", x, "v", v); break
finish(tf)
