/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What other folders may use of data/v1/: the one header they include (the layers test checks it). */

#include "tdbg-v1-dump.h"
#include "tdbg-v1-source.h"
