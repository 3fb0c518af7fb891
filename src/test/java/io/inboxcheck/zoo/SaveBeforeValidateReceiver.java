package io.inboxcheck.zoo;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Mistake 18: saves the snapshot's state before validating its version, so a delivery held for a
 * missing or invalid version still overwrites the card's state.
 */
public final class SaveBeforeValidateReceiver extends NaiveReceiver {
  public SaveBeforeValidateReceiver(ReceiverSetup setup) {
    super("saves-before-validating", setup);
  }

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    DeliveryOutcome reference = super.decide(envelope);
    HeldReason reason = reference.decision().reason();
    if (reason != HeldReason.MISSING_VERSION && reason != HeldReason.INVALID_VERSION) {
      return reference;
    }
    String objectId = envelope.objectId().orElseThrow();
    Optional<Card> current = state.card(objectId);
    if (current.isEmpty() || current.get().paused()) {
      // A paused card is locked before anything is saved; only the version check comes late.
      return reference;
    }
    TreeMap<String, Card> cards = new TreeMap<>(reference.cardsAfter());
    cards.put(objectId, new Card(current.get().version(), envelope.state().orElseThrow(), true));
    return new DeliveryOutcome(reference.decision(), reference.identityEffect(), cards);
  }
}
