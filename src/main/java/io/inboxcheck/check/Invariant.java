package io.inboxcheck.check;

import java.util.EnumSet;
import java.util.Set;

/**
 * The invariants of SPEC section 7, two the harness adds (CLOCK_CHANGES_NO_CARD, RECEIVER_ANSWERS),
 * plus conformance to the reference model. Each is a named check used by the property engine, the
 * explorer and scenario replay alike.
 */
public enum Invariant {
  FIRST_RECORD_KEPT("a retained identity's first record never changes"),
  PAUSED_FROZEN("a paused card's version and state change only by reconciliation"),
  /**
   * Not in SPEC section 7's table but implied by sections 3-5: only deliveries and reconciliations
   * change cards, so a clock advance (which may prune identities) changes none.
   */
  CLOCK_CHANGES_NO_CARD("a clock advance changes no card's version or state"),
  HELD_NO_EFFECT("a HELD decision changes no card"),
  NO_INVENTED_CARDS("cards are only the initial ones plus those an authority listed"),
  VERSION_MONOTONIC("deliveries never lower a card's version"),
  FULL_REPLACEMENT("after APPLIED the card's state equals the event's state exactly (no merge)"),
  IDEMPOTENT_REDELIVERY(
      "an identical redelivery within retention changes nothing and restates the recorded decision"),
  NO_VARIANT_APPLIED("within retention, a variant of a retained id never changes any card"),
  COUNTS_HONEST(
      "counters equal APPLIED decisions (re-evaluations included) plus changing authoritative"
          + " replacements"),
  ACK_MEANS_DURABLE(
      "ACK only with a durable decision; a storage fault gives NO_ACK and no change at all"),
  AUDIT_APPEND_ONLY("audit entries are never changed or removed; every delivery appears in it"),
  NOTHING_LOST(
      "every delivery ends in exactly one decision; every HELD one stays listed until resolved"),
  /**
   * Not in SPEC section 7: the harness's own. A receiver that throws instead of answering a
   * delivery, a reconciliation, a clock move or a request for its view has failed that step, so the
   * exception is a finding like any broken invariant, with a counterexample file.
   */
  RECEIVER_ANSWERS(
      "every delivery, reconciliation, clock move and view answers without an exception"),
  ORDER_INDEPENDENT(
      "for valid, conflict-free deliveries the final cards are the same in every arrival order;"
          + " after a covering authority they are the authority's"),
  CONFORMANCE("decision, ack, cards, held inputs and counters equal the reference model's");

  private final String statement;

  Invariant(String statement) {
    this.statement = statement;
  }

  public String statement() {
    return statement;
  }

  /** Whether the invariant holds for any receiver, whatever its policy details. */
  public boolean modelFree() {
    return this != CONFORMANCE;
  }

  /**
   * Whether the invariant checker judges it from what one step changed: every model-free invariant
   * but the whole-run ORDER_INDEPENDENT and RECEIVER_ANSWERS, which the run itself sees. These are
   * what the explorer checks on every transition.
   */
  public boolean judgedPerStep() {
    return modelFree() && this != ORDER_INDEPENDENT && this != RECEIVER_ANSWERS;
  }

  /** Every model-free invariant: what a checked run enables unless told otherwise. */
  public static Set<Invariant> allModelFree() {
    EnumSet<Invariant> all = EnumSet.allOf(Invariant.class);
    all.remove(CONFORMANCE);
    return all;
  }
}
