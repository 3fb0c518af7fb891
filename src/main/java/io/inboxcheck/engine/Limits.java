package io.inboxcheck.engine;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Upper bounds that keep generation and shrinking finite.
 *
 * <p>{@link #fromSystem()} reads the shrink limits from system properties (which the Maven build
 * forwards), so a failure that stopped shrinking on a limit can be shrunk further without code:
 * {@code inboxcheck.shrinkBudget} (attempts), {@code inboxcheck.shrinkRounds} (rounds) and {@code
 * inboxcheck.shrinkTime} (an ISO-8601 duration such as {@code PT2M}; unset means no time limit).
 *
 * @param maxChoices choices one test case may draw before it is discarded as overrun
 * @param maxShrinkAttempts candidate test cases the shrinker may execute for one failure
 * @param maxShrinkPasses full rounds of all shrink passes; shrinking also stops earlier when a
 *     round makes no progress
 * @param maxShrinkTime how long shrinking one failure may take, or empty for no time limit
 */
public record Limits(
    int maxChoices, int maxShrinkAttempts, int maxShrinkPasses, Optional<Duration> maxShrinkTime) {

  /** Default for {@link #maxChoices()}. */
  public static final int MAX_CHOICES = Choices.MAX_CHOICES;

  /** Default for {@link #maxShrinkAttempts()}. */
  public static final int MAX_SHRINK_ATTEMPTS = 5_000;

  /** Default for {@link #maxShrinkPasses()}. */
  public static final int MAX_SHRINK_PASSES = 50;

  /** System property naming {@link #maxShrinkAttempts()}. */
  public static final String SHRINK_BUDGET_PROPERTY = "inboxcheck.shrinkBudget";

  /** System property naming {@link #maxShrinkPasses()}. */
  public static final String SHRINK_ROUNDS_PROPERTY = "inboxcheck.shrinkRounds";

  /** System property naming {@link #maxShrinkTime()}. */
  public static final String SHRINK_TIME_PROPERTY = "inboxcheck.shrinkTime";

  /** The default limits: no time limit, so a default run's shrinking is reproducible. */
  public static final Limits DEFAULTS =
      new Limits(MAX_CHOICES, MAX_SHRINK_ATTEMPTS, MAX_SHRINK_PASSES);

  /** Rejects non-positive choice limits, negative shrink limits and a non-positive time. */
  public Limits {
    if (maxChoices < 1) {
      throw new IllegalArgumentException("maxChoices must be positive: " + maxChoices);
    }
    if (maxShrinkAttempts < 0 || maxShrinkPasses < 0) {
      throw new IllegalArgumentException("shrink limits must not be negative");
    }
    Objects.requireNonNull(maxShrinkTime, "maxShrinkTime");
    if (maxShrinkTime.isPresent()
        && (maxShrinkTime.get().isNegative() || maxShrinkTime.get().isZero())) {
      throw new IllegalArgumentException("maxShrinkTime must be positive: " + maxShrinkTime.get());
    }
  }

  /** Limits with no time limit on shrinking. */
  public Limits(int maxChoices, int maxShrinkAttempts, int maxShrinkPasses) {
    this(maxChoices, maxShrinkAttempts, maxShrinkPasses, Optional.empty());
  }

  /** The defaults, with the shrink limits the system properties set. */
  public static Limits fromSystem() {
    return new Limits(
        MAX_CHOICES,
        SystemSettings.integer(SHRINK_BUDGET_PROPERTY, MAX_SHRINK_ATTEMPTS),
        SystemSettings.integer(SHRINK_ROUNDS_PROPERTY, MAX_SHRINK_PASSES),
        SystemSettings.duration(SHRINK_TIME_PROPERTY));
  }
}
