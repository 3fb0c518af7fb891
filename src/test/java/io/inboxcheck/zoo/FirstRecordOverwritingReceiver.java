package io.inboxcheck.zoo;

import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.DeliveryOutcome.IdentityEffect;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.receiver.ReceiverSetup;

/**
 * Mistake 4: holds a reused id with changed content, but stores the variant over the first record
 * (an upsert keyed by event id).
 */
public final class FirstRecordOverwritingReceiver extends NaiveReceiver {
  public FirstRecordOverwritingReceiver(ReceiverSetup setup) {
    super("first-record-overwriting", setup);
  }

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    DeliveryOutcome reference = super.decide(envelope);
    if (reference.decision().reason() != HeldReason.ID_CONFLICT) {
      return reference;
    }
    return new DeliveryOutcome(
        reference.decision(), IdentityEffect.FIRST_RECORD, reference.cardsAfter());
  }
}
