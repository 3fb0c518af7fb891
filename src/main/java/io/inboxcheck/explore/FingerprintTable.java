package io.inboxcheck.explore;

/**
 * The search's visited set: 64-bit state fingerprints mapped to node numbers, in two primitive
 * arrays with open addressing (linear probing), so a state costs 12 bytes over the table's free
 * share and nothing is boxed. Fingerprint 0 is stored in a slot of its own, since 0 marks an empty
 * slot.
 */
final class FingerprintTable {
  private static final int ABSENT = -1;
  private static final int INITIAL_CAPACITY = 1 << 12;

  private long[] keys = new long[INITIAL_CAPACITY];
  private int[] values = new int[INITIAL_CAPACITY];
  private int size;
  private int zeroValue = ABSENT;

  /** The node stored for {@code fingerprint}, or -1. */
  int get(long fingerprint) {
    if (fingerprint == 0) {
      return zeroValue;
    }
    int mask = keys.length - 1;
    for (int slot = spread(fingerprint) & mask; keys[slot] != 0; slot = (slot + 1) & mask) {
      if (keys[slot] == fingerprint) {
        return values[slot];
      }
    }
    return ABSENT;
  }

  /** Stores {@code node} for a fingerprint not stored yet. */
  void put(long fingerprint, int node) {
    if (fingerprint == 0) {
      zeroValue = node;
      size++;
      return;
    }
    if ((size + 1) * 4L > keys.length * 3L) {
      grow();
    }
    insert(keys, values, fingerprint, node);
    size++;
  }

  int size() {
    return size;
  }

  /** The bytes the table holds now. */
  long bytes() {
    return keys.length * 12L;
  }

  /** The bytes the table holds while it doubles: the old arrays and the new ones. */
  long bytesWhileGrowing() {
    return keys.length * 36L;
  }

  private void grow() {
    long[] oldKeys = keys;
    int[] oldValues = values;
    keys = new long[oldKeys.length * 2];
    values = new int[oldKeys.length * 2];
    for (int slot = 0; slot < oldKeys.length; slot++) {
      if (oldKeys[slot] != 0) {
        insert(keys, values, oldKeys[slot], oldValues[slot]);
      }
    }
  }

  private static void insert(long[] keys, int[] values, long fingerprint, int node) {
    int mask = keys.length - 1;
    int slot = spread(fingerprint) & mask;
    while (keys[slot] != 0) {
      slot = (slot + 1) & mask;
    }
    keys[slot] = fingerprint;
    values[slot] = node;
  }

  /** Fingerprints are already well mixed; the high bits are folded in for small tables. */
  private static int spread(long fingerprint) {
    return (int) (fingerprint ^ (fingerprint >>> 32));
  }
}
