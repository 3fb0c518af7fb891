package io.inboxcheck.json;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/** A JSON array; element order is significant. */
@API(status = EXPERIMENTAL)
public record JsonArray(List<JsonValue> elements) implements JsonValue {
  public JsonArray {
    elements = List.copyOf(elements);
  }

  @Override
  public String toString() {
    return canonicalText();
  }
}
