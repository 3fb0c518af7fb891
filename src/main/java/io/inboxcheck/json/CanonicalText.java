package io.inboxcheck.json;

import java.util.Iterator;
import java.util.Map;

/** Writes canonical JSON text; kept apart so every value type renders the same way. */
final class CanonicalText {
  private CanonicalText() {}

  static void append(JsonValue value, StringBuilder text) {
    // Java 17 has no pattern switch; the sealed hierarchy keeps this chain complete.
    if (value instanceof JsonObject object) {
      appendObject(object, text);
    } else if (value instanceof JsonArray array) {
      appendArray(array, text);
    } else if (value instanceof JsonString string) {
      appendString(string.value(), text);
    } else if (value instanceof JsonNumber number) {
      text.append(number.text());
    } else if (value instanceof JsonBoolean bool) {
      text.append(bool.value());
    } else {
      text.append("null");
    }
  }

  private static void appendObject(JsonObject object, StringBuilder text) {
    text.append('{');
    Iterator<Map.Entry<String, JsonValue>> members = object.members().entrySet().iterator();
    while (members.hasNext()) {
      Map.Entry<String, JsonValue> member = members.next();
      appendString(member.getKey(), text);
      text.append(':');
      append(member.getValue(), text);
      if (members.hasNext()) {
        text.append(',');
      }
    }
    text.append('}');
  }

  private static void appendArray(JsonArray array, StringBuilder text) {
    text.append('[');
    for (int index = 0; index < array.elements().size(); index++) {
      if (index > 0) {
        text.append(',');
      }
      append(array.elements().get(index), text);
    }
    text.append(']');
  }

  static void appendString(String value, StringBuilder text) {
    text.append('"');
    for (int index = 0; index < value.length(); index++) {
      char character = value.charAt(index);
      switch (character) {
        case '"' -> text.append("\\\"");
        case '\\' -> text.append("\\\\");
        case '\n' -> text.append("\\n");
        case '\r' -> text.append("\\r");
        case '\t' -> text.append("\\t");
        default -> {
          if (character < 0x20) {
            text.append(String.format("\\u%04x", (int) character));
          } else {
            text.append(character);
          }
        }
      }
    }
    text.append('"');
  }
}
