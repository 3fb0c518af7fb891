package io.inboxcheck.zoo;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.Map;
import java.util.TreeMap;

/**
 * Mistake 21: saves an applied event's version in a 32-bit int column, so a version past 2^31-1
 * wraps (2^31 is stored as -2^31, 2^32 + 5 as 5) and later deliveries are compared with the wrapped
 * value.
 */
public final class ThirtyTwoBitVersionReceiver extends NaiveReceiver {
  public ThirtyTwoBitVersionReceiver(ReceiverSetup setup) {
    super("32-bit-versions", setup);
  }

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    DeliveryOutcome reference = super.decide(envelope);
    if (reference.decision().kind() != DecisionKind.APPLIED) {
      return reference;
    }
    TreeMap<String, Card> stored = new TreeMap<>();
    for (Map.Entry<String, Card> entry : reference.cardsAfter().entrySet()) {
      Card card = entry.getValue();
      stored.put(entry.getKey(), new Card((int) card.version(), card.state(), card.paused()));
    }
    return new DeliveryOutcome(reference.decision(), reference.identityEffect(), stored);
  }
}
