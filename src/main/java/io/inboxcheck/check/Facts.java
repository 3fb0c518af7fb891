package io.inboxcheck.check;

import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a check expected or observed, as named values (cards, decisions, contents, counts), in the
 * order the check states them. Reports render them; nothing here is prose.
 *
 * @param values name to value; a value is a {@link Card}, {@link Decision}, {@link JsonValue},
 *     number, string, boolean, null or a collection of those
 */
public record Facts(Map<String, Object> values) {

  public Facts {
    values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  /** Facts from alternating names and values: {@code of("card", "card-1", "version", 3)}. */
  public static Facts of(Object... namesAndValues) {
    if (namesAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("facts come as name, value pairs");
    }
    Map<String, Object> values = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      values.put((String) namesAndValues[i], namesAndValues[i + 1]);
    }
    return new Facts(values);
  }

  /** One value by name, null when absent. */
  public Object get(String name) {
    return values.get(name);
  }

  /** The facts as one line: {@code card card-1, version 3}. */
  public String describe() {
    return values.entrySet().stream()
        .map(entry -> entry.getKey() + " " + render(entry.getValue()))
        .collect(Collectors.joining(", "));
  }

  /** One value as people read it: cards as {@code v3 {...}}, decisions as SPEC names them. */
  public static String render(Object value) {
    if (value == null) {
      return "none";
    }
    if (value instanceof Card card) {
      return "v" + card.version() + " " + card.state() + (card.paused() ? " paused" : "");
    }
    if (value instanceof Decision decision) {
      return decision.describe();
    }
    if (value instanceof JsonValue json) {
      return json.canonicalText();
    }
    if (value instanceof Collection<?> many) {
      return many.stream().map(Facts::render).collect(Collectors.joining(", ", "[", "]"));
    }
    return String.valueOf(value);
  }

  @Override
  public String toString() {
    return describe();
  }
}
