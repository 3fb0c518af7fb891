package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonNull;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.Envelope;
import java.math.BigDecimal;
import java.util.List;

/** The faulty envelopes providers send, each derived from a well-formed one. */
final class Variants {
  /** The invalid version spellings of SPEC section 1. */
  static final List<JsonValue> INVALID_VERSIONS =
      List.of(
          new JsonString("12"),
          JsonNumber.of(-1),
          new JsonNumber(new BigDecimal("12.5")),
          new JsonNumber(new BigDecimal("1e30")),
          JsonBoolean.TRUE,
          JsonObject.EMPTY);

  private Variants() {}

  /** The same event id with other content: another state, version, timestamp or card. */
  static JsonObject changedContent(Choices choices, JsonObject original, Provider provider) {
    int change = choices.integer(0, 3);
    return switch (change) {
      case 0 -> original.with(Envelope.STATE, provider.otherState(original));
      case 1 -> original.with(Envelope.OBJECT_VERSION, bumped(original));
      case 2 -> original.with(Envelope.OCCURRED_AT, new JsonString("2024-02-29T23:59:59Z"));
      default -> {
        List<String> cards = provider.knownCardIds();
        yield original
            .with(Envelope.OBJECT_ID, new JsonString(choices.pick(cards)))
            .with(Envelope.STATE, provider.otherState(original));
      }
    };
  }

  /** Another event id carrying the same version and state (a provider re-emitting a fact). */
  static JsonObject sameVersionSameState(JsonObject original, String eventId, String occurredAt) {
    return original
        .with(Envelope.EVENT_ID, new JsonString(eventId))
        .with(Envelope.OCCURRED_AT, new JsonString(occurredAt));
  }

  /** Another event id claiming the same version with a different state. */
  static JsonObject sameVersionOtherState(JsonObject original, String eventId, JsonObject state) {
    return original.with(Envelope.EVENT_ID, new JsonString(eventId)).with(Envelope.STATE, state);
  }

  static JsonObject missingVersion(Choices choices, JsonObject envelope) {
    return choices.bool(50)
        ? envelope.without(Envelope.OBJECT_VERSION)
        : envelope.with(Envelope.OBJECT_VERSION, JsonNull.INSTANCE);
  }

  static JsonObject invalidVersion(Choices choices, JsonObject envelope) {
    return envelope.with(Envelope.OBJECT_VERSION, choices.pick(INVALID_VERSIONS));
  }

  /**
   * An envelope without identity, without a card, or whose state is not an object; when {@code
   * foreignIds}, often one whose {@code event_id} or {@code object_id} is a value of another JSON
   * type (a number, a boolean, null, an object, an array, the empty string).
   */
  static JsonObject malformed(Choices choices, JsonObject envelope, boolean foreignIds) {
    boolean foreign = choices.bool(foreignIds ? FOREIGN_ID_PERCENT : 0);
    int which = choices.integer(0, 3);
    if (foreign) {
      String field = which % 2 == 0 ? Envelope.EVENT_ID : Envelope.OBJECT_ID;
      return envelope.with(field, choices.pick(ExactValues.FOREIGN_IDS));
    }
    return switch (which) {
      case 0 -> envelope.without(Envelope.EVENT_ID);
      case 1 -> envelope.with(Envelope.STATE, new JsonString("ready"));
      case 2 -> envelope.without(Envelope.OBJECT_ID);
      default -> envelope.with(Envelope.STATE, new JsonArray(List.of()));
    };
  }

  /** Percent of malformed envelopes whose id is of another type, in a case drawing exact values. */
  static final int FOREIGN_ID_PERCENT = 75;

  private static JsonValue bumped(JsonObject original) {
    JsonValue version = original.get(Envelope.OBJECT_VERSION).orElse(JsonNull.INSTANCE);
    if (version instanceof JsonNumber number) {
      return new JsonNumber(number.value().add(BigDecimal.ONE));
    }
    return JsonNumber.of(1);
  }
}
