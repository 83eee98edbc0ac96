/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What other folders may use of proto/: the one header they include (the layers test checks it). */

#include "debug_event.pb-c.h"
#include "graph.pb-c.h"
#include "tensor.pb-c.h"
