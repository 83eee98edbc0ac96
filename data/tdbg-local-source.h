/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tdbg-source.h"

G_BEGIN_DECLS

#define TDBG_TYPE_LOCAL_SOURCE (tdbg_local_source_get_type ())
G_DECLARE_FINAL_TYPE (TdbgLocalSource, tdbg_local_source, TDBG, LOCAL_SOURCE, GObject)

/* A logdir on a local file system; files are memory-mapped, so reads cost no copy. */
TdbgSource *tdbg_local_source_new (const char *path);

G_END_DECLS
