package io.inboxcheck.zoo;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.DeliveryOutcome.IdentityEffect;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ObjectVersion;
import io.inboxcheck.receiver.ReceiverSetup;

/**
 * Mistake 17: a reused id whose changed content carries a higher version is applied as an update
 * instead of held as an ID_CONFLICT.
 */
public final class NewerVariantApplyingReceiver extends NaiveReceiver {
  public NewerVariantApplyingReceiver(ReceiverSetup setup) {
    super("applies-newer-variant", setup);
  }

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    DeliveryOutcome reference = super.decide(envelope);
    if (reference.decision().reason() != HeldReason.ID_CONFLICT
        || envelope.state().isEmpty()
        || !(envelope.version() instanceof ObjectVersion.Valid valid)) {
      return reference;
    }
    Card card = envelope.objectId().flatMap(state::card).orElse(null);
    if (card == null || card.paused() || valid.value() <= card.version()) {
      return reference;
    }
    return applied(envelope, IdentityEffect.VARIANT, eventCard(envelope));
  }
}
