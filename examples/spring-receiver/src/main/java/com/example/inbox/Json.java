package com.example.inbox;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * JSON as the policy reads it (SPEC section 1): numbers by exact decimal value, contents compared
 * in canonical form, and stored text that PostgreSQL keeps exactly (non-ASCII escaped, so a lone
 * surrogate from a {@code \ud800} escape survives the trip).
 */
public final class Json {
  private static final JsonMapper MAPPER =
      JsonMapper.builder()
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(JsonWriteFeature.ESCAPE_NON_ASCII)
          .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
          .build();

  static {
    // DeliveryBounds has checked the body already; no Jackson default may refuse what it allowed.
    MAPPER
        .getFactory()
        .setStreamReadConstraints(
            StreamReadConstraints.builder()
                .maxNestingDepth(DeliveryBounds.MAX_NESTING_DEPTH + 8)
                .maxNumberLength(DeliveryBounds.MAX_NUMBER_LENGTH * 2)
                .maxStringLength(Integer.MAX_VALUE)
                .build());
  }

  private static final BigDecimal LARGEST_VERSION = BigDecimal.valueOf(Long.MAX_VALUE);

  private Json() {}

  /**
   * The envelope of a body, or null when it has none to read: not JSON, or past a delivery bound
   * (SPEC 1.5). Either way it has no identity and is held MALFORMED.
   */
  public static JsonNode readEnvelope(String body) {
    if (!DeliveryBounds.within(body)) {
      return null;
    }
    try {
      return MAPPER.readTree(body);
    } catch (JsonProcessingException notJson) {
      return null;
    }
  }

  public static JsonNode read(String text) {
    try {
      return MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("stored JSON that does not read back: " + e.getMessage(), e);
    }
  }

  public static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  /** Compact JSON text, non-ASCII escaped. */
  public static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write JSON: " + e.getMessage(), e);
    }
  }

  /** The member {@code field} when it is a non-empty string, else null. */
  public static String nonEmptyText(JsonNode envelope, String field) {
    JsonNode value = envelope == null || !envelope.isObject() ? null : envelope.get(field);
    return value != null && value.isTextual() && !value.textValue().isEmpty()
        ? value.textValue()
        : null;
  }

  /** SPEC 1.4: a JSON number whose value is an integer in [0, 2^63 - 1]. */
  public static boolean isValidVersion(JsonNode version) {
    if (!version.isNumber()) {
      return false;
    }
    BigDecimal value = version.decimalValue();
    return value.signum() >= 0
        && value.compareTo(LARGEST_VERSION) <= 0
        && value.stripTrailingZeros().scale() <= 0;
  }

  /**
   * Text two values with the same meaning share (SPEC 1.3): keys sorted, numbers by exact value
   * ({@code 12}, {@code 12.0} and {@code 1.2e1} alike, never written out in full, so {@code 1e999}
   * stays short), strings and arrays as they are.
   */
  static String canonical(JsonNode value) {
    if (value.isObject()) {
      TreeMap<String, String> members = new TreeMap<>();
      value.properties().forEach(m -> members.put(m.getKey(), canonical(m.getValue())));
      List<String> pairs = new ArrayList<>();
      members.forEach((key, member) -> pairs.add(write(TextNode.valueOf(key)) + ":" + member));
      return "{" + String.join(",", pairs) + "}";
    }
    if (value.isArray()) {
      List<String> elements = new ArrayList<>();
      value.forEach(element -> elements.add(canonical(element)));
      return "[" + String.join(",", elements) + "]";
    }
    if (value.isNumber()) {
      BigDecimal number = value.decimalValue();
      if (number.signum() == 0) {
        return "0";
      }
      BigDecimal stripped = number.stripTrailingZeros();
      return stripped.unscaledValue() + "e" + (-(long) stripped.scale());
    }
    return write(value); // strings quoted and escaped, true, false, null
  }
}
