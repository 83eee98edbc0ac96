/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The client's parser of a server's answer, without the SSH channel: for the tests and the
 * fuzz target, which give it the bytes a server sent. */

#include "tdbg-ssh-exec.h"

G_BEGIN_DECLS

/* Reads a whole answer of `tfdbg-gtk serve-logdir` (its header line, then the zstd stream)
 * from @stream, as tdbg_ssh_exec_start() and its receiving thread do from the channel. NULL
 * with @error when the header or the listing cannot be used; else the files received, and
 * @files_error says why the others did not arrive (they would be asked for over SFTP). */
TdbgSshPrefetch *tdbg_ssh_prefetch_parse (GInputStream *stream, GError **files_error, GError **error);

G_END_DECLS
