package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** What an authoritative snapshot did to one card (SPEC section 4). */
@API(status = EXPERIMENTAL)
public enum ReconcileOutcome {
  /** The card existed and its version or state changed. */
  REPLACED,
  /** The card already had exactly the authority's version and state. */
  CONFIRMED,
  /** The card was unknown; the authority gave it an identity. */
  CREATED
}
