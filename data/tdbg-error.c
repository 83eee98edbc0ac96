#include "tdbg-error.h"

G_DEFINE_QUARK (tdbg-error-quark, tdbg_error)
