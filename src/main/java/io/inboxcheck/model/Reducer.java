package io.inboxcheck.model;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.model.DeliveryOutcome.IdentityEffect;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The reference policy for one delivery: a pure function from the receiver's state and an envelope
 * to a decision and its effects (SPEC section 3). Nothing here changes state.
 */
public final class Reducer {
  private Reducer() {}

  /**
   * Decides one delivery by the rules of SPEC section 3, in order; the first rule that matches
   * decides.
   */
  public static DeliveryOutcome decide(ReceiverView state, Envelope envelope) {
    // Rule 1: identity. Without one there is nothing to deduplicate by.
    String eventId = envelope.eventIdOrNull();
    if (eventId == null) {
      return DeliveryOutcome.of(Decision.held(HeldReason.MALFORMED), IdentityEffect.NONE, Map.of());
    }
    if (state.retains(eventId)) {
      return redelivery(state, state.identity(eventId).orElseThrow(), envelope);
    }
    // Rules 2-4 decide a first record. Fields are read without wrappers: the reducer's hot path.
    String objectId = envelope.objectIdOrNull();
    Card card = objectId == null ? null : state.cardOrNull(objectId);
    Judgement judgement = judge(envelope, objectId, card, state.supportedTypes());
    Card after = judgement.cardAfter();
    return DeliveryOutcome.of(judgement.decision(), IdentityEffect.FIRST_RECORD, objectId, after);
  }

  /**
   * Rules 2-4 for one envelope against the card it names (empty when unknown): shape, pause,
   * version. Shared by first deliveries and by re-evaluation after reconciliation.
   */
  static Judgement judge(Envelope envelope, Optional<Card> card, Set<String> supportedTypes) {
    return judge(envelope, envelope.objectIdOrNull(), card.orElse(null), supportedTypes);
  }

  private static Judgement judge(
      Envelope envelope, String objectId, Card current, Set<String> supportedTypes) {
    // Rule 2: shape.
    JsonObject snapshot = envelope.stateOrNull();
    if (objectId == null || snapshot == null) {
      return Judgement.unchanged(Decision.held(HeldReason.MALFORMED));
    }
    if (!envelope.typeIn(supportedTypes)) {
      return Judgement.unchanged(Decision.held(HeldReason.UNSUPPORTED_TYPE));
    }
    if (current == null) {
      return Judgement.unchanged(Decision.held(HeldReason.UNKNOWN_OBJECT));
    }
    ObjectVersion version = envelope.version();
    if (version instanceof ObjectVersion.Missing) {
      return new Judgement(Decision.held(HeldReason.MISSING_VERSION), current.pause());
    }
    if (version instanceof ObjectVersion.Invalid) {
      return new Judgement(Decision.held(HeldReason.INVALID_VERSION), current.pause());
    }
    // Rule 3: a paused card waits for an authority.
    if (current.paused()) {
      return Judgement.unchanged(Decision.held(HeldReason.CARD_PAUSED));
    }
    // Rule 4: version.
    return compareVersions(((ObjectVersion.Valid) version).value(), snapshot, current);
  }

  private static Judgement compareVersions(long version, JsonObject state, Card current) {
    if (version > current.version()) {
      // A snapshot replaces the whole state; fields it lacks are gone, never merged.
      return new Judgement(Decision.APPLIED, new Card(version, state, false));
    }
    if (version < current.version()) {
      return Judgement.unchanged(Decision.STALE);
    }
    if (state.equals(current.state())) {
      return Judgement.unchanged(Decision.SAME_STATE);
    }
    return new Judgement(Decision.held(HeldReason.VERSION_CONFLICT), current.pause());
  }

  /**
   * Rule 1 for an id the receiver retains: an identical content is a duplicate, else a conflict.
   */
  private static DeliveryOutcome redelivery(
      ReceiverView state, IdentityRecord record, Envelope envelope) {
    Optional<RecordedContent> recorded = record.recorded(envelope.content());
    if (recorded.isPresent()) {
      Decision restated = recorded.get().latestDecision();
      return DeliveryOutcome.of(new Decision.Duplicate(restated), IdentityEffect.NONE, Map.of());
    }
    // Neither content is known to be right, so every known card either one names waits.
    Map<String, Card> paused = new TreeMap<>();
    pauseNamedCard(state, new Envelope(record.firstRecord().content()), paused);
    pauseNamedCard(state, envelope, paused);
    return DeliveryOutcome.of(
        Decision.held(HeldReason.ID_CONFLICT), IdentityEffect.VARIANT, paused);
  }

  private static void pauseNamedCard(
      ReceiverView state, Envelope envelope, Map<String, Card> paused) {
    envelope
        .objectId()
        .ifPresent(
            objectId -> state.card(objectId).ifPresent(card -> paused.put(objectId, card.pause())));
  }
}
