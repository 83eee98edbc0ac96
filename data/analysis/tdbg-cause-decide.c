/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Reading the cause catalogue: which of an op's rules explains what was recorded. */

#include "config.h"

#include "tdbg-cause-catalogue.h"

#include <math.h>

typedef enum { EVIDENCE_UNKNOWN, EVIDENCE_SEEN, EVIDENCE_CONTRADICTED } EvidenceState;

/* A NaN/∞ passed on from input @rule->input (any input, for -1): contradicted when every input
 * it could have come from was recorded (finite). */
static EvidenceState
passed_on_state (const TdbgCauseRule *rule, const TdbgInputEvidence *inputs, guint n_inputs)
{
  for (guint i = 0; i < n_inputs; i++)
    if ((rule->input < 0 || (guint) rule->input == i) && !inputs[i].recorded)
      return EVIDENCE_UNKNOWN;
  return EVIDENCE_CONTRADICTED;
}

/* Comparisons with NAN (not recorded) are false: unknown. */
static EvidenceState
evidence_state (const TdbgCauseRule *rule, const TdbgInputEvidence *inputs, guint n_inputs)
{
  const TdbgInputEvidence *in;
  double value;

  /* Values passed on: an input recorded finite did not bring them (a bad one was walked past
   * before the catalogue was asked). */
  if (rule->cause == TDBG_CAUSE_NONFINITE_INPUT)
    return passed_on_state (rule, inputs, n_inputs);
  if (rule->evidence == TDBG_EVIDENCE_NONE || rule->input < 0 || (guint) rule->input >= n_inputs)
    return EVIDENCE_UNKNOWN;
  in = &inputs[rule->input];
  if (!in->recorded)
    return EVIDENCE_UNKNOWN;
  value = rule->evidence == TDBG_EVIDENCE_ZEROS ? in->zeros
        : rule->evidence == TDBG_EVIDENCE_NEGATIVES ? in->negatives : in->size;
  if (isnan (value))
    return EVIDENCE_UNKNOWN;
  if (rule->evidence == TDBG_EVIDENCE_EMPTY)
    return value == 0 ? EVIDENCE_SEEN : EVIDENCE_CONTRADICTED;
  return value > 0 ? EVIDENCE_SEEN : EVIDENCE_CONTRADICTED;
}

static gboolean
any_recorded (const TdbgInputEvidence *inputs, guint n_inputs)
{
  for (guint i = 0; i < n_inputs; i++)
    if (inputs[i].recorded)
      return TRUE;
  return FALSE;
}

static gboolean
any_may_hide_nonfinite (const TdbgInputEvidence *inputs, guint n_inputs)
{
  for (guint i = 0; i < n_inputs; i++)
    if (inputs[i].may_hide_nonfinite)
      return TRUE;
  return FALSE;
}

static gboolean
rule_applies (const TdbgCauseRule *rule, TdbgKinds kinds)
{
  return rule->cause != TDBG_CAUSE_NONE && (kinds == 0 || (rule->kinds & kinds) != 0);
}

/* With nothing recorded of the inputs: the one decisive rule for the kinds seen, if it is the
 * only rule that makes them. */
static const TdbgCauseRule *
decisive_rule (const TdbgCauseRow *row, TdbgKinds kinds)
{
  const TdbgCauseRule *found = NULL;

  if (kinds == 0)
    return NULL;
  for (guint i = 0; i < TDBG_CAUSE_MAX_RULES; i++)
    {
      const TdbgCauseRule *r = &row->rules[i];
      if (!rule_applies (r, kinds))
        continue;
      if (!r->decisive || (found && found->cause != r->cause))
        return NULL;
      found = found ? found : r;
    }
  return found;
}

/* Overflow is told by finite inputs and an infinite output: nothing more is to be seen, when
 * every input was recorded (one that was not, but a constant, may have passed on a NaN/∞ born
 * earlier). */
static gboolean
needs_no_evidence (const TdbgCauseRule *rule)
{
  return rule->cause == TDBG_CAUSE_OVERFLOW || rule->cause == TDBG_CAUSE_INF_MINUS_INF;
}

static TdbgCauseDecision
decided (const TdbgCauseRule *rule, gboolean seen, gboolean inferred)
{
  return (TdbgCauseDecision) { rule->cause, rule, seen, inferred };
}

