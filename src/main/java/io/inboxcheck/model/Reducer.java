package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.model.DeliveryOutcome.IdentityEffect;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * The reference policy for one delivery: a pure function from the receiver's state and an envelope
 * to a decision and its effects (SPEC section 3). Nothing here changes state.
 */
@API(status = INTERNAL)
public final class Reducer {
  private Reducer() {}

  /**
   * Decides one delivery by the rules of SPEC section 3, in order; the first rule that matches
   * decides.
   */
  public static DeliveryOutcome decide(ReceiverView state, Envelope envelope) {
    // Rule 1: identity. Without one there is nothing to deduplicate by; a body past the delivery
    // bounds (SPEC 1.5) is read as empty, so it has none either (Envelope#withinBounds).
    Optional<String> eventId = envelope.eventId();
    if (eventId.isEmpty()) {
      return DeliveryOutcome.of(Decision.held(HeldReason.MALFORMED), IdentityEffect.NONE, Map.of());
    }
    Optional<IdentityRecord> record = state.identity(eventId.get());
    if (record.isPresent()) {
      return redelivery(state, record.get(), envelope);
    }
    // Rules 2-4 decide a first record.
    Optional<Card> card = envelope.objectId().flatMap(state::card);
    Judgement judgement = judge(envelope, card, state.supportedTypes());
    Map<String, Card> written =
        judgement.cardAfter() == null
            ? Map.of()
            : Map.of(envelope.objectId().orElseThrow(), judgement.cardAfter());
    return DeliveryOutcome.of(judgement.decision(), IdentityEffect.FIRST_RECORD, written);
  }

  /**
   * Rules 2-4 for one envelope against the card it names (empty when unknown): shape, pause,
   * version. Shared by first deliveries and by re-evaluation after reconciliation.
   */
  static Judgement judge(Envelope envelope, Optional<Card> card, Set<String> supportedTypes) {
    // Rule 2: shape.
    Optional<JsonObject> snapshot = envelope.state();
    if (envelope.objectId().isEmpty() || snapshot.isEmpty()) {
      return Judgement.unchanged(Decision.held(HeldReason.MALFORMED));
    }
    if (envelope.type().filter(supportedTypes::contains).isEmpty()) {
      return Judgement.unchanged(Decision.held(HeldReason.UNSUPPORTED_TYPE));
    }
    if (card.isEmpty()) {
      return Judgement.unchanged(Decision.held(HeldReason.UNKNOWN_OBJECT));
    }
    Card current = card.get();
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
    return compareVersions(((ObjectVersion.Valid) version).value(), snapshot.get(), current);
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
