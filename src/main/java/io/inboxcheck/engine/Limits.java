package io.inboxcheck.engine;

/**
 * Upper bounds that keep generation and shrinking finite.
 *
 * @param maxChoices choices one test case may draw before it is discarded as overrun
 * @param maxShrinkAttempts candidate test cases the shrinker may execute for one failure
 * @param maxShrinkPasses full rounds of all shrink passes; shrinking also stops earlier when a
 *     round makes no progress
 */
public record Limits(int maxChoices, int maxShrinkAttempts, int maxShrinkPasses) {

  /** Default for {@link #maxChoices()}. */
  public static final int MAX_CHOICES = Choices.MAX_CHOICES;

  /** Default for {@link #maxShrinkAttempts()}. */
  public static final int MAX_SHRINK_ATTEMPTS = 5_000;

  /** Default for {@link #maxShrinkPasses()}. */
  public static final int MAX_SHRINK_PASSES = 50;

  /** The default limits. */
  public static final Limits DEFAULTS =
      new Limits(MAX_CHOICES, MAX_SHRINK_ATTEMPTS, MAX_SHRINK_PASSES);

  /** Rejects non-positive choice limits and negative shrink limits. */
  public Limits {
    if (maxChoices < 1) {
      throw new IllegalArgumentException("maxChoices must be positive: " + maxChoices);
    }
    if (maxShrinkAttempts < 0 || maxShrinkPasses < 0) {
      throw new IllegalArgumentException("shrink limits must not be negative");
    }
  }
}
