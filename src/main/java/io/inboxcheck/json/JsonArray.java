package io.inboxcheck.json;

import java.util.List;

/** A JSON array; element order is significant. */
public record JsonArray(List<JsonValue> elements) implements JsonValue {
  public JsonArray {
    elements = List.copyOf(elements);
  }

  @Override
  public String toString() {
    return canonicalText();
  }
}
