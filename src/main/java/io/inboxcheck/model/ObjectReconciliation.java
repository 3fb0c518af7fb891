package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import io.inboxcheck.model.Effects.CardWrite;
import io.inboxcheck.model.Effects.HeldChange;
import io.inboxcheck.model.Effects.IdentityChange;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

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
@API(status = EXPERIMENTAL)
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

  /**
   * What committing this reconciliation changes, as data: the card with every replacement it
   * counts, the resolutions, re-evaluations and inputs left unresolved, and their audit entries.
   */
  public Effects effects(int step, Instant clock) {
    List<HeldChange> held = new ArrayList<>();
    List<AuditEntry> audit = new ArrayList<>();
    audit.add(
        new AuditEntry.AuthorityApplied(
            step, clock, objectId, outcome, regressed, before, cardAfter));
    for (HeldInput input : resolved) {
      held.add(new HeldChange.ResolvedByAuthority(input));
      audit.add(
          new AuditEntry.ResolvedByAuthority(
              step, clock, input.step(), input.eventId().orElse(null), objectId, input.reason()));
    }
    for (Reevaluation reevaluation : reevaluated) {
      HeldInput input = reevaluation.input();
      held.add(new HeldChange.Reevaluated(input, reevaluation.decision()));
      audit.add(
          new AuditEntry.Reevaluated(
              step,
              clock,
              input.step(),
              input.eventId().orElse(null),
              objectId,
              input.reason(),
              reevaluation.decision()));
    }
    for (HeldInput input : stillHeld) {
      if (input.reason().staysUnresolvedAfterAuthority()) {
        held.add(new HeldChange.LeftUnresolved(input));
      }
    }
    CardWrite card = new CardWrite(objectId, before, cardAfter, replacements());
    return new Effects(IdentityChange.NONE, List.of(card), held, audit);
  }

  /** A held input and the decision its re-evaluation recorded. */
  public record Reevaluation(HeldInput input, Decision decision) {}
}
