package io.inboxcheck.bench;

import java.util.function.LongSupplier;

/** Runs a workload repeatedly for a fixed wall-clock budget after a warm-up, counting units. */
final class TimedLoop {
  private TimedLoop() {}

  /**
   * Runs {@code round} (which returns the units it processed) for {@code warmupNanos}, then for
   * {@code measureNanos}, and returns the units and nanoseconds of the measured part.
   */
  static long[] run(LongSupplier round, long warmupNanos, long measureNanos) {
    long warmupEnd = System.nanoTime() + warmupNanos;
    while (System.nanoTime() < warmupEnd) {
      round.getAsLong();
    }
    long units = 0;
    long start = System.nanoTime();
    long end = start + measureNanos;
    long now = start;
    while (now < end) {
      units += round.getAsLong();
      now = System.nanoTime();
    }
    return new long[] {units, now - start};
  }
}
