/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Helpers shared by the unit tests: scratch folders and loading a logdir that must load. */

#include "tdbg-logdir.h"

G_BEGIN_DECLS

/* A new empty folder under the temporary folder. */
char *test_make_temp_dir (void);
/* Removes @path and, for a folder, everything in it. */
void test_remove_tree (const char *path);
/* Loads @path, failing the test when it cannot be read. */
TdbgLogdir *test_load_logdir (const char *path);

G_END_DECLS
