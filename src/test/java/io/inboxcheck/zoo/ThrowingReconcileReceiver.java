package io.inboxcheck.zoo;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.receiver.ReceiverSetup;

/**
 * Throws during a reconciliation naming a card it never had, as a store does that updates the
 * card's row in place and finds none: the exception, not a decision, is what the harness sees.
 */
public final class ThrowingReconcileReceiver extends NaiveReceiver {
  public ThrowingReconcileReceiver(ReceiverSetup setup) {
    super("throws-during-reconcile", setup);
  }

  @Override
  protected ObjectReconciliation reconcileObject(String objectId, AuthoritativeCard authority) {
    if (state.card(objectId).isEmpty()) {
      throw new IllegalStateException(
          "the reconciliation of " + objectId + " could not be committed: no card row to update");
    }
    return super.reconcileObject(objectId, authority);
  }
}
