package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import io.inboxcheck.json.DeliveryBounds;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * An event envelope exactly as a provider sent it; its whole value is the event's semantic content.
 *
 * <p>The accessors read fields leniently: a missing or mistyped field is empty, and the rules of
 * SPEC section 3 decide what that means. {@code rawText} keeps the bytes' spelling (key order,
 * whitespace, {@code 12.0}) when known; the model never reads it, so spelling cannot matter to a
 * decision, but receivers under test may, and the harness must be able to show that they do. Two
 * envelopes are equal when their content and raw text are.
 *
 * <p>A body past the {@link DeliveryBounds} of SPEC section 1.5 is held unread: every accessor
 * reads it as empty, so it has no identity and rule 3.1 holds it {@code MALFORMED}.
 *
 * @param content the canonical JSON value: what every comparison uses
 * @param rawText the text as delivered, or null when only the value is known
 * @param withinBounds whether the text is within {@link DeliveryBounds#DEFAULT}; the constructors
 *     without it measure the text
 */
@API(status = EXPERIMENTAL)
public record Envelope(JsonValue content, String rawText, boolean withinBounds) {
  public static final String EVENT_ID = "event_id";
  public static final String OBJECT_ID = "object_id";
  public static final String OBJECT_VERSION = "object_version";
  public static final String OCCURRED_AT = "occurred_at";
  public static final String TYPE = "type";
  public static final String STATE = "state";

  public Envelope {
    Objects.requireNonNull(content, "content");
  }

  /** An envelope as delivered, measured against the delivery bounds. */
  public Envelope(JsonValue content, String rawText) {
    this(content, rawText, withinBounds(content, rawText));
  }

  /** An envelope known only by its value; its text is the canonical one. */
  public Envelope(JsonValue content) {
    this(content, null);
  }

  private static boolean withinBounds(JsonValue content, String rawText) {
    Objects.requireNonNull(content, "content");
    String text = rawText != null ? rawText : content.canonicalText();
    return DeliveryBounds.DEFAULT.breach(text).isEmpty();
  }

  /** The text as delivered, or the canonical text when the spelling is not known. */
  public String text() {
    return rawText != null ? rawText : content.canonicalText();
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
    return withinBounds && content instanceof JsonObject object
        ? object.get(key)
        : Optional.empty();
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
