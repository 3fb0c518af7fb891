package io.inboxcheck.engine;

import java.time.Duration;

/**
 * When a run stops generating new tries. Shrinking a failure already found is bounded by {@link
 * Limits} instead, so a failure is always reported shrunk.
 */
@FunctionalInterface
public interface Deadline {
  /** No time limit: every planned try runs. */
  Deadline NONE = () -> false;

  /** Whether the time is up. */
  boolean passed();

  /** A deadline {@code budget} after now, measured on the monotonic clock. */
  static Deadline after(Duration budget) {
    long start = System.nanoTime();
    long nanos = budget.toNanos();
    return () -> System.nanoTime() - start >= nanos;
  }
}
