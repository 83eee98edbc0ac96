/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "tdbg-source.h"

G_BEGIN_DECLS

#define TDBG_TYPE_MEMORY_SOURCE (tdbg_memory_source_get_type ())
G_DECLARE_FINAL_TYPE (TdbgMemorySource, tdbg_memory_source, TDBG, MEMORY_SOURCE, GObject)

/* A logdir held in memory (for fuzzing and tests): file name -> contents. */
TdbgSource *tdbg_memory_source_new (void);
void tdbg_memory_source_set_file (TdbgMemorySource *self, const char *name, GBytes *contents);

G_END_DECLS
