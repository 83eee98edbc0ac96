# SPDX-License-Identifier: GPL-3.0-or-later
"""Where the answer programs (tf-answers.py, pair-answers.py) put what TensorFlow's reader says:
the file given with -o, else stdout; as sorted, indented JSON, so that two answers compare as text."""
import json
import sys


def write(result, output=None):
    text = json.dumps(result, indent=1, sort_keys=True) + "\n"
    if output:
        with open(output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
