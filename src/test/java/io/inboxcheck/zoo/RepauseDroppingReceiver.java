package io.inboxcheck.zoo;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.Reconciler;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.HashSet;
import java.util.Set;

/**
 * Mistake 27: when a re-evaluation after an authority pauses the card again, the card's held inputs
 * not yet re-evaluated are dropped instead of left held for the next authority.
 */
public final class RepauseDroppingReceiver extends HeldHidingReceiver {

  public RepauseDroppingReceiver(ReceiverSetup setup) {
    super("repause-drops-held", setup);
  }

  @Override
  protected ObjectReconciliation reconcileObject(String objectId, AuthoritativeCard authority) {
    ObjectReconciliation reference = Reconciler.reconcile(view(), objectId, authority);
    if (!reference.cardAfter().paused() || reference.reevaluated().isEmpty()) {
      return reference;
    }
    Set<Integer> decided = new HashSet<>();
    reference.reevaluated().forEach(reevaluation -> decided.add(reevaluation.input().step()));
    for (HeldInput input : reference.stillHeld()) {
      if (!decided.contains(input.step()) && !input.reason().staysUnresolvedAfterAuthority()) {
        dropped.add(input.step());
      }
    }
    return reference;
  }
}
