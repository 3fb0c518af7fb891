package io.inboxcheck.generate;

import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Spells a JSON value the way another serializer would: keys in reverse order, other whitespace,
 * integers as {@code 12.0} or {@code 1.2e1}. The value is unchanged; only the text differs.
 */
final class Respelling {
  /** How numbers are spelled. */
  enum NumberSpelling {
    PLAIN,
    TRAILING_ZERO,
    EXPONENT
  }

  private Respelling() {}

  static String spell(JsonValue value, NumberSpelling numbers) {
    StringBuilder text = new StringBuilder();
    append(value, numbers, text);
    return text.toString();
  }

  private static void append(JsonValue value, NumberSpelling numbers, StringBuilder text) {
    if (value instanceof JsonObject object) {
      List<Map.Entry<String, JsonValue>> members = new ArrayList<>(object.members().entrySet());
      java.util.Collections.reverse(members);
      text.append("{ ");
      for (int index = 0; index < members.size(); index++) {
        text.append(index == 0 ? "" : ",  ");
        text.append(new JsonString(members.get(index).getKey()).canonicalText()).append(" : ");
        append(members.get(index).getValue(), numbers, text);
      }
      text.append(" }");
    } else if (value instanceof JsonArray array) {
      text.append("[ ");
      for (int index = 0; index < array.elements().size(); index++) {
        text.append(index == 0 ? "" : ", ");
        append(array.elements().get(index), numbers, text);
      }
      text.append(" ]");
    } else if (value instanceof JsonNumber number) {
      text.append(spellNumber(number.value(), numbers));
    } else {
      text.append(value.canonicalText());
    }
  }

  /**
   * The number spelled as asked: {@code 12} as {@code 12.0} or {@code 1.2e1}, {@code 12.5} as
   * {@code 12.50} or {@code 1.25e1}; the value never changes.
   */
  private static String spellNumber(BigDecimal value, NumberSpelling spelling) {
    String plain = new JsonNumber(value).text();
    if (spelling == NumberSpelling.PLAIN) {
      return plain;
    }
    BigDecimal exact = new JsonNumber(value).value();
    if (spelling == NumberSpelling.TRAILING_ZERO) {
      String digits = exact.toPlainString();
      return digits.contains(".") ? digits + "0" : digits + ".0";
    }
    // 12 -> 1.2e1, 7 -> 7e0, 0 -> 0e0, 12.5 -> 1.25e1: the same value in scientific notation.
    String magnitude = exact.unscaledValue().abs().toString();
    long exponent = magnitude.length() - 1L - exact.scale();
    String mantissa =
        magnitude.length() == 1 ? magnitude : magnitude.charAt(0) + "." + magnitude.substring(1);
    return (exact.signum() < 0 ? "-" : "") + mantissa + "e" + exponent;
  }
}
