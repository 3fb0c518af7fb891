package io.inboxcheck.engine;

import java.util.Locale;

/**
 * Why shrinking stopped, so a failure can say whether its scenario is as small as the passes make
 * it (a fixpoint) or whether a larger budget would shrink it further, and with which setting.
 *
 * @param reason what ended shrinking
 * @param limits the limits shrinking ran under, to name the one that ended it and a larger value
 * @param oneMinimal whether removing any single step or optional part ({@link Span#OPTIONAL}) of
 *     the result was tried and none still failed; false where a sequence has no optional parts
 */
public record ShrinkStop(Reason reason, Limits limits, boolean oneMinimal) {

  /** A stop whose one-minimality was not established. */
  public ShrinkStop(Reason reason, Limits limits) {
    this(reason, limits, false);
  }

  /** What ended shrinking. */
  public enum Reason {
    /** A whole round of every pass made no progress: no pass can shrink the failure further. */
    FIXPOINT,
    /** The shrinker executed as many candidates as {@link Limits#maxShrinkAttempts()} allows. */
    STEP_BUDGET,
    /** The shrinker ran {@link Limits#maxShrinkPasses()} rounds, each still making progress. */
    ROUND_LIMIT,
    /** {@link Limits#maxShrinkTime()} passed. */
    TIME
  }

  /** Whether the failure is as small as the passes can make it. */
  public boolean fixpoint() {
    return reason == Reason.FIXPOINT;
  }

  /** What stopped shrinking, e.g. {@code the step budget of 5,000 shrink attempts}. */
  public String describe() {
    return switch (reason) {
      case FIXPOINT -> "a fixpoint (no shrink pass made progress)";
      case STEP_BUDGET ->
          String.format(
              Locale.ROOT, "the step budget of %,d shrink attempts", limits.maxShrinkAttempts());
      case ROUND_LIMIT ->
          String.format(Locale.ROOT, "the limit of %,d shrink rounds", limits.maxShrinkPasses());
      case TIME -> "the shrink time limit of " + limits.maxShrinkTime().orElseThrow();
    };
  }

  /**
   * How to shrink further: the system property and a larger value, e.g. {@code
   * -Dinboxcheck.shrinkBudget=10000}; empty at a fixpoint, where a larger budget changes nothing.
   */
  public String furtherShrinking() {
    return switch (reason) {
      case FIXPOINT -> "";
      case STEP_BUDGET ->
          "-D" + Limits.SHRINK_BUDGET_PROPERTY + "=" + larger(limits.maxShrinkAttempts());
      case ROUND_LIMIT ->
          "-D" + Limits.SHRINK_ROUNDS_PROPERTY + "=" + larger(limits.maxShrinkPasses());
      case TIME ->
          "-D"
              + Limits.SHRINK_TIME_PROPERTY
              + "="
              + limits.maxShrinkTime().orElseThrow().multipliedBy(2);
    };
  }

  /** One sentence for a failure report: why shrinking stopped and, unless a fixpoint, what next. */
  public String sentence() {
    String stopped = "shrinking stopped at " + describe();
    return fixpoint() ? stopped : stopped + "; shrink further with " + furtherShrinking();
  }

  private static long larger(int limit) {
    return Math.max(1L, 2L * limit);
  }
}
