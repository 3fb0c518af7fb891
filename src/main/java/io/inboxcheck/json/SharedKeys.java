package io.inboxcheck.json;

import java.util.Arrays;

/**
 * One sorted key array per recently seen set of keys, for the maps a reader builds: deliveries of
 * one kind spell the same keys, so their maps can share one array instead of each keeping its own.
 * Each slot keeps the last array whose hash fell into it, and an array is shared only with an equal
 * one. A shared array is never written again. The slots may be read and replaced by several threads
 * without locking: each holds an immutable entry whose final field publishes the array.
 */
public final class SharedKeys {
  private static final int SLOTS = 256;

  /** Objects with more keys than this are rarely repeated, and comparing them costs more. */
  static final int MOST_KEYS = 32;

  private final Entry[] slots = new Entry[SLOTS];

  private record Entry(int hash, String[] keys) {}

  /**
   * An array equal to {@code sorted}: an earlier one, or {@code sorted} itself. The caller must
   * never write either again.
   */
  String[] share(String[] sorted) {
    if (sorted.length > MOST_KEYS) {
      return sorted;
    }
    int hash = Arrays.hashCode(sorted);
    int slot = (hash ^ hash >>> 16) & (SLOTS - 1);
    Entry entry = slots[slot];
    if (entry != null && entry.hash() == hash && Arrays.equals(entry.keys(), sorted)) {
      return entry.keys();
    }
    slots[slot] = new Entry(hash, sorted);
    return sorted;
  }
}
