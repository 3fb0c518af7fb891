package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** The five decisions of SPEC section 3, as they appear in histories. */
@API(status = EXPERIMENTAL)
public enum DecisionKind {
  APPLIED,
  DUPLICATE,
  STALE,
  SAME_STATE,
  HELD
}
