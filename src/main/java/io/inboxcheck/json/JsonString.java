package io.inboxcheck.json;

import java.util.Objects;

/** A JSON string, compared exactly. */
public record JsonString(String value) implements JsonValue {
  public JsonString {
    Objects.requireNonNull(value, "value");
  }

  @Override
  public String toString() {
    return canonicalText();
  }
}
