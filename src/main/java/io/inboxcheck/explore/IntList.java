package io.inboxcheck.explore;

import java.util.Arrays;

/**
 * A growable array of ints: the search's graph has millions of edges, boxed integers would not do.
 */
final class IntList {
  private int[] values = new int[1024];
  private int size;

  void add(int value) {
    if (size == values.length) {
      values = Arrays.copyOf(values, values.length * 2);
    }
    values[size++] = value;
  }

  int get(int index) {
    return values[index];
  }

  int size() {
    return size;
  }

  /** The bytes the list holds while it doubles: its array and the next one. */
  long bytesWhileGrowing() {
    return values.length * 12L;
  }
}
