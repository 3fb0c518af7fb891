package io.inboxcheck.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;

/** Converts the model's canonical JSON values to Jackson trees for output, exactly. */
public final class JsonTrees {
  public static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);

  private JsonTrees() {}

  public static JsonNode toNode(JsonValue value) {
    if (value instanceof JsonObject object) {
      ObjectNode node = NODES.objectNode();
      for (Map.Entry<String, JsonValue> member : object.members().entrySet()) {
        node.set(member.getKey(), toNode(member.getValue()));
      }
      return node;
    }
    if (value instanceof JsonArray array) {
      ArrayNode node = NODES.arrayNode();
      array.elements().forEach(element -> node.add(toNode(element)));
      return node;
    }
    if (value instanceof JsonString string) {
      return NODES.textNode(string.value());
    }
    if (value instanceof JsonNumber number) {
      return numberNode(number.value());
    }
    if (value instanceof JsonBoolean bool) {
      return NODES.booleanNode(bool.value());
    }
    return NODES.nullNode();
  }

  private static JsonNode numberNode(BigDecimal value) {
    // Integral values print as integers (12, not 1.2E+1); others keep their exact decimal value.
    if (value.scale() <= 0 && (long) value.precision() - value.scale() <= 30) {
      BigInteger integer = value.toBigIntegerExact();
      return integer.bitLength() < 64
          ? NODES.numberNode(integer.longValue())
          : NODES.numberNode(integer);
    }
    return NODES.numberNode(value);
  }
}
