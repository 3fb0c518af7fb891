package io.inboxcheck.model;

import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds envelopes and JSON values from the model's own records, so tests say what they deliver
 * without a parser. Every envelope starts as a well-formed {@code card.snapshot}; {@link #with} and
 * {@link #without} then set a raw value or drop a field.
 */
final class Envelopes {
  static final String SNAPSHOT = "card.snapshot";
  static final String OCCURRED = "2024-01-01T08:00:00Z";

  private Envelopes() {}

  /** A well-formed snapshot envelope with state {@code {"stage": stage, "label": label}}. */
  static Envelope snapshot(
      String eventId, String objectId, long version, String stage, String label) {
    return snapshot(eventId, objectId, version, state(stage, label));
  }

  /** A well-formed snapshot envelope carrying {@code state} as its whole snapshot. */
  static Envelope snapshot(String eventId, String objectId, long version, JsonObject state) {
    Map<String, JsonValue> members = new LinkedHashMap<>();
    members.put(Envelope.EVENT_ID, str(eventId));
    members.put(Envelope.OBJECT_ID, str(objectId));
    members.put(Envelope.OBJECT_VERSION, JsonNumber.of(version));
    members.put(Envelope.OCCURRED_AT, str(OCCURRED));
    members.put(Envelope.TYPE, str(SNAPSHOT));
    members.put(Envelope.STATE, state);
    return new Envelope(JsonObject.of(members));
  }

  /** The envelope with one member set to a raw JSON value (any type). */
  static Envelope with(Envelope envelope, String key, JsonValue value) {
    return new Envelope(object(envelope).with(key, value));
  }

  /** The envelope without the member {@code key}. */
  static Envelope without(Envelope envelope, String key) {
    return new Envelope(object(envelope).without(key));
  }

  /** The envelope with {@code object_version} written as the JSON number text {@code text}. */
  static Envelope withVersion(Envelope envelope, String text) {
    return with(envelope, Envelope.OBJECT_VERSION, num(text));
  }

  static Envelope withOccurredAt(Envelope envelope, String instant) {
    return with(envelope, Envelope.OCCURRED_AT, str(instant));
  }

  static JsonObject object(Envelope envelope) {
    return (JsonObject) envelope.content();
  }

  static JsonObject state(String stage, String label) {
    return obj("stage", str(stage), "label", str(label));
  }

  /** An object from alternating keys and values: {@code obj("a", num("1"), "b", str("x"))}. */
  static JsonObject obj(Object... keysAndValues) {
    if (keysAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("keys and values come in pairs");
    }
    Map<String, JsonValue> members = new LinkedHashMap<>();
    for (int index = 0; index < keysAndValues.length; index += 2) {
      members.put((String) keysAndValues[index], (JsonValue) keysAndValues[index + 1]);
    }
    return JsonObject.of(members);
  }

  static JsonArray arr(JsonValue... elements) {
    return new JsonArray(List.of(elements));
  }

  static JsonString str(String value) {
    return new JsonString(value);
  }

  /** A number exactly as written, e.g. {@code "12"}, {@code "12.0"}, {@code "1.2e1"}. */
  static JsonNumber num(String text) {
    return new JsonNumber(new BigDecimal(text));
  }
}
