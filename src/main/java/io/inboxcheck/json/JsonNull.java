package io.inboxcheck.json;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** The JSON null, distinct from an absent member. */
@API(status = EXPERIMENTAL)
public record JsonNull() implements JsonValue {
  public static final JsonNull INSTANCE = new JsonNull();

  @Override
  public String toString() {
    return "null";
  }
}
