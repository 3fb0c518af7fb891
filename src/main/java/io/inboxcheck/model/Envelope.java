package io.inboxcheck.model;

import java.util.Objects;
import java.util.Optional;

/**
 * An event envelope exactly as a provider sent it; its whole value is the event's semantic content.
 *
 * <p>The accessors read fields leniently: a missing or mistyped field is empty, and the rules of
 * SPEC section 3 decide what that means.
 */
public record Envelope(JsonValue content) {
  public static final String EVENT_ID = "event_id";
  public static final String OBJECT_ID = "object_id";
  public static final String OBJECT_VERSION = "object_version";
  public static final String OCCURRED_AT = "occurred_at";
  public static final String TYPE = "type";
  public static final String STATE = "state";

  public Envelope {
    Objects.requireNonNull(content, "content");
  }

  /** The event identity, if it is a non-empty string. */
  public Optional<String> eventId() {
    return nonEmptyString(EVENT_ID);
  }

  /** The card the event names, if it is a non-empty string. */
  public Optional<String> objectId() {
    return nonEmptyString(OBJECT_ID);
  }

  /** The event type, if it is a string. */
  public Optional<String> type() {
    return member(TYPE).filter(JsonString.class::isInstance).map(t -> ((JsonString) t).value());
  }

  /** The full snapshot, if it is a JSON object. */
  public Optional<JsonObject> state() {
    return member(STATE).filter(JsonObject.class::isInstance).map(JsonObject.class::cast);
  }

  public ObjectVersion version() {
    return ObjectVersion.classify(member(OBJECT_VERSION).orElse(null));
  }

  private Optional<JsonValue> member(String key) {
    return content instanceof JsonObject object ? object.get(key) : Optional.empty();
  }

  private Optional<String> nonEmptyString(String key) {
    return member(key)
        .filter(JsonString.class::isInstance)
        .map(value -> ((JsonString) value).value())
        .filter(value -> !value.isEmpty());
  }

  @Override
  public String toString() {
    return content.canonicalText();
  }
}
