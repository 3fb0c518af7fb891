package io.inboxcheck.zoo;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.DeliveryOutcome.IdentityEffect;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Mistake 11: compares redeliveries by their raw JSON text, so another key order, other whitespace
 * or {@code 12.0} for {@code 12} makes a false ID_CONFLICT.
 */
public final class RawTextComparingReceiver extends NaiveReceiver {
  private final Map<String, Set<String>> recordedTexts = new HashMap<>();

  public RawTextComparingReceiver(ReceiverSetup setup) {
    super("raw-text-comparing", setup);
  }

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    DeliveryOutcome reference = super.decide(envelope);
    if (reference.decision().kind() != DecisionKind.DUPLICATE
        || recordedTexts
            .getOrDefault(envelope.eventId().orElseThrow(), Set.of())
            .contains(envelope.text())) {
      return reference;
    }
    // Same meaning, other bytes: read as a changed content, so every card either names waits.
    TreeMap<String, Card> paused = new TreeMap<>();
    envelope
        .objectId()
        .ifPresent(id -> state.card(id).ifPresent(card -> paused.put(id, card.pause())));
    return new DeliveryOutcome(
        Decision.held(HeldReason.ID_CONFLICT), IdentityEffect.VARIANT, paused);
  }

  @Override
  protected void record(int step, Envelope envelope, DeliveryOutcome outcome) {
    super.record(step, envelope, outcome);
    if (outcome.identityEffect() != IdentityEffect.NONE) {
      recordedTexts
          .computeIfAbsent(envelope.eventId().orElseThrow(), id -> new HashSet<>())
          .add(envelope.text());
    }
  }
}
