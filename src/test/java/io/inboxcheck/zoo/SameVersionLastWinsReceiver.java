package io.inboxcheck.zoo;

import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.receiver.ReceiverSetup;

/**
 * Mistake 8: for the same version with a different state, the last arrival wins instead of holding
 * a version conflict.
 */
public final class SameVersionLastWinsReceiver extends NaiveReceiver {
  public SameVersionLastWinsReceiver(ReceiverSetup setup) {
    super("same-version-last-wins", setup);
  }

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    DeliveryOutcome reference = super.decide(envelope);
    if (reference.decision().reason() != HeldReason.VERSION_CONFLICT) {
      return reference;
    }
    return applied(envelope, reference.identityEffect(), eventCard(envelope));
  }
}
