package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/** Reconciliation of one object with an authoritative snapshot (SPEC section 4); pure. */
@API(status = INTERNAL)
public final class Reconciler {
  private Reconciler() {}

  /**
   * Replaces the card with the authority's, unpauses it, resolves its held conflicts and
   * re-evaluates its other held inputs in arrival order with rules 2-4.
   */
  public static ObjectReconciliation reconcile(
      ReceiverView state, String objectId, AuthoritativeCard authority) {
    Card before = state.card(objectId).orElse(null);
    Card card = authority.asCard();
    ReconcileOutcome outcome = outcomeOf(before, card);
    boolean regressed = before != null && authority.version() < before.version();

    List<HeldInput> resolved = new ArrayList<>();
    List<HeldInput> toReevaluate = new ArrayList<>();
    List<HeldInput> stillHeld = new ArrayList<>();
    for (HeldInput input : state.held()) {
      if (!input.objectId().filter(objectId::equals).isPresent()) {
        continue;
      }
      if (input.reason().resolvedByAuthority()) {
        resolved.add(input);
      } else if (input.reason().staysUnresolvedAfterAuthority()) {
        stillHeld.add(input);
      } else {
        toReevaluate.add(input);
      }
    }

    List<ObjectReconciliation.Reevaluation> reevaluated = new ArrayList<>();
    for (HeldInput input : toReevaluate) {
      if (card.paused()) {
        // A re-evaluation paused the card again: the rest wait for the next authority.
        stillHeld.add(input);
        continue;
      }
      Judgement judgement =
          Reducer.judge(input.envelope(), Optional.of(card), state.supportedTypes());
      reevaluated.add(new ObjectReconciliation.Reevaluation(input, judgement.decision()));
      if (judgement.cardAfter() != null) {
        card = judgement.cardAfter();
      }
      if (judgement.decision() instanceof Decision.Held held) {
        stillHeld.add(input.withReason(held.reason()));
      }
    }
    stillHeld.sort((left, right) -> Integer.compare(left.step(), right.step()));
    return new ObjectReconciliation(
        objectId, outcome, regressed, before, card, resolved, reevaluated, stillHeld);
  }

  private static ReconcileOutcome outcomeOf(Card before, Card authority) {
    if (before == null) {
      return ReconcileOutcome.CREATED;
    }
    return before.sameContentAs(authority) ? ReconcileOutcome.CONFIRMED : ReconcileOutcome.REPLACED;
  }
}
