package io.inboxcheck.scenario;

import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonNull;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.json.read.InputRejected;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A JSON value with its JSON pointer, so every complaint about it names where it is. Shared by the
 * strict readers of scenario files and provider profiles.
 */
public record Located(String source, String pointer, JsonValue value) {

  public InputRejected rejected(String problem) {
    return new InputRejected(source, "at " + (pointer.isEmpty() ? "/" : pointer), problem);
  }

  public Located child(String key, JsonValue child) {
    return new Located(source, pointer + "/" + key.replace("~", "~0").replace("/", "~1"), child);
  }

  public JsonObject object(String what) throws InputRejected {
    if (value instanceof JsonObject object) {
      return object;
    }
    throw rejected("expected " + what + " (a JSON object), found " + kindOf(value));
  }

  public List<Located> elements(String what) throws InputRejected {
    if (!(value instanceof JsonArray array)) {
      throw rejected("expected " + what + " (a JSON array), found " + kindOf(value));
    }
    List<Located> elements = new ArrayList<>();
    for (int index = 0; index < array.elements().size(); index++) {
      elements.add(child(Integer.toString(index), array.elements().get(index)));
    }
    return elements;
  }

  /** The member {@code key}, if present. */
  public Optional<Located> member(String key) throws InputRejected {
    return object("an object").get(key).map(child -> child(key, child));
  }

  public Located required(String key, String what) throws InputRejected {
    return member(key).orElseThrow(() -> rejected("missing \"" + key + "\": expected " + what));
  }

  public String text(String what) throws InputRejected {
    if (value instanceof JsonString string) {
      return string.value();
    }
    throw rejected("expected " + what + " (a string), found " + kindOf(value));
  }

  public boolean bool() throws InputRejected {
    if (value instanceof JsonBoolean bool) {
      return bool.value();
    }
    throw rejected("expected true or false, found " + kindOf(value));
  }

  public long nonNegativeInteger(String what) throws InputRejected {
    if (value instanceof JsonNumber number
        && number.value().scale() <= 0
        && number.value().signum() >= 0
        && (long) number.value().precision() - number.value().scale() <= 19) {
      try {
        return number.value().longValueExact();
      } catch (ArithmeticException tooLarge) {
        // Falls through to the message below.
      }
    }
    throw rejected("expected " + what + " (an integer from 0 to 2^63-1), found " + value);
  }

  /** Rejects any member not in {@code allowed}, so a misspelt field is never silently ignored. */
  public void onlyKeys(Set<String> allowed, String what) throws InputRejected {
    for (String key : object(what).members().keySet()) {
      if (!allowed.contains(key)) {
        throw child(key, JsonNull.INSTANCE)
            .rejected("unknown field \"" + key + "\" in " + what + "; allowed: " + sorted(allowed));
      }
    }
  }

  public static String sorted(Set<String> keys) {
    return String.join(", ", new java.util.TreeSet<>(keys));
  }

  public static String kindOf(JsonValue value) {
    if (value instanceof JsonObject) {
      return "an object";
    }
    if (value instanceof JsonArray) {
      return "an array";
    }
    if (value instanceof JsonString string) {
      return "the string " + string.canonicalText();
    }
    if (value instanceof JsonNumber number) {
      return "the number " + number.text();
    }
    if (value instanceof JsonBoolean bool) {
      return bool.value() ? "true" : "false";
    }
    return "null";
  }
}
