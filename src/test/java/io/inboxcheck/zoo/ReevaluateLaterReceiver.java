package io.inboxcheck.zoo;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Effects;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.Reconciler;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Takes requests at once, each under one lock, but re-evaluates a reconciled card's held inputs
 * later: it commits the authority's card, the resolutions and the authority's audit entry (with the
 * card its plan ends at), releases the lock while a rules service loads, and then replays the held
 * inputs against the card as it then stands. A delivery for the card that commits in between is
 * judged against the bare authority card, ahead of the inputs held before it, and they are judged
 * after it: no serial order gives that. Only {@code check --concurrency} sees it.
 */
public final class ReevaluateLaterReceiver extends LockedModelReceiver {
  public ReevaluateLaterReceiver(ReceiverSetup setup) {
    super("reevaluate-later", setup);
  }

  @Override
  public List<ObjectReconciliation> reconcile(
      int step, SortedMap<String, AuthoritativeCard> authority) {
    List<ObjectReconciliation> results = new ArrayList<>();
    for (var entry : new TreeMap<>(authority).entrySet()) {
      ObjectReconciliation planned;
      synchronized (this) {
        planned = Reconciler.reconcile(state, entry.getKey(), entry.getValue());
        state.apply(authorityPart(planned, entry.getValue().asCard(), step));
      }
      // The mistake: the lock is released before the held inputs are replayed, while the rules
      // load.
      lockReleased();
      synchronized (this) {
        results.add(replayHeld(planned, step));
      }
    }
    return results;
  }

  /** The authority's card, resolutions and audit entries; the re-evaluations wait. */
  private Effects authorityPart(ObjectReconciliation planned, Card authorityCard, int step) {
    Effects all = planned.effects(step, state.clock());
    Effects.CardWrite write =
        new Effects.CardWrite(
            planned.objectId(),
            planned.before(),
            authorityCard,
            new ReplacementCounters(0, planned.replacements().authoritative()));
    return new Effects(
        all.identity(),
        List.of(write),
        all.held().stream()
            .filter(change -> !(change instanceof Effects.HeldChange.Reevaluated))
            .toList(),
        all.audit().stream().filter(entry -> !(entry instanceof AuditEntry.Reevaluated)).toList());
  }

  /**
   * The card's held inputs replayed against the card as it stands now: a reconciliation with the
   * card itself as the authority, whose own audit entry is left out.
   */
  private ObjectReconciliation replayHeld(ObjectReconciliation planned, int step) {
    Card now = state.card(planned.objectId()).orElseThrow();
    ObjectReconciliation replay =
        Reconciler.reconcile(
            state, planned.objectId(), new AuthoritativeCard(now.version(), now.state()));
    Effects all = replay.effects(step, state.clock());
    state.apply(
        new Effects(
            all.identity(),
            all.cards(),
            all.held(),
            all.audit().stream()
                .filter(entry -> !(entry instanceof AuditEntry.AuthorityApplied))
                .toList()));
    return new ObjectReconciliation(
        planned.objectId(),
        planned.outcome(),
        planned.regressed(),
        planned.before(),
        replay.cardAfter(),
        planned.resolved(),
        replay.reevaluated(),
        replay.stillHeld());
  }
}
