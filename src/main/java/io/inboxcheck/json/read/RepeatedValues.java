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

  /**
   * The string spelled by {@code length} characters of {@code chars} from {@code offset}, as the
   * parser holds them: a shared value is found without first making a string of the characters.
   */
  JsonString string(char[] chars, int offset, int length) {
    if (length > LONGEST) {
      return new JsonString(new String(chars, offset, length));
    }
    int hash = hash(chars, offset, length);
    int slot = hash & (SLOTS - 1);
    if (stringHashes[slot] == hash) {
      JsonString cached = strings[slot];
      if (cached != null && spells(cached.value(), chars, offset, length)) {
        return cached;
      }
    }
    JsonString fresh = new JsonString(new String(chars, offset, length));
    strings[slot] = fresh;
    stringHashes[slot] = hash;
    return fresh;
  }

  /** The hash {@link String#hashCode} gives the same characters. */
  private static int hash(char[] chars, int offset, int length) {
    int hash = 0;
    for (int index = offset; index < offset + length; index++) {
      hash = 31 * hash + chars[index];
    }
    return hash;
  }

  private static boolean spells(String text, char[] chars, int offset, int length) {
    if (text.length() != length) {
      return false;
    }
    for (int index = 0; index < length; index++) {
      if (text.charAt(index) != chars[offset + index]) {
        return false;
      }
    }
    return true;
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
