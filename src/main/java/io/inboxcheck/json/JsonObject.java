package io.inboxcheck.json;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * A JSON object whose members are kept sorted by key, so key order never affects equality.
 *
 * <p>Immutable, so its hash code is computed once, as {@link String} does: the harness keys maps by
 * contents and states and copies those maps at every step of a search.
 */
@API(status = EXPERIMENTAL)
public final class JsonObject implements JsonValue {

  public static final JsonObject EMPTY = new JsonObject(new TreeMap<>());

  private final SortedMap<String, JsonValue> members;
  // Written once each, as String's hash: a reader sees either nothing yet or the final value.
  private int hash;
  private boolean hashIsZero;

  public JsonObject(SortedMap<String, JsonValue> members) {
    // An immutable natural-order copy: a caller's comparator must never change the canonical order.
    TreeMap<String, JsonValue> sorted = new TreeMap<>();
    sorted.putAll(Objects.requireNonNull(members, "members"));
    this.members = Collections.unmodifiableSortedMap(sorted);
  }

  /** Builds an object from any map; the map's own order is discarded. */
  public static JsonObject of(Map<String, JsonValue> members) {
    return new JsonObject(new TreeMap<>(members));
  }

  /** The members, sorted by key. */
  public SortedMap<String, JsonValue> members() {
    return members;
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
  public boolean equals(Object other) {
    return other == this
        || other instanceof JsonObject object
            && hashCode() == object.hashCode()
            && members.equals(object.members);
  }

  @Override
  public int hashCode() {
    int known = hash;
    if (known == 0 && !hashIsZero) {
      known = members.hashCode();
      if (known == 0) {
        hashIsZero = true;
      } else {
        hash = known;
      }
    }
    return known;
  }

  @Override
  public String toString() {
    return canonicalText();
  }
}
