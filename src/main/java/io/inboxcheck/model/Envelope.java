package io.inboxcheck.model;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import java.util.Objects;
import java.util.Optional;

/**
 * An event envelope exactly as a provider sent it; its whole value is the event's semantic content.
 *
 * <p>The accessors read fields leniently: a missing or mistyped field is empty, and the rules of
 * SPEC section 3 decide what that means. {@code rawText} keeps the bytes' spelling (key order,
 * whitespace, {@code 12.0}) when known; the model never reads it, so spelling cannot matter to a
 * decision, but receivers under test may, and the harness must be able to show that they do.
 *
 * <p>An envelope is parsed once: the fields the rules read are taken from the content when the
 * envelope is made, so deciding a delivery looks nothing up (the reducer's hot path). Two envelopes
 * are equal when their content and raw text are.
 */
public final class Envelope {
  public static final String EVENT_ID = "event_id";
  public static final String OBJECT_ID = "object_id";
  public static final String OBJECT_VERSION = "object_version";
  public static final String OCCURRED_AT = "occurred_at";
  public static final String TYPE = "type";
  public static final String STATE = "state";

  private final JsonValue content;
  private final String rawText;
  private final String eventId;
  private final String objectId;
  private final String type;
  private final JsonObject state;
  private final ObjectVersion version;

  /**
   * @param content the canonical JSON value: what every comparison uses
   * @param rawText the text as delivered, or null when only the value is known
   */
  public Envelope(JsonValue content, String rawText) {
    this.content = Objects.requireNonNull(content, "content");
    this.rawText = rawText;
    JsonObject object = content instanceof JsonObject members ? members : null;
    this.eventId = nonEmptyString(object, EVENT_ID);
    this.objectId = nonEmptyString(object, OBJECT_ID);
    this.type = member(object, TYPE) instanceof JsonString string ? string.value() : null;
    this.state = member(object, STATE) instanceof JsonObject snapshot ? snapshot : null;
    this.version = ObjectVersion.classify(member(object, OBJECT_VERSION));
  }

  /** An envelope known only by its value; its text is the canonical one. */
  public Envelope(JsonValue content) {
    this(content, null);
  }

  public JsonValue content() {
    return content;
  }

  /** The text as delivered, or null when only the value is known. */
  public String rawText() {
    return rawText;
  }

  /** The text as delivered, or the canonical text when the spelling is not known. */
  public String text() {
    return rawText != null ? rawText : content.canonicalText();
  }

  /** The event identity, if it is a non-empty string. */
  public Optional<String> eventId() {
    return Optional.ofNullable(eventId);
  }

  /** The card the event names, if it is a non-empty string. */
  public Optional<String> objectId() {
    return Optional.ofNullable(objectId);
  }

  /** The event identity if it is a non-empty string, else null: for the hot path. */
  String eventIdOrNull() {
    return eventId;
  }

  /** The card the event names if it is a non-empty string, else null: for the hot path. */
  String objectIdOrNull() {
    return objectId;
  }

  /** The event type, if it is a string. */
  public Optional<String> type() {
    return Optional.ofNullable(type);
  }

  /** Whether the event type is a string in {@code supported}. */
  boolean typeIn(java.util.Set<String> supported) {
    return type != null && supported.contains(type);
  }

  /** The full snapshot, if it is a JSON object. */
  public Optional<JsonObject> state() {
    return Optional.ofNullable(state);
  }

  /** The full snapshot if it is a JSON object, else null: for the hot path. */
  JsonObject stateOrNull() {
    return state;
  }

  public ObjectVersion version() {
    return version;
  }

  private static JsonValue member(JsonObject object, String key) {
    return object == null ? null : object.members().get(key);
  }

  private static String nonEmptyString(JsonObject object, String key) {
    return member(object, key) instanceof JsonString string && !string.value().isEmpty()
        ? string.value()
        : null;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Envelope envelope
        && content.equals(envelope.content)
        && Objects.equals(rawText, envelope.rawText);
  }

  @Override
  public int hashCode() {
    return 31 * content.hashCode() + Objects.hashCode(rawText);
  }

  @Override
  public String toString() {
    return content.canonicalText();
  }
}
