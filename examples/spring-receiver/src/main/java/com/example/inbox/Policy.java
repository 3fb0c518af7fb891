package com.example.inbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.TreeMap;

/**
 * The rules of SPEC section 3, in their order, over what a transaction has loaded: no SQL here.
 * The first rule that matches decides.
 */
final class Policy {
  private Policy() {}

  /** What one decision records: where its content goes, and the cards it changes or pauses. */
  enum Record {
    FIRST,
    VARIANT,
    NONE
  }

  /** A decision, where its content is recorded, and every card it writes. */
  record Outcome(ObjectNode decision, Record record, Map<String, Card> cardsAfter) {}

  /**
   * SPEC 3.1 to 3.4 for one envelope (null when it has none to read).
   *
   * @param identity the retained record of its event id, or null
   * @param cards the cards the envelope and its first record name, as they are now
   */
  static Outcome decide(
      JsonNode envelope, ObjectNode identity, Map<String, Card> cards, Store.Settings settings) {
    String eventId = Json.nonEmptyText(envelope, "event_id");
    if (eventId == null) {
      return new Outcome(Decisions.held("MALFORMED"), Record.NONE, Map.of());
    }
    if (identity != null) {
      return redelivery(envelope, identity, cards);
    }
    String objectId = Json.nonEmptyText(envelope, "object_id");
    Judged judged = judge(envelope, objectId == null ? null : cards.get(objectId), settings);
    Map<String, Card> after =
        judged.cardAfter() == null ? Map.of() : Map.of(objectId, judged.cardAfter());
    return new Outcome(judged.decision(), Record.FIRST, after);
  }

  /**
   * SPEC 3.1 for a retained id: the same content restates its latest decision; a new one is a
   * variant, held, and every known card either payload names is paused.
   */
  private static Outcome redelivery(JsonNode envelope, ObjectNode identity, Map<String, Card> cards) {
    String content = Json.canonical(envelope);
    for (JsonNode recorded : contents(identity)) {
      if (recorded.get("content").asText().equals(content)) {
        JsonNode decisions = recorded.get("decisions");
        return new Outcome(
            Decisions.duplicate(decisions.get(decisions.size() - 1)), Record.NONE, Map.of());
      }
    }
    Map<String, Card> paused = new TreeMap<>();
    for (String objectId :
        new String[] {
          identity.get("first").path("object_id").textValue(),
          Json.nonEmptyText(envelope, "object_id")
        }) {
      Card card = objectId == null ? null : cards.get(objectId);
      if (card != null) {
        paused.put(objectId, card.pausedCopy());
      }
    }
    return new Outcome(Decisions.held("ID_CONFLICT"), Record.VARIANT, paused);
  }

  static Iterable<JsonNode> contents(ObjectNode identity) {
    java.util.List<JsonNode> all = new java.util.ArrayList<>();
    all.add(identity.get("first"));
    identity.get("variants").forEach(all::add);
    return all;
  }

  /** A decision by rules 3.2 to 3.4 and the card after it (null: the card does not change). */
  record Judged(ObjectNode decision, Card cardAfter) {}

  /** Rules 3.2 to 3.4 against {@code card}, the card the envelope names (null: none known). */
  static Judged judge(JsonNode envelope, Card card, Store.Settings settings) {
    String objectId = Json.nonEmptyText(envelope, "object_id");
    JsonNode state = envelope.get("state");
    if (objectId == null || state == null || !state.isObject()) {
      return new Judged(Decisions.held("MALFORMED"), null);
    }
    JsonNode type = envelope.get("type");
    if (type == null || !type.isTextual() || !settings.supportedTypes().contains(type.textValue())) {
      return new Judged(Decisions.held("UNSUPPORTED_TYPE"), null);
    }
    if (card == null) {
      return new Judged(Decisions.held("UNKNOWN_OBJECT"), null);
    }
    JsonNode version = envelope.get("object_version");
    if (version == null || version.isNull()) {
      return new Judged(Decisions.held("MISSING_VERSION"), card.pausedCopy());
    }
    if (!Json.isValidVersion(version)) {
      return new Judged(Decisions.held("INVALID_VERSION"), card.pausedCopy());
    }
    if (card.paused()) {
      return new Judged(Decisions.held("CARD_PAUSED"), null);
    }
    long value = version.decimalValue().longValueExact();
    if (value > card.version()) {
      return new Judged(Decisions.of("APPLIED"), new Card(value, state, false)); // never a merge
    }
    if (value < card.version()) {
      return new Judged(Decisions.of("STALE"), null);
    }
    if (card.sameState(state)) {
      return new Judged(Decisions.of("SAME_STATE"), null);
    }
    return new Judged(Decisions.held("VERSION_CONFLICT"), card.pausedCopy());
  }
}
