package io.inboxcheck.engine;

import java.util.Collections;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Per-test-case recorder for coverage labels and metrics, handed to a property's check.
 *
 * <p>Labels say "this test case reached situation X"; the runner counts how many test cases reach
 * each label and compares that share with the property's coverage requirements. Metrics are numbers
 * summed over the whole run, for example the total number of steps executed.
 */
public final class TestContext {

  private final SortedMap<String, Long> labels = new TreeMap<>();
  private final SortedMap<String, Long> metrics = new TreeMap<>();

  /** Creates an empty context; public so checks can be unit-tested directly. */
  public TestContext() {}

  /** Records that this test case reached {@code label}; repeated calls count occurrences. */
  public void label(String label) {
    labels.merge(Objects.requireNonNull(label, "label"), 1L, Long::sum);
  }

  /** Adds {@code amount} to the metric {@code name}. */
  public void count(String name, long amount) {
    metrics.merge(Objects.requireNonNull(name, "name"), amount, Long::sum);
  }

  /** Adds one to the metric {@code name}. */
  public void count(String name) {
    count(name, 1);
  }

  /** The labels reached so far, mapped to how often each was recorded in this test case. */
  public SortedMap<String, Long> labels() {
    return Collections.unmodifiableSortedMap(new TreeMap<>(labels));
  }

  /** The metrics recorded so far in this test case. */
  public SortedMap<String, Long> metrics() {
    return Collections.unmodifiableSortedMap(new TreeMap<>(metrics));
  }
}
