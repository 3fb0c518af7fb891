package io.inboxcheck.json;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/** A JSON string, compared exactly. */
@API(status = EXPERIMENTAL)
public record JsonString(String value) implements JsonValue {
  public JsonString {
    Objects.requireNonNull(value, "value");
  }

  @Override
  public String toString() {
    return canonicalText();
  }
}
