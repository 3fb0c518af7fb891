package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.inboxcheck.model.Effects.CardWrite;
import io.inboxcheck.model.Effects.HeldChange;
import io.inboxcheck.model.Effects.IdentityChange;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * What one delivery's decision does, as data: the store persists exactly this, in one unit, or
 * nothing at all (SPEC section 3, last paragraph).
 *
 * @param decision the recorded decision
 * @param identityEffect whether the content becomes a first record, a variant, or neither
 * @param cardsAfter cards whose version, state or pause changes, with their new value
 */
@API(status = INTERNAL)
public record DeliveryOutcome(
    Decision decision, IdentityEffect identityEffect, SortedMap<String, Card> cardsAfter) {

  public DeliveryOutcome {
    cardsAfter = sortedCopy(cardsAfter);
  }

  static DeliveryOutcome of(
      Decision decision, IdentityEffect identityEffect, Map<String, Card> cardsAfter) {
    return new DeliveryOutcome(decision, identityEffect, sortedCopy(cardsAfter));
  }

  private static SortedMap<String, Card> sortedCopy(Map<String, Card> cards) {
    // putAll into a natural-order map: a caller's comparator never decides the order.
    TreeMap<String, Card> sorted = new TreeMap<>();
    sorted.putAll(cards);
    return Collections.unmodifiableSortedMap(sorted);
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
    Optional<String> objectId = envelope.objectId();
    boolean applied = decision.kind() == DecisionKind.APPLIED;
    if (applied && !objectId.map(cardsAfter::containsKey).orElse(false)) {
      throw new IllegalStateException("an APPLIED outcome writes the card its envelope names");
    }
    List<CardWrite> cards = new ArrayList<>();
    List<String> paused = new ArrayList<>();
    for (Map.Entry<String, Card> write : cardsAfter.entrySet()) {
      String cardId = write.getKey();
      // APPLIED replaces the card its envelope names, and only that one counts (SPEC 3.4).
      boolean replaced = applied && objectId.get().equals(cardId);
      ReplacementCounters counted =
          replaced ? new ReplacementCounters(1, 0) : ReplacementCounters.ZERO;
      cards.add(new CardWrite(cardId, before.card(cardId).orElse(null), write.getValue(), counted));
      if (write.getValue().paused()) {
        paused.add(cardId);
      }
    }
    List<HeldChange> held =
        decision instanceof Decision.Held heldDecision
            ? List.of(new HeldChange.Added(new HeldInput(step, envelope, heldDecision.reason())))
            : List.of();
    AuditEntry recorded =
        new AuditEntry.DeliveryRecorded(
            step, clock, envelope, decision, identityEffect == IdentityEffect.VARIANT, paused);
    return new Effects(identityChange(before, step, envelope), cards, held, List.of(recorded));
  }

  private IdentityChange identityChange(ReceiverView before, int step, Envelope envelope) {
    if (identityEffect == IdentityEffect.NONE) {
      return IdentityChange.NONE;
    }
    String eventId = envelope.eventId().orElseThrow();
    String objectId = envelope.objectId().orElse(null);
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
