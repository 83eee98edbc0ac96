/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What other folders may use of cli/: the one header they include (the layers test checks it). */

#include "tdbg-cli.h"
