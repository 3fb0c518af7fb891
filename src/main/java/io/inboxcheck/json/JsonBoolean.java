package io.inboxcheck.json;

/** A JSON boolean. */
public record JsonBoolean(boolean value) implements JsonValue {
  public static final JsonBoolean TRUE = new JsonBoolean(true);
  public static final JsonBoolean FALSE = new JsonBoolean(false);

  @Override
  public String toString() {
    return canonicalText();
  }
}
