package io.inboxcheck.engine;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The immutable outcome of running one property.
 *
 * @param name the property name
 * @param seed the run seed; pass it as {@code -Dinboxcheck.seed=<seed>} to reproduce the run
 * @param triesRun test cases executed, including discarded ones and a replayed stored example
 * @param discarded test cases discarded because they overran the choice limit
 * @param labelCounts for each label, how many test cases reached it
 * @param metrics metrics summed over all test cases
 * @param status the overall verdict
 * @param failure details of the (shrunk) failure when {@code status} is FAILED
 * @param coverageShortfalls unmet coverage requirements when {@code status} is COVERAGE_FAILED
 * @param <T> the type of generated value
 */
public record PropertyResult<T>(
    String name,
    long seed,
    int triesRun,
    int discarded,
    SortedMap<String, Long> labelCounts,
    SortedMap<String, Long> metrics,
    Status status,
    Optional<Failure<T>> failure,
    List<CoverageShortfall> coverageShortfalls) {

  /** Longest prefix of a choice sequence shown by {@link #describe()}. */
  private static final int MAX_DESCRIBED_CHOICES = 64;

  /** The overall verdict of a property run. */
  public enum Status {
    /** Every test case passed and all requirements were met. */
    PASSED,
    /** A test case failed; see {@link PropertyResult#failure()}. */
    FAILED,
    /** All test cases passed but some required labels were reached too rarely. */
    COVERAGE_FAILED,
    /** More test cases than the property tolerates overran the choice limit. */
    TOO_MANY_DISCARDS,
    /**
     * Every try that ran passed, but the time budget ended generation before all planned tries ran;
     * coverage is not judged on a cut-short run. Not a failure, and not a pass either.
     */
    TIME_BUDGET_SPENT
  }

  /**
   * A failure, before and after shrinking.
   *
   * @param tryIndex zero-based index of the failing try (0 for a stored example)
   * @param fromDatabase whether the failure came from replaying the example database
   * @param originalChoices the choices of the failure as first found
   * @param shrunkChoices the choices after shrinking
   * @param shrunkValue the value generated from the shrunk choices (null if generation threw)
   * @param renderedValue {@code shrunkValue} rendered by the property's renderer
   * @param signature the failure signature, identical before and after shrinking
   * @param message the message of the shrunk failure
   * @param shrinkStepsAccepted how many shrink candidates were accepted
   * @param shrinkAttempts how many shrink candidates were executed
   * @param shrinkStop why shrinking stopped, and how to shrink further when it was not a fixpoint
   * @param exampleFile where the shrunk choices were saved, if the database is enabled
   * @param <T> the type of generated value
   */
  public record Failure<T>(
      int tryIndex,
      boolean fromDatabase,
      ChoiceSequence originalChoices,
      ChoiceSequence shrunkChoices,
      T shrunkValue,
      String renderedValue,
      String signature,
      String message,
      int shrinkStepsAccepted,
      int shrinkAttempts,
      ShrinkStop shrinkStop,
      Optional<Path> exampleFile) {}

  /** Freezes the collections so the record is deeply immutable. */
  public PropertyResult {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(failure, "failure");
    labelCounts = Collections.unmodifiableSortedMap(new TreeMap<>(labelCounts));
    metrics = Collections.unmodifiableSortedMap(new TreeMap<>(metrics));
    coverageShortfalls = List.copyOf(coverageShortfalls);
  }

  /** Whether the status is PASSED. */
  public boolean passed() {
    return status == Status.PASSED;
  }

  /** Throws an AssertionError carrying {@link #describe()} unless the property passed. */
  public void assertPassed() {
    if (!passed()) {
      throw new AssertionError(describe());
    }
  }

  /** A readable multi-line summary, showing the failing value as the property rendered it. */
  public String describe() {
    return describe(null);
  }

  /** A readable multi-line summary, rendering the failing value with {@code renderer}. */
  public String describe(Function<? super T, String> renderer) {
    StringBuilder text = new StringBuilder();
    text.append("Property '").append(name).append("' ").append(status).append('\n');
    text.append("  seed: ").append(seed);
    text.append(" (reproduce with -Dinboxcheck.seed=").append(seed).append(")\n");
    text.append("  tries run: ").append(triesRun).append(", discarded (overrun): ");
    text.append(discarded).append('\n');
    failure.ifPresent(details -> describeFailure(text, details, renderer));
    if (!coverageShortfalls.isEmpty()) {
      text.append("  coverage shortfalls:\n");
      coverageShortfalls.forEach(s -> text.append("    ").append(s.describe()).append('\n'));
    }
    if (status == Status.TOO_MANY_DISCARDS) {
      text.append("  too many test cases drew more choices than allowed; make the generator ");
      text.append("stop sooner or raise the property's max discard share\n");
    }
    describeCounts(text, "labels (test cases reaching each)", labelCounts);
    describeCounts(text, "metrics", metrics);
    return text.toString();
  }

  private void describeFailure(
      StringBuilder text, Failure<T> details, Function<? super T, String> renderer) {
    if (details.fromDatabase()) {
      text.append("  failed replaying the stored example before generating new ones\n");
    } else {
      text.append("  failing try: ").append(details.tryIndex()).append('\n');
    }
    text.append("  signature: ").append(details.signature()).append('\n');
    text.append("  shrunk value: ").append(rendered(details, renderer)).append('\n');
    text.append("  message: ").append(details.message().replace("\n", "\n    ")).append('\n');
    text.append(
        String.format(
            Locale.ROOT,
            "  shrinking: %d steps accepted in %d attempts; %s\n",
            details.shrinkStepsAccepted(),
            details.shrinkAttempts(),
            details.shrinkStop().sentence()));
    text.append("  shrunk choices: ").append(abbreviate(details.shrunkChoices())).append('\n');
    text.append("  original choices: ").append(abbreviate(details.originalChoices())).append('\n');
    details
        .exampleFile()
        .ifPresent(file -> text.append("  saved for replay in: ").append(file).append('\n'));
  }

  private static <T> String rendered(Failure<T> details, Function<? super T, String> renderer) {
    if (renderer == null || details.shrunkValue() == null) {
      return details.renderedValue();
    }
    try {
      return renderer.apply(details.shrunkValue());
    } catch (RuntimeException e) {
      return "<renderer threw " + e + ">";
    }
  }

  private static String abbreviate(ChoiceSequence choices) {
    List<Long> values = choices.values();
    if (values.size() <= MAX_DESCRIBED_CHOICES) {
      return "[" + choices.toText() + "] (" + values.size() + " choices)";
    }
    String shown = ChoiceSequence.of(values.subList(0, MAX_DESCRIBED_CHOICES)).toText();
    return "[" + shown + ",...] (" + values.size() + " choices)";
  }

  private void describeCounts(StringBuilder text, String title, Map<String, Long> counts) {
    if (counts.isEmpty()) {
      return;
    }
    text.append("  ").append(title).append(":\n");
    counts.forEach(
        (key, count) -> text.append("    ").append(key).append(": ").append(count).append('\n'));
  }
}
