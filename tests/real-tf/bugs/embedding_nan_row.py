# SPDX-License-Identifier: GPL-3.0-or-later
"""Pretrained word vectors loaded into an embedding table, one of whose rows was read as NaN
from the vectors file: the assignment from a NumPy array writes the NaN into the variable
without any op TensorFlow records making it, and the lookup in a tf.function (ResourceGather,
whose only value is the variable it reads) is the first op to show it. FULL_HEALTH."""
import numpy as np

from bug import setup, finish

tf = setup("FULL_HEALTH")
vectors = np.array([[0.1, 0.2], [0.3, 0.4], [np.nan, np.nan], [0.5, 0.6]], np.float32)
embeddings = tf.Variable(tf.zeros([4, 2]))
embeddings.assign(vectors)  # planted


@tf.function
def sentence_vector(word_ids):
    return tf.reduce_mean(tf.nn.embedding_lookup(embeddings, word_ids), axis=0)


sentence_vector(tf.constant([0, 2, 3]))
finish(tf)
