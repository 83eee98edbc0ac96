/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tdbg-error.h"

G_DEFINE_QUARK (tdbg-error-quark, tdbg_error)
