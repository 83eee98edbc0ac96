/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Runs of one small program written twice, for comparing: run B differs from run A in
 * everything a second process changes (host, run id, graph ids, tensor and device ids, the
 * numeric suffixes of graph and function names) and, where asked, in one value. */

#include <glib.h>
#include "debug_event.pb-c.h"

G_BEGIN_DECLS

/* Each step: traces x:0, MatMul:0 (graph outer_N), add:0 (nested graph cond_true_M) and
 * Relu:0 (outer_N), each of 4 float32 values, then an eager AddV2 and the call of the
 * function __inference_outer_K. Trace index of op j (0..3) in step s: 4·s + j (before the
 * extra op, which follows Relu). */
typedef struct {
  gboolean run_b;                 /* ids, host, suffixes of the second process */
  Tensorflow__TensorDebugMode mode;
  guint n_steps;
  /* The change, at Relu:0 of step change_step: */
  guint change_step;
  double scale;                   /* values multiplied (1: none) */
  gboolean as_double;             /* written as float64 */
  gboolean reshape;               /* shape [2, 2] instead of [4] */
  gboolean use_set0;
  double set0;                    /* with use_set0: element 0 set to it */
  gboolean drop_last_relu;        /* the last step's Relu:0 is not traced */
  const char *extra_op;           /* an op of graph outer traced after Relu each step, or NULL */
  gboolean extra_in_cond;         /* the extra op is in cond_true instead */
  double exec_scale;              /* AddV2's eager output multiplied, in step change_step */
} CompareRun;

void compare_run_init (CompareRun *run, gboolean run_b, Tensorflow__TensorDebugMode mode, guint n_steps);
/* The float32 values of trace op @j of step @s before any change. */
void compare_run_values (guint s, guint j, float values[4]);
/* Writes the run in @dir (a file set of its own). */
gboolean compare_run_write (const CompareRun *run, const char *dir, GError **error);

G_END_DECLS
