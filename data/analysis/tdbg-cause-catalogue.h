/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The cause catalogue: for each family of TensorFlow ops, which non-finite kinds (−∞, +∞, NaN)
 * it makes from finite inputs, on what input condition (zeros, negatives, no elements, values
 * too large, a singular matrix, …) and in which input the condition shows, with the op's
 * documented semantics. Data only: the root cause (tdbg-root-cause.c) reads it. Passing on a
 * non-finite input is every op's, and is the walk's business, not a row's. */

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  TDBG_CAUSE_NONE,               /* nothing went bad, or the mode records no values */
  TDBG_CAUSE_LOG_OF_ZERO,
  TDBG_CAUSE_LOG_OF_NEGATIVE,
  TDBG_CAUSE_SQRT_OF_NEGATIVE,
  TDBG_CAUSE_DIVISION_BY_ZERO,
  TDBG_CAUSE_OVERFLOW,           /* ±∞ from finite values too large for the type; never NaN */
  TDBG_CAUSE_INPUTS_NOT_RECORDED,
  TDBG_CAUSE_NONFINITE_INPUT,
  TDBG_CAUSE_POLE,               /* a finite argument where the function is infinite: lgamma(0) */
  TDBG_CAUSE_OUT_OF_DOMAIN,      /* an argument where the function is not defined: acos(1.5) */
  TDBG_CAUSE_EMPTY_REDUCTION,    /* a mean of no elements: 0/0 */
  TDBG_CAUSE_GRADIENT_AT_ZERO,   /* a derivative that is infinite at zero: sqrt's */
  TDBG_CAUSE_SINGULAR_MATRIX,
  TDBG_CAUSE_ZERO_EPSILON,       /* an optimizer update dividing by sqrt(v) + ε with ε = 0 */
  TDBG_CAUSE_INF_MINUS_INF,      /* NaN from finite inputs: partial sums overflowed both ways */
  TDBG_CAUSE_NOT_IN_CATALOGUE,   /* the catalogue knows no cause: never a guess */
  TDBG_CAUSE_NOT_INSTRUMENTED,   /* a function call whose ops TensorFlow recorded none of */
  TDBG_CAUSE_CONSTANT,           /* a constant of the graph holds them: the program wrote them */
} TdbgCause;

/* What shows the condition in an input's recorded summary. */
typedef enum {
  TDBG_EVIDENCE_NONE,            /* nothing a summary records (a singular matrix, |x| > 1) */
  TDBG_EVIDENCE_ZEROS,
  TDBG_EVIDENCE_NEGATIVES,
  TDBG_EVIDENCE_EMPTY,           /* the input had no elements */
} TdbgEvidenceKind;

/* The non-finite kinds a rule makes. */
typedef enum {
  TDBG_KIND_NEG_INF = 1 << 0,
  TDBG_KIND_POS_INF = 1 << 1,
  TDBG_KIND_NAN = 1 << 2,
  TDBG_KIND_ANY = 7,
} TdbgKinds;

typedef struct {
  TdbgKinds kinds;               /* the kinds of bad value this condition makes */
  TdbgCause cause;
  TdbgEvidenceKind evidence;
  gint8 input;                   /* the input showing it, -1 for none */
  /* The op makes these kinds this way alone (a Log's −∞ is the log of a zero): the cause is
   * told, as inferred, even when no input was recorded. */
  gboolean decisive;
} TdbgCauseRule;

#define TDBG_CAUSE_MAX_RULES 4

typedef struct {
  const char *family;            /* "log", "division", … (JSON, tests) */
  /* Space-separated op types, with a space at each end; "Conv*" matches by prefix. */
  const char *op_types;
  /* The op's documented semantics, as TensorFlow's op reference states them. */
  const char *semantics;
  TdbgCauseRule rules[TDBG_CAUSE_MAX_RULES];  /* unused ones have cause TDBG_CAUSE_NONE */
  /* A composition of unary ops whose list is the node's `op_names` attribute. */
  gboolean composition;
} TdbgCauseRow;

/* The row of @op_type; NULL when the catalogue does not know it. */
const TdbgCauseRow *tdbg_cause_catalogue_lookup (const char *op_type);
guint tdbg_cause_catalogue_n_rows (void);
const TdbgCauseRow *tdbg_cause_catalogue_row (guint index);

G_END_DECLS

G_BEGIN_DECLS

/* What was recorded of one input of the op, before it ran. */
typedef struct {
  gboolean recorded;
  double zeros;                  /* NAN when the mode does not tell */
  double negatives;
  double size;
  gboolean may_hide_nonfinite;   /* not recorded, and neither a constant of the graph nor of a type
                                  * that holds no NaN/∞ (an integer the health modes skip) */
} TdbgInputEvidence;

typedef struct {
  TdbgCause cause;
  const TdbgCauseRule *rule;     /* the rule that decided, or NULL */
  gboolean seen;                 /* the rule's evidence was seen in its input */
  gboolean inferred;             /* told from the op and the kind alone, or by elimination */
  gboolean input_unknown;        /* inferred, and the row makes the cause from more than one input
                                  * (igamma(a, x): a ≤ 0 or x < 0): which one is not told */
} TdbgCauseDecision;

/* The cause of the kinds of bad values an op made (@kinds 0 when the mode only tells "some"),
 * from its row (NULL: not in the catalogue) and what its inputs held. A rule whose evidence
 * is seen wins; then one whose evidence is merely not contradicted, as inferred; with no input
 * recorded, only a decisive rule for a known kind, or an overflow when no input could have held
 * NaN/∞. TDBG_CAUSE_INPUTS_NOT_RECORDED when that
 * leaves nothing, TDBG_CAUSE_NOT_IN_CATALOGUE when no rule fits. */
TdbgCauseDecision tdbg_cause_decide (const TdbgCauseRow *row, TdbgKinds kinds,
                                     const TdbgInputEvidence *inputs, guint n_inputs);

G_END_DECLS
