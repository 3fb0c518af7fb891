package io.inboxcheck.model;

/** The five decisions of SPEC section 3, as they appear in histories. */
public enum DecisionKind {
  APPLIED,
  DUPLICATE,
  STALE,
  SAME_STATE,
  HELD
}
