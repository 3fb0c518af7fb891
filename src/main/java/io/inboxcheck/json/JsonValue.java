package io.inboxcheck.json;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A JSON value in canonical form, so that equality is semantic equality (SPEC section 1).
 *
 * <p>Object key order is irrelevant because objects keep their members sorted; numbers compare by
 * exact decimal value because they are normalised {@link java.math.BigDecimal}s; strings compare
 * exactly and arrays keep their order. The model never sees a parser's types, only these records.
 */
@API(status = EXPERIMENTAL)
public sealed interface JsonValue
    permits JsonObject, JsonArray, JsonString, JsonNumber, JsonBoolean, JsonNull {

  /** Renders the value as compact canonical JSON text: sorted keys, normalised numbers. */
  default String canonicalText() {
    StringBuilder text = new StringBuilder();
    CanonicalText.append(this, text);
    return text.toString();
  }
}
