/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Which forward op a gradient's op belongs to: by the names TensorFlow gives the ops of a
 * gradient, or, where they carry none of it, by the forward tensors they read. Under model.fit
 * the gradient's creation stack ends in Keras's own call of tape.gradient, and the user's line
 * that matters is the forward op's. */

#include "config.h"

#include <string.h>

#include "tdbg-root-cause-private.h"
#include "libtdbg-data.h"

/* The scopes a gradient's ops are made under: tf.GradientTape's ("gradient_tape/<forward
 * op>/<op>", Keras's too) and tf.gradients' ("gradients/<forward op>_grad/<op>", TF1's
 * optimizers), at the start of the name or under an outer scope ("training/gradients/…"). */
static const char *const gradient_scopes[] = { "gradient_tape/", "gradients/" };
/* Ops of a gradient looked at, back from the origin, for a forward tensor they read. */
#define MAX_GRADIENT_SEARCH 64

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

/* The op named by the longest scope of what follows the gradient's scope in @op's name: the op
 * itself is the last part, never its own forward op. */
static guint32
forward_by_name (TdbgLogdir *logdir, guint32 op, const char *rest)
{
  g_autofree char *scope = g_strdup (rest);
  char *slash;

  while ((slash = strrchr (scope, '/')) != NULL)
    {
      guint32 forward;
      *slash = '\0';
      forward = find_forward (logdir, tdbg_logdir_get_op (logdir, op)->graph, scope);
      if (forward != TDBG_NONE && forward != op)
        return forward;
    }
  return TDBG_NONE;
}

static gboolean
in_gradient (TdbgLogdir *logdir, guint32 op)
{
  const char *name = tdbg_logdir_get_op (logdir, op)->op_name;
  return name != NULL && after_gradient_scope (name) != NULL;
}

/* The one op outside the gradient reading output @slot of @producer, or TDBG_NONE (none, or
 * several: which of them the gradient is of cannot be told). */
static guint32
only_forward_reader (TdbgLogdir *logdir, guint32 producer, guint slot)
{
  const TdbgOp *p = tdbg_logdir_get_op (logdir, producer);
  guint32 reader = TDBG_NONE;

  for (guint i = 0; p->consumers && i < p->consumers->len; i++)
    {
      const TdbgConsumer *c = &g_array_index (p->consumers, TdbgConsumer, i);
      if (c->output_slot != slot || in_gradient (logdir, c->op) || c->op == reader)
        continue;
      if (reader != TDBG_NONE)
        return TDBG_NONE;
      reader = c->op;
    }
  return reader;
}

/* An op of type XGrad (SqrtGrad, TanhGrad, ReluGrad) is the gradient of the op of type X whose
 * output it reads (SqrtGrad(y, dy)) or that reads the same input (ReluGrad(dy, features)). */
static guint32
forward_of_grad_op (TdbgLogdir *logdir, guint32 op)
{
  const TdbgOp *o = tdbg_logdir_get_op (logdir, op);
  g_autofree char *type = NULL;

  if (o->op_type == NULL || !g_str_has_suffix (o->op_type, "Grad"))
    return TDBG_NONE;
  type = g_strndup (o->op_type, strlen (o->op_type) - strlen ("Grad"));
  for (guint i = 0; o->input_names[i]; i++)
    {
      guint32 producer = o->input_ops[i];
      const TdbgOp *p = producer != TDBG_NONE ? tdbg_logdir_get_op (logdir, producer) : NULL;
      if (p == NULL || in_gradient (logdir, producer))
        continue;
      if (g_strcmp0 (p->op_type, type) == 0)
        return producer;
      for (guint c = 0; p->consumers && c < p->consumers->len; c++)
        {
          guint32 reader = g_array_index (p->consumers, TdbgConsumer, c).op;
          if (!in_gradient (logdir, reader) && g_strcmp0 (tdbg_logdir_get_op (logdir, reader)->op_type, type) == 0)
            return reader;
        }
    }
  return TDBG_NONE;
}

/* Where the gradient's ops open no scope of the forward op (tf.math.acos's, tf.math.atan2's:
 * "gradient_tape/Reciprocal"): the gradient of an op reads the op's inputs, and the gradient
 * flowing into it (dy) comes from the ops after it. Of the forward tensors the gradient's ops
 * read, back from @op, each read by one forward op alone, that op made first (the ops after it
 * were made after it). */
static guint32
forward_by_inputs (TdbgLogdir *logdir, guint32 op)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  g_autoptr(GQueue) queue = g_queue_new ();
  guint32 first = TDBG_NONE;

  g_queue_push_tail (queue, GUINT_TO_POINTER (op));
  g_hash_table_add (seen, GUINT_TO_POINTER (op));
  while (!g_queue_is_empty (queue) && g_hash_table_size (seen) < MAX_GRADIENT_SEARCH)
    {
      const TdbgOp *o = tdbg_logdir_get_op (logdir, GPOINTER_TO_UINT (g_queue_pop_head (queue)));
      for (guint i = 0; o->input_names[i]; i++)
        {
          guint32 producer = o->input_ops[i];
          guint32 reader;
          if (producer == TDBG_NONE || o->input_names[i][0] == '^' || g_hash_table_contains (seen, GUINT_TO_POINTER (producer)))
            continue;
          g_hash_table_add (seen, GUINT_TO_POINTER (producer));
          if (in_gradient (logdir, producer))
            g_queue_push_tail (queue, GUINT_TO_POINTER (producer));
          else if ((reader = only_forward_reader (logdir, producer, tdbg_input_name_slot (o->input_names[i]))) != TDBG_NONE)
            first = MIN (first, reader);
        }
    }
  return first;
}

guint32
_tdbg_root_cause_gradient_of (TdbgLogdir *logdir, guint32 op)
{
  const TdbgOp *o = tdbg_logdir_get_op (logdir, op);
  const char *rest = o->op_name ? after_gradient_scope (o->op_name) : NULL;
  guint32 forward;

  if (rest == NULL)
    return TDBG_NONE;
  if ((forward = forward_by_name (logdir, op, rest)) != TDBG_NONE ||
      (forward = forward_of_grad_op (logdir, op)) != TDBG_NONE)
    return forward;
  return forward_by_inputs (logdir, op);
}

gboolean
_tdbg_root_cause_logdir_trains (TdbgLogdir *logdir)
{
  for (guint i = 0; i < tdbg_logdir_get_n_ops (logdir); i++)
    if (after_gradient_scope (tdbg_logdir_get_op (logdir, i)->op_name) != NULL)
      return TRUE;
  return FALSE;
}

guint8 *
_tdbg_root_cause_training_graphs (TdbgLogdir *logdir)
{
  guint8 *trains = g_new0 (guint8, tdbg_logdir_get_n_graphs (logdir) + 1);

  for (guint i = 0; i < tdbg_logdir_get_n_ops (logdir); i++)
    {
      const TdbgOp *op = tdbg_logdir_get_op (logdir, i);
      guint32 outer = op->graph != TDBG_NONE ? _tdbg_cause_outermost_graph (logdir, op->graph) : TDBG_NONE;
      if (outer != TDBG_NONE && !trains[outer] && after_gradient_scope (op->op_name) != NULL)
        trains[outer] = 1;
    }
  return trains;
}
