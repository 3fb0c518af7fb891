package io.inboxcheck.model;

import java.util.List;

/**
 * What an authoritative snapshot does to one object, as data (SPEC section 4).
 *
 * @param objectId the object the authority listed
 * @param outcome replaced, confirmed or created
 * @param regressed whether the authority's version was lower than the local one
 * @param before the card before the authority, or null when it was unknown
 * @param cardAfter the card after the authority and every re-evaluation
 * @param resolved held conflicts the authority resolved, kept as evidence
 * @param reevaluated held inputs decided again, in arrival order
 * @param stillHeld held inputs of this card left held (unresolved or after a re-pause)
 */
public record ObjectReconciliation(
    String objectId,
    ReconcileOutcome outcome,
    boolean regressed,
    Card before,
    Card cardAfter,
    List<HeldInput> resolved,
    List<Reevaluation> reevaluated,
    List<HeldInput> stillHeld) {

  public ObjectReconciliation {
    resolved = List.copyOf(resolved);
    reevaluated = List.copyOf(reevaluated);
    stillHeld = List.copyOf(stillHeld);
  }

  /** The replacements this object adds: authoritative when it changed, event per APPLIED. */
  public ReplacementCounters replacements() {
    long applied =
        reevaluated.stream().filter(r -> r.decision().kind() == DecisionKind.APPLIED).count();
    long authoritative = outcome == ReconcileOutcome.CONFIRMED ? 0 : 1;
    return new ReplacementCounters(applied, authoritative);
  }

  /** A held input and the decision its re-evaluation recorded. */
  public record Reevaluation(HeldInput input, Decision decision) {}
}
