/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Which forward op a gradient's op belongs to, by the names TensorFlow gives the ops of a
 * gradient: under model.fit the gradient's creation stack ends in Keras's own call of
 * tape.gradient, and the user's line that matters is the forward op's. */

#include "config.h"

#include <string.h>

#include "tdbg-root-cause-private.h"
#include "libtdbg-data.h"

/* The scopes a gradient's ops are made under: tf.GradientTape's ("gradient_tape/<forward
 * op>/<op>", Keras's too) and tf.gradients' ("gradients/<forward op>_grad/<op>", TF1's
 * optimizers), at the start of the name or under an outer scope ("training/gradients/…"). */
static const char *const gradient_scopes[] = { "gradient_tape/", "gradients/" };

/* What follows the gradient's scope in @name, or NULL outside a gradient. */
static const char *
after_gradient_scope (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (gradient_scopes); i++)
    for (const char *at = strstr (name, gradient_scopes[i]); at; at = strstr (at + 1, gradient_scopes[i]))
      if (at == name || at[-1] == '/')
        return at + strlen (gradient_scopes[i]);
  return NULL;
}

/* The op named @name in @graph, or the one @name names with tf.gradients' "_grad" taken off. */
static guint32
find_forward (TdbgLogdir *logdir, guint32 graph, const char *name)
{
  guint32 found = tdbg_logdir_find_op (logdir, graph, name);
  g_autofree char *forward = NULL;

  if (found != TDBG_NONE || !g_str_has_suffix (name, "_grad"))
    return found;
  forward = g_strndup (name, strlen (name) - strlen ("_grad"));
  return tdbg_logdir_find_op (logdir, graph, forward);
}

guint32
_tdbg_root_cause_gradient_of (TdbgLogdir *logdir, guint32 op)
{
  const TdbgOp *o = tdbg_logdir_get_op (logdir, op);
  const char *rest = o->op_name ? after_gradient_scope (o->op_name) : NULL;
  g_autofree char *scope = NULL;
  char *slash;

  if (rest == NULL)
    return TDBG_NONE;
  /* The longest scope of what follows that names an op of the graph: the op itself is the
   * last part, never its own forward op. */
  scope = g_strdup (rest);
  while ((slash = strrchr (scope, '/')) != NULL)
    {
      guint32 forward;
      *slash = '\0';
      forward = find_forward (logdir, o->graph, scope);
      if (forward != TDBG_NONE && forward != op)
        return forward;
    }
  return TDBG_NONE;
}
