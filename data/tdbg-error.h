/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TDBG_ERROR (tdbg_error_quark ())

typedef enum {
  TDBG_ERROR_NOT_FOUND,      /* a file, logdir or index that does not exist */
  TDBG_ERROR_NOT_A_LOGDIR,   /* no tfdbg2 file set in the directory */
  TDBG_ERROR_CORRUPT,        /* damaged record or message */
  TDBG_ERROR_IO,             /* reading failed */
  TDBG_ERROR_INVALID,        /* bad argument (index out of range, bad URI, ...) */
  TDBG_ERROR_HOST_KEY,       /* SSH host key unknown or changed */
  TDBG_ERROR_AUTH,           /* SSH authentication failed */
  TDBG_ERROR_TOO_LARGE,      /* more than the index can hold */
} TdbgErrorCode;

GQuark tdbg_error_quark (void);

G_END_DECLS
