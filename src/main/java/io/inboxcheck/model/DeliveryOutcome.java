package io.inboxcheck.model;

import io.inboxcheck.json.SortedStringMap;
import io.inboxcheck.model.Effects.CardWrite;
import io.inboxcheck.model.Effects.HeldChange;
import io.inboxcheck.model.Effects.IdentityChange;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * What one delivery's decision does, as data: the store persists exactly this, in one unit, or
 * nothing at all (SPEC section 3, last paragraph).
 *
 * @param decision the recorded decision
 * @param identityEffect whether the content becomes a first record, a variant, or neither
 * @param cardsAfter cards whose version, state or pause changes, with their new value
 */
public record DeliveryOutcome(
    Decision decision, IdentityEffect identityEffect, SortedMap<String, Card> cardsAfter) {

  private static final ReplacementCounters ONE_EVENT_REPLACEMENT = new ReplacementCounters(1, 0);

  private static final SortedMap<String, Card> NO_CARDS = SortedStringMap.of();

  public DeliveryOutcome {
    // Immutable and compact; an outcome built by this class is kept as it is, without a copy.
    cardsAfter = SortedStringMap.copyOf(cardsAfter);
  }

  static DeliveryOutcome of(
      Decision decision, IdentityEffect identityEffect, Map<String, Card> cards) {
    return new DeliveryOutcome(decision, identityEffect, SortedStringMap.copyOf(cards));
  }

  /** An outcome writing one card, or none when {@code cardAfter} is null. */
  static DeliveryOutcome of(
      Decision decision, IdentityEffect identityEffect, String objectId, Card cardAfter) {
    if (cardAfter == null) {
      return new DeliveryOutcome(decision, identityEffect, NO_CARDS);
    }
    return new DeliveryOutcome(decision, identityEffect, SortedStringMap.of(objectId, cardAfter));
  }

  /**
   * What committing this outcome changes, as data: the one description of a delivery's effects that
   * memory and the store both apply.
   *
   * @param before the state the decision was made from; its clock is the time of the delivery
   * @param step the step that delivered {@code envelope}
   */
  public Effects effects(ReceiverView before, int step, Envelope envelope) {
    Instant clock = before.clock();
    String objectId = envelope.objectIdOrNull();
    boolean applied = decision.kind() == DecisionKind.APPLIED;
    // The writes go into an array wrapped once, which the effects keep without a copy; most
    // outcomes
    // pause no card and share the empty list.
    CardWrite[] cards = new CardWrite[cardsAfter.size()];
    int written = 0;
    List<String> paused = List.of();
    int replacedCards = 0;
    for (Map.Entry<String, Card> write : cardsAfter.entrySet()) {
      String cardId = write.getKey();
      // APPLIED replaces the card its envelope names, and only that one counts (SPEC 3.4).
      boolean replaced = applied && cardId.equals(objectId);
      if (replaced) {
        replacedCards++;
      }
      cards[written++] =
          new CardWrite(
              cardId,
              before.cardOrNull(cardId),
              write.getValue(),
              replaced ? ONE_EVENT_REPLACEMENT : ReplacementCounters.ZERO);
      if (write.getValue().paused()) {
        if (paused.isEmpty()) {
          paused = new ArrayList<>(cardsAfter.size());
        }
        paused.add(cardId);
      }
    }
    if (applied && replacedCards != 1) {
      throw new IllegalStateException("an APPLIED outcome writes the card its envelope names");
    }
    List<HeldChange> held =
        decision instanceof Decision.Held heldDecision
            ? List.of(new HeldChange.Added(new HeldInput(step, envelope, heldDecision.reason())))
            : List.of();
    AuditEntry recorded =
        new AuditEntry.DeliveryRecorded(
            step, clock, envelope, decision, identityEffect == IdentityEffect.VARIANT, paused);
    return new Effects(
        identityChange(before, step, envelope, objectId), List.of(cards), held, List.of(recorded));
  }

  private IdentityChange identityChange(
      ReceiverView before, int step, Envelope envelope, String objectId) {
    if (identityEffect == IdentityEffect.NONE) {
      return IdentityChange.NONE;
    }
    String eventId = envelope.eventIdOrNull();
    RecordedContent content =
        new RecordedContent(envelope.content(), step, before.clock(), List.of(decision));
    if (identityEffect == IdentityEffect.FIRST_RECORD) {
      return new IdentityChange.FirstRecord(eventId, objectId, content);
    }
    IdentityRecord record =
        before
            .identity(eventId)
            .orElseThrow(() -> new IllegalStateException("a variant needs its id's first record"));
    return new IdentityChange.Variant(eventId, objectId, record.variants().size() + 1, content);
  }

  /** How a delivery touches the identity records. */
  public enum IdentityEffect {
    /** No identity record is written: no usable id, or an identical redelivery. */
    NONE,
    /** The content becomes the event id's first record. */
    FIRST_RECORD,
    /** The content is stored as a variant beside the untouched first record. */
    VARIANT
  }
}
