package io.inboxcheck.json;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** A JSON boolean. */
@API(status = EXPERIMENTAL)
public record JsonBoolean(boolean value) implements JsonValue {
  public static final JsonBoolean TRUE = new JsonBoolean(true);
  public static final JsonBoolean FALSE = new JsonBoolean(false);

  @Override
  public String toString() {
    return canonicalText();
  }
}
