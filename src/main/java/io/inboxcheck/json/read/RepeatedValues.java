package io.inboxcheck.json.read;

import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonString;
import java.math.BigDecimal;

/**
 * Shares one value per recently read short string or number text. Deliveries repeat most of their
 * scalars (types, timestamps, stages, small versions); a parsed envelope is kept for as long as its
 * identity record, so sharing them shrinks what every record holds. Each slot keeps the last value
 * whose text hashed to it and is reused only when the text is equal, so a value is never confused
 * with another. Each slot's text hash is kept beside it, so a text that only shares the slot is
 * told apart without reading the cached value, which a run of distinct ids has long since pushed
 * out of the cache. Values are immutable, so slots may be shared between threads without locking; a
 * hash read apart from its value only decides whether the texts are compared.
 */
final class RepeatedValues {
  private static final int SLOTS = 1024;
  private static final int LONGEST = 40;

  private final JsonString[] strings = new JsonString[SLOTS];
  private final int[] stringHashes = new int[SLOTS];
  private final NumberText[] numbers = new NumberText[SLOTS];

  /** A number with the text it was read from, in one immutable slot. */
  private record NumberText(String text, JsonNumber value) {}

  JsonString string(String text) {
    if (text.length() > LONGEST) {
      return new JsonString(text);
    }
    int hash = text.hashCode();
    int slot = hash & (SLOTS - 1);
    if (stringHashes[slot] == hash) {
      JsonString cached = strings[slot];
      if (cached != null && cached.value().equals(text)) {
        return cached;
      }
    }
    JsonString fresh = new JsonString(text);
    strings[slot] = fresh;
    stringHashes[slot] = hash;
    return fresh;
  }

  JsonNumber number(String text) {
    if (text.length() > LONGEST) {
      return new JsonNumber(new BigDecimal(text));
    }
    int slot = text.hashCode() & (SLOTS - 1);
    NumberText cached = numbers[slot];
    if (cached != null && cached.text().equals(text)) {
      return cached.value();
    }
    JsonNumber fresh = new JsonNumber(new BigDecimal(text));
    numbers[slot] = new NumberText(text, fresh);
    return fresh;
  }
}
