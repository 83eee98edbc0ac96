# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by the tests: a logdir real TensorFlow wrote (tests/data/real-tf) in $logdir, with the
# facts TensorFlow's own reader gave for it ($run_id, $num_alerts).
tmp=${AUTOPKGTEST_TMP:-$(mktemp -d)}
tar -C "$tmp" -xJf tests/data/real-tf/real-tf.tar.xz custom_loop custom_loop.answers.json
logdir=$tmp/custom_loop
run_id=$(grep -o '"tfdbg_run_id": *"[^"]*"' "$tmp/custom_loop.answers.json" | head -n 1 | sed 's/.*"\([^"]*\)"$/\1/')
num_alerts=$(grep -o '"num_alerts": *[0-9]*' "$tmp/custom_loop.answers.json" | head -n 1 | grep -o '[0-9]*$')
fail() { echo "FAIL: $*" >&2; exit 1; }
