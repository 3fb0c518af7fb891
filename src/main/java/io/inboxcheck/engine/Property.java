package io.inboxcheck.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * An immutable description of a property: a named generator plus a check, with run options.
 *
 * <p>Build one with {@link #of} or {@link #asserting} and refine it with the {@code with...} and
 * {@link #requireCoverage} methods, each of which returns a new property.
 *
 * @param name unique, human-readable name; also keys the example database and the default seed
 * @param generator builds a value from choices; must be a pure function of the choices drawn
 * @param check judges a value; may throw
 * @param renderer turns a value into text for failure reports
 * @param coverage labels that a minimum share of test cases must reach
 * @param triesMultiplier scales the configured number of tries for this property
 * @param maxDiscardShare largest tolerated share of discarded (overrun) test cases
 * @param <T> the type of generated value
 */
public record Property<T>(
    String name,
    Function<Choices, T> generator,
    Check<T> check,
    Function<? super T, String> renderer,
    List<CoverageRequirement> coverage,
    double triesMultiplier,
    double maxDiscardShare) {

  /** Default value of {@link #maxDiscardShare()}. */
  public static final double DEFAULT_MAX_DISCARD_SHARE = 0.25;

  /** Validates the components and freezes the coverage list. */
  public Property {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(generator, "generator");
    Objects.requireNonNull(check, "check");
    Objects.requireNonNull(renderer, "renderer");
    coverage = List.copyOf(coverage);
    if (name.isBlank()) {
      throw new IllegalArgumentException("property name must not be blank");
    }
    if (!(triesMultiplier > 0)) {
      throw new IllegalArgumentException("tries multiplier must be positive: " + triesMultiplier);
    }
    if (!(maxDiscardShare >= 0 && maxDiscardShare <= 1)) {
      throw new IllegalArgumentException("max discard share must be in [0, 1]: " + maxDiscardShare);
    }
  }

  /** A property whose check returns a {@link Verdict}; values render with {@code toString}. */
  public static <T> Property<T> of(String name, Function<Choices, T> generator, Check<T> check) {
    return new Property<>(
        name, generator, check, String::valueOf, List.of(), 1.0, DEFAULT_MAX_DISCARD_SHARE);
  }

  /** A property whose check passes unless it throws, convenient for AssertJ assertions. */
  public static <T> Property<T> asserting(
      String name, Function<Choices, T> generator, AssertingCheck<T> check) {
    Objects.requireNonNull(check, "check");
    return of(
        name,
        generator,
        (value, context) -> {
          check.check(value, context);
          return Verdict.pass();
        });
  }

  /** Requires that at least {@code minimumShare} of valid test cases reach {@code label}. */
  public Property<T> requireCoverage(String label, double minimumShare) {
    List<CoverageRequirement> extended = new ArrayList<>(coverage);
    extended.add(new CoverageRequirement(label, minimumShare));
    return new Property<>(
        name, generator, check, renderer, extended, triesMultiplier, maxDiscardShare);
  }

  /** Uses {@code newRenderer} to show generated values in failure reports. */
  public Property<T> withRenderer(Function<? super T, String> newRenderer) {
    return new Property<>(
        name, generator, check, newRenderer, coverage, triesMultiplier, maxDiscardShare);
  }

  /** Runs {@code multiplier} times the configured number of tries (at least one). */
  public Property<T> withTriesMultiplier(double multiplier) {
    return new Property<>(name, generator, check, renderer, coverage, multiplier, maxDiscardShare);
  }

  /** Tolerates up to {@code share} of the test cases being discarded for overrunning. */
  public Property<T> withMaxDiscardShare(double share) {
    return new Property<>(name, generator, check, renderer, coverage, triesMultiplier, share);
  }
}
