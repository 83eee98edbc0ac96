/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What other folders may use of data/: the one header they include (the layers test checks it). */

#include "tdbg-alert-kind.h"
#include "tdbg-crc32c.h"
#include "tdbg-device-name.h"
#include "tdbg-error.h"
#include "tdbg-file-kind.h"
#include "tdbg-graph-def.h"
#include "tdbg-json.h"
#include "tdbg-local-source.h"
#include "tdbg-location.h"
#include "tdbg-logdir.h"
#include "tdbg-memory-source.h"
#include "tdbg-npy.h"
#include "tdbg-prompt.h"
#include "tdbg-records.h"
#include "tdbg-source.h"
#include "tdbg-tensor.h"
#include "tdbg-value.h"
#include "tdbg-wire.h"
#include "tdbg-write-file.h"
