package io.inboxcheck.json;

/** The JSON null, distinct from an absent member. */
public record JsonNull() implements JsonValue {
  public static final JsonNull INSTANCE = new JsonNull();

  @Override
  public String toString() {
    return "null";
  }
}