/* With no input recorded, but none that could have held NaN/∞ (integers, which the health
 * modes do not record; constants): the kinds seen (any, under CURT_HEALTH) were made from
 * finite inputs, which tells an overflow when every rule for them needs no evidence and they
 * agree. */
static const TdbgCauseRule *
finite_inputs_rule (const TdbgCauseRow *row, TdbgKinds kinds)
{
  const TdbgCauseRule *found = NULL;

  for (guint i = 0; i < TDBG_CAUSE_MAX_RULES; i++)
    {
      const TdbgCauseRule *r = &row->rules[i];
      if (!rule_applies (r, kinds))
        continue;
      if (!needs_no_evidence (r) || (found && found->cause != r->cause))
        return NULL;
      found = found ? found : r;
    }
  return found;
}

/* Another rule of @row for the same cause as @open, on another input, whose evidence is not
 * known either: the cause is told, not which input brought it. */
static gboolean
other_input_open (const TdbgCauseRow *row, const TdbgCauseRule *open, TdbgKinds kinds,
                  const TdbgInputEvidence *inputs, guint n_inputs)
{
  for (guint i = 0; i < TDBG_CAUSE_MAX_RULES; i++)
    {
      const TdbgCauseRule *r = &row->rules[i];
      if (r != open && rule_applies (r, kinds) && r->cause == open->cause && r->input != open->input &&
          evidence_state (r, inputs, n_inputs) == EVIDENCE_UNKNOWN)
        return TRUE;
    }
  return FALSE;
}

TdbgCauseDecision
tdbg_cause_decide (const TdbgCauseRow *row, TdbgKinds kinds, const TdbgInputEvidence *inputs, guint n_inputs)
{
  TdbgCauseDecision none = { TDBG_CAUSE_NOT_IN_CATALOGUE, NULL, FALSE, FALSE };
  const TdbgCauseRule *open = NULL;

  /* An op the catalogue does not know is said to make NaN/∞ from finite inputs: not when an
   * input not recorded may have brought them. */
  if (row == NULL)
    return any_may_hide_nonfinite (inputs, n_inputs)
             ? (TdbgCauseDecision) { TDBG_CAUSE_INPUTS_NOT_RECORDED, NULL, FALSE, FALSE } : none;
  if (n_inputs > 0 && !any_recorded (inputs, n_inputs))
    {
      const TdbgCauseRule *r = decisive_rule (row, kinds);
      if (r)
        return decided (r, FALSE, TRUE);
      if (!any_may_hide_nonfinite (inputs, n_inputs) && (r = finite_inputs_rule (row, kinds)) != NULL)
        return decided (r, FALSE, kinds == 0);
      return (TdbgCauseDecision) { TDBG_CAUSE_INPUTS_NOT_RECORDED, NULL, FALSE, FALSE };
    }
  for (guint i = 0; i < TDBG_CAUSE_MAX_RULES; i++)
    {
      const TdbgCauseRule *r = &row->rules[i];
      EvidenceState state;
      if (!rule_applies (r, kinds))
        continue;
      state = evidence_state (r, inputs, n_inputs);
      if (state == EVIDENCE_SEEN)
        return decided (r, TRUE, kinds == 0);
      if (state == EVIDENCE_UNKNOWN && open == NULL)
        open = r;
    }
  /* NaN from finite inputs (∞ − ∞ inside the op) is not inferred past an input not recorded that
   * may have held NaN: a NaN in the data fed in is far more common, and explains it as well.
   * (An overflow's ±∞ is: float16 overflows are common, an ∞ in the data is not.) */
  if (open && open->cause == TDBG_CAUSE_INF_MINUS_INF && any_may_hide_nonfinite (inputs, n_inputs))
    return (TdbgCauseDecision) { TDBG_CAUSE_INPUTS_NOT_RECORDED, NULL, FALSE, FALSE };
  if (open == NULL)
    return none;
  {
    TdbgCauseDecision d = decided (open, FALSE, kinds == 0 || !needs_no_evidence (open) ||
                                                any_may_hide_nonfinite (inputs, n_inputs));
    d.input_unknown = d.inferred && other_input_open (row, open, kinds, inputs, n_inputs);
    return d;
  }
}
