/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What of the timeline pane its tests call directly (through tests/common/gui-util.h). */

#include <glib.h>

G_BEGIN_DECLS

/* What a timeline chip shows of @op_type: a tf.function's name without "__inference_" and
 * its graph's number ("scaled_roots"), an op's type as it is (newly allocated). */
char *tdbg_timeline_chip_text (const char *op_type);

G_END_DECLS
