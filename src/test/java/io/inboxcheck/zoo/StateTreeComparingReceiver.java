package io.inboxcheck.zoo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.receiver.ReceiverSetup;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Decides SAME_STATE by comparing the states as Jackson trees parsed from the text as delivered:
 * {@code 12} is an integer node and {@code 12.0} or {@code 1.2e1} a double node, so the same state
 * restated with its numbers spelled otherwise is taken for another state and held as a
 * VERSION_CONFLICT, pausing the card. SPEC section 1 compares numbers by exact value.
 */
public final class StateTreeComparingReceiver extends NaiveReceiver {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Each card's state as it was last written from a delivery's text, with its value. */
  private final Map<String, Written> written = new HashMap<>();

  private record Written(JsonObject value, JsonNode tree) {}

  public StateTreeComparingReceiver(ReceiverSetup setup) {
    super("same-state-by-tree", setup);
  }

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    DeliveryOutcome reference = super.decide(envelope);
    if (reference.decision().kind() != DecisionKind.SAME_STATE) {
      return reference;
    }
    String objectId = envelope.objectId().orElseThrow();
    Card card = state.card(objectId).orElseThrow();
    if (stored(objectId, card).equals(tree(envelope.text()).get(Envelope.STATE))) {
      return reference;
    }
    TreeMap<String, Card> paused = new TreeMap<>();
    paused.put(objectId, card.pause());
    return new DeliveryOutcome(
        Decision.held(HeldReason.VERSION_CONFLICT), reference.identityEffect(), paused);
  }

  @Override
  protected void record(int step, Envelope envelope, DeliveryOutcome outcome) {
    super.record(step, envelope, outcome);
    if (outcome.decision().kind() == DecisionKind.APPLIED) {
      String objectId = envelope.objectId().orElseThrow();
      written.put(
          objectId,
          new Written(envelope.state().orElseThrow(), tree(envelope.text()).get(Envelope.STATE)));
    }
  }

  @Override
  protected ObjectReconciliation reconcileObject(String objectId, AuthoritativeCard authority) {
    written.remove(objectId);
    return super.reconcileObject(objectId, authority);
  }

  /** The card's state as this receiver stored its text: as delivered, else canonical. */
  private JsonNode stored(String objectId, Card card) {
    Written last = written.get(objectId);
    if (last != null && last.value().equals(card.state())) {
      return last.tree();
    }
    return tree(card.state().canonicalText());
  }

  private static JsonNode tree(String text) {
    try {
      return JSON.readTree(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
