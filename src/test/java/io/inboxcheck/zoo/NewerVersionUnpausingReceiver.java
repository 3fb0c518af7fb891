package io.inboxcheck.zoo;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ObjectVersion;
import io.inboxcheck.model.Reducer;
import io.inboxcheck.receiver.ReceiverSetup;

/**
 * Mistake 14: a newer version unpauses a paused card and is applied, without waiting for an
 * authority.
 */
public final class NewerVersionUnpausingReceiver extends NaiveReceiver {
  public NewerVersionUnpausingReceiver(ReceiverSetup setup) {
    super("newer-version-unpauses", setup);
  }

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    DeliveryOutcome reference = super.decide(envelope);
    if (reference.decision().reason() != HeldReason.CARD_PAUSED
        || !(envelope.version() instanceof ObjectVersion.Valid valid)) {
      return reference;
    }
    Card card = state.card(envelope.objectId().orElseThrow()).orElseThrow();
    if (valid.value() <= card.version()) {
      return reference;
    }
    return Reducer.decide(new PauseIgnoringReceiver.PausesIgnored(state), envelope);
  }
}
