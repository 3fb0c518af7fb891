package io.inboxcheck.zoo;

import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ObjectVersion;
import io.inboxcheck.receiver.ReceiverSetup;

/** Mistake 6: creates a card for an event naming an unknown object instead of holding it. */
public final class CardCreatingReceiver extends NaiveReceiver {
  public CardCreatingReceiver(ReceiverSetup setup) {
    super("card-creating", setup);
  }

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    DeliveryOutcome reference = super.decide(envelope);
    if (reference.decision().reason() != HeldReason.UNKNOWN_OBJECT
        || !(envelope.version() instanceof ObjectVersion.Valid)) {
      return reference;
    }
    return applied(envelope, reference.identityEffect(), eventCard(envelope));
  }
}
