/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What other folders may use of ui/: the one header they include (the layers test checks it). */

#include "tdbg-alerts-pane.h"
#include "tdbg-cause-finder.h"
#include "tdbg-graph-pane.h"
#include "tdbg-history.h"
#include "tdbg-layout-worker.h"
#include "tdbg-selection.h"
#include "tdbg-source-pane.h"
#include "tdbg-stack-pane.h"
#include "tdbg-template.h"
#include "tdbg-timeline-pane.h"
#include "tdbg-trace-pane.h"
#include "tdbg-ui.h"
