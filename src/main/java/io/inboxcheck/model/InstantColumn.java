package io.inboxcheck.model;

import java.time.Instant;
import java.util.Arrays;

/**
 * A column of instants kept as their seconds and nanoseconds, for {@link IdentityTable} and {@link
 * AuditLog}: two primitive slots instead of a reference, so writing one costs the collector's write
 * barrier nothing. Reading a slot gives an instant equal to the one written.
 */
final class InstantColumn {
  private long[] seconds;
  private int[] nanos;

  InstantColumn(int capacity) {
    this.seconds = new long[capacity];
    this.nanos = new int[capacity];
  }

  /** A copy of {@code other} with room for {@code capacity} slots. */
  InstantColumn(InstantColumn other, int capacity) {
    this.seconds = Arrays.copyOf(other.seconds, capacity);
    this.nanos = Arrays.copyOf(other.nanos, capacity);
  }

  int capacity() {
    return seconds.length;
  }

  /** Keeps the first {@code capacity} slots, or all of them with room to grow to that. */
  void resize(int capacity) {
    seconds = Arrays.copyOf(seconds, capacity);
    nanos = Arrays.copyOf(nanos, capacity);
  }

  void set(int slot, Instant instant) {
    seconds[slot] = instant.getEpochSecond();
    nanos[slot] = instant.getNano();
  }

  Instant get(int slot) {
    return Instant.ofEpochSecond(seconds[slot], nanos[slot]);
  }

  /** Copies slot {@code from} of {@code source} to slot {@code to} of this column. */
  void copy(InstantColumn source, int from, int to) {
    seconds[to] = source.seconds[from];
    nanos[to] = source.nanos[from];
  }
}
