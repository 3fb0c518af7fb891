package io.inboxcheck.engine;

import java.util.Collections;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What happened when one test case was generated and checked.
 *
 * @param outcome passed, failed, or discarded for overrunning the choice limit
 * @param value the generated value; null if generation overran or threw
 * @param failure the failure's signature, message and other broken signatures; null unless failed
 * @param choices the choices the test case consumed, replayable with {@link Choices#replay}
 * @param labels labels the check recorded, with occurrence counts
 * @param metrics metrics the check recorded
 * @param <T> the type of generated value
 */
public record TestCaseResult<T>(
    Outcome outcome,
    T value,
    Verdict.Fail failure,
    ChoiceSequence choices,
    SortedMap<String, Long> labels,
    SortedMap<String, Long> metrics) {

  /** The three ways a test case can end. */
  public enum Outcome {
    /** The check passed. */
    PASSED,
    /** The check (or the generator) failed. */
    FAILED,
    /** Generation exceeded the choice limit; the test case is discarded, not failed. */
    OVERRUN
  }

  /** Validates and freezes the components. */
  public TestCaseResult {
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(choices, "choices");
    if ((outcome == Outcome.FAILED) != (failure != null)) {
      throw new IllegalArgumentException("a failure is given exactly when the outcome is FAILED");
    }
    labels = Collections.unmodifiableSortedMap(new TreeMap<>(labels));
    metrics = Collections.unmodifiableSortedMap(new TreeMap<>(metrics));
  }

  /** The failure signature; empty unless failed. */
  public String signature() {
    return failure == null ? "" : failure.signature();
  }

  /** The failure message; empty unless failed. */
  public String message() {
    return failure == null ? "" : failure.message();
  }

  /** Other failure signatures the same value showed at the same point; empty unless failed. */
  public Set<String> alsoBroken() {
    return failure == null ? Set.of() : failure.alsoBroken();
  }

  /** A test case discarded for drawing more choices than allowed. */
  static <T> TestCaseResult<T> overrun(ChoiceSequence choices) {
    return new TestCaseResult<>(
        Outcome.OVERRUN, null, null, choices, new TreeMap<>(), new TreeMap<>());
  }

  /** Whether the test case failed. */
  public boolean failed() {
    return outcome == Outcome.FAILED;
  }

  /** Whether this test case failed with exactly {@code expectedSignature}. */
  public boolean failedWith(String expectedSignature) {
    return failed() && failure.signature().equals(expectedSignature);
  }
}
