package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** Why a delivery was held instead of decided (SPEC section 3). */
@API(status = EXPERIMENTAL)
public enum HeldReason {
  ID_CONFLICT,
  VERSION_CONFLICT,
  CARD_PAUSED,
  UNKNOWN_OBJECT,
  MISSING_VERSION,
  INVALID_VERSION,
  UNSUPPORTED_TYPE,
  MALFORMED;

  /** Whether an authoritative snapshot resolves this input without re-evaluating it (SPEC 4.2). */
  public boolean resolvedByAuthority() {
    return this == ID_CONFLICT || this == VERSION_CONFLICT;
  }

  /**
   * Whether reconciliation leaves this input unresolved: the authority makes it unnecessary but
   * gives it no version or shape (SPEC 4.3).
   */
  public boolean staysUnresolvedAfterAuthority() {
    return this == MISSING_VERSION
        || this == INVALID_VERSION
        || this == UNSUPPORTED_TYPE
        || this == MALFORMED;
  }
}
