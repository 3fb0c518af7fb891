package io.inboxcheck.modes;

import io.inboxcheck.engine.Limits;
import java.time.Duration;
import java.util.Optional;

/**
 * How far a failing crash or concurrency case is shrunk, for the command line and the Java API
 * alike. Every candidate restarts a process or sends a whole case, so shrinking is bounded: by the
 * budget a person gives, and by nothing else, so a run shrinks alike on a fast machine and a busy
 * one; or, when none is given, by a default budget and a time limit, whichever comes first.
 */
public final class Shrinking {
  /** Shrinking candidates at most, when no budget is given. */
  public static final int DEFAULT_BUDGET = 150;

  /** How long shrinking one failure may take, at most, when no budget is given. */
  public static final Duration TIME_LIMIT = Duration.ofMinutes(3);

  private Shrinking() {}

  /**
   * The limits for {@code budget} candidates, with no time limit; for {@code null}, the default
   * budget and the time limit.
   */
  public static Limits limits(Integer budget) {
    return budget == null
        ? new Limits(
            Limits.MAX_CHOICES, DEFAULT_BUDGET, Limits.MAX_SHRINK_PASSES, Optional.of(TIME_LIMIT))
        : new Limits(Limits.MAX_CHOICES, budget, Limits.MAX_SHRINK_PASSES, Optional.empty());
  }
}
