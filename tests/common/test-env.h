/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What the test programs read of the environment tests/meson.build gives them. */

#include <glib.h>

G_BEGIN_DECLS

/* $TDBG_SHARED_LOGDIRS, the reference logdirs: when it is not a folder the program fails
 * (a missing corpus fails, never skips). */
const char *test_env_shared_logdirs (void);
/* The path of @first_element (and the ones after it, up to NULL) under the reference logdirs. */
char *test_env_shared_path (const char *first_element, ...) G_GNUC_NULL_TERMINATED;
/* The folder @name under $G_TEST_BUILDDIR (the current folder without it), made if missing. */
char *test_env_build_dir (const char *name);

/* Makes the locale @name ("ja_JP.UTF-8") usable by this process and its children whether or
 * not the machine has it: compiled with localedef into the build folder once, found there
 * through $LOCPATH. The program fails when it cannot be made (the locales package gives
 * localedef its sources). */
void test_env_compile_locale (const char *name);

G_END_DECLS
