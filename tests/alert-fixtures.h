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
/* One FULL_TENSOR op "grow" in graph "__inference_step_7", traced once a step with float32
 * values of largest |x| @magnitudes[i] (one of them negative), @n steps; step @nan_step
 * (0-based, -1 for none) also holds a NaN. */
void alert_fixture_write_growth (const char *dir, const double *magnitudes, guint n, gint nan_step);

G_END_DECLS
