package io.inboxcheck.engine;

import java.util.Locale;

/**
 * A coverage requirement that a run did not meet.
 *
 * @param label the required label
 * @param minimumShare the share that was required
 * @param observedShare the share of valid test cases that reached the label
 * @param testCasesReaching how many valid test cases reached the label
 * @param validTestCases how many test cases were not discarded
 */
public record CoverageShortfall(
    String label,
    double minimumShare,
    double observedShare,
    long testCasesReaching,
    long validTestCases) {

  /** One line such as {@code label 'x' reached in 2 of 200 test cases (1.00%), required 20.00%}. */
  public String describe() {
    return String.format(
        Locale.ROOT,
        "label '%s' reached in %d of %d test cases (%.2f%%), required at least %.2f%%",
        label,
        testCasesReaching,
        validTestCases,
        observedShare * 100,
        minimumShare * 100);
  }
}
