package io.inboxcheck.json;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/** A JSON object whose members are kept sorted by key, so key order never affects equality. */
public record JsonObject(SortedMap<String, JsonValue> members) implements JsonValue {

  public static final JsonObject EMPTY = new JsonObject(new TreeMap<>());

  public JsonObject {
    // An immutable natural-order copy: a caller's comparator must never change the canonical order.
    TreeMap<String, JsonValue> sorted = new TreeMap<>();
    sorted.putAll(members);
    members = Collections.unmodifiableSortedMap(sorted);
  }

  /** Builds an object from any map; the map's own order is discarded. */
  public static JsonObject of(Map<String, JsonValue> members) {
    return new JsonObject(new TreeMap<>(members));
  }

  /**
   * The member named {@code key}, if present (a present JSON null is returned as {@link JsonNull}).
   */
  public Optional<JsonValue> get(String key) {
    return Optional.ofNullable(members.get(key));
  }

  /** A copy of this object with one member set. */
  public JsonObject with(String key, JsonValue value) {
    TreeMap<String, JsonValue> copy = new TreeMap<>(members);
    copy.put(key, value);
    return new JsonObject(copy);
  }

  /** A copy of this object without the member {@code key}. */
  public JsonObject without(String key) {
    TreeMap<String, JsonValue> copy = new TreeMap<>(members);
    copy.remove(key);
    return new JsonObject(copy);
  }

  @Override
  public String toString() {
    return canonicalText();
  }
}
