package io.inboxcheck.store;

import java.sql.Connection;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;

/**
 * The race hook of the randomised concurrency tests: a short wait wherever a transaction decided
 * and has not written, and in the view between its counters and its audit, so that transactions
 * that are not kept apart by a lock really interleave. The store's statements are the same with or
 * without it; only the moments between them move.
 */
final class RaceWindows implements RaceHook {
  /** The windows waited at: each one between a read that decides and the writes after it. */
  static final Set<Window> WIDENED =
      EnumSet.of(
          Window.DELIVERY_DECIDED,
          Window.RECONCILE_DECIDED,
          Window.PRUNE_DECIDED,
          Window.VIEW_COUNTERS_READ);

  private final Duration wait;

  RaceWindows(Duration wait) {
    this.wait = wait;
  }

  @Override
  public void reached(Window window, Connection connection) {
    if (!WIDENED.contains(window)) {
      return;
    }
    try {
      Thread.sleep(wait.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
