/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Logdirs for the alert kinds beyond NaN/∞ and for an op's history, written with the fixture
 * writer. */

#include <glib.h>

G_BEGIN_DECLS

/* The Python function "model" (made at model.py line 12) traced into @n_graphs graphs
 * __inference_model_<100 + n> with one op each (model/dense, FULL_TENSOR traces of |x| = 1),
 * and one other function "helper" traced once. */
void alert_fixture_write_retracing (const char *dir, guint n_graphs);
/* Graphs named as TensorFlow 2.21 names them: "normalize" six times (five traces called from
 * train.py line 10, one from line 11; each body op made at line 5, "def" at line 4), "step"
 * three times in train.py and three times in other.py (two functions), Keras's
 * "one_step_on_data" five times, and two control-flow graphs while_body_48 and while_body_52. */
void alert_fixture_write_real_retracing (const char *dir);
/* One FULL_TENSOR op "grow" in graph "__inference_step_7", traced once a step with float32
 * values of largest |x| @magnitudes[i] (one of them negative), @n steps; step @nan_step
 * (0-based, -1 for none) also holds a NaN. */
void alert_fixture_write_growth (const char *dir, const double *magnitudes, guint n, gint nan_step);

G_END_DECLS
