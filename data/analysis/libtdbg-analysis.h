/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What other folders may use of data/analysis/: the one header they include (the layers test checks it). */

#include "tdbg-calls.h"
#include "tdbg-diagnosis.h"
#include "tdbg-graph-dot.h"
#include "tdbg-more-alerts.h"
#include "tdbg-neighbourhood.h"
#include "tdbg-op-history.h"
#include "tdbg-root-cause.h"
#include "tdbg-sentences.h"
#include "tdbg-source-ops.h"
#include "tdbg-trace-filter.h"
#include "tdbg-trace-sort.h"
