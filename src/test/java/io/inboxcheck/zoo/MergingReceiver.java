package io.inboxcheck.zoo;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.TreeMap;

/**
 * Mistake 12: merges the event's state fields into the card like a patch instead of replacing the
 * whole snapshot, so fields the event no longer has survive.
 */
public final class MergingReceiver extends NaiveReceiver {
  public MergingReceiver(ReceiverSetup setup) {
    super("merging-patches", setup);
  }

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    DeliveryOutcome reference = super.decide(envelope);
    if (reference.decision().kind() != DecisionKind.APPLIED) {
      return reference;
    }
    String objectId = envelope.objectId().orElseThrow();
    Card current = state.card(objectId).orElseThrow();
    Card replacement = reference.cardsAfter().get(objectId);
    TreeMap<String, JsonValue> merged = new TreeMap<>(current.state().members());
    merged.putAll(replacement.state().members());
    return applied(
        envelope,
        reference.identityEffect(),
        new Card(replacement.version(), new JsonObject(merged), false));
  }
}
