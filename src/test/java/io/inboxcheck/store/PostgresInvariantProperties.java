package io.inboxcheck.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.suite.PropertyHarness;
import io.inboxcheck.suite.PropertyRecords;
import io.inboxcheck.suite.PropertyReport;
import org.junit.jupiter.api.Test;

/**
 * The fault-sequence property against the PostgreSQL receiver: every invariant on what the database
 * holds after every step, and the model's decisions, acks, cards, held inputs and counters at every
 * step.
 */
class PostgresInvariantProperties {
  /**
   * A database round trip per statement and an fsync per commit make a generated scenario far
   * slower than in the model, so the PostgreSQL property runs this fraction of the configured
   * tries: 40 (200 scenarios) by default, 800 (4000 scenarios) under -Pthorough.
   */
  static final int TRIES_DIVISOR = 5;

  /**
   * The fewest cases a floor must expect at this run's size to be judged here. At a fifth of the
   * tries a floor of 1% expects two cases, and whether a 0.5% label (one body shape of eleven) came
   * at all says more about the seed than about the generator, which is the model's and is held to
   * every floor by the model's own property at full size (InvariantProperties). Such floors are
   * reported here, not judged; at 200 cases the floors of 2.5% and more (every decision kind,
   * versions at integer edges, "nothing" values in states, receipt times with fractions) are.
   */
  static final double JUDGED_EXPECTED_CASES = 5;

  static boolean judged(double floor, long cases) {
    return floor * cases >= JUDGED_EXPECTED_CASES;
  }

  @Test
  void faultSequencesKeepEveryInvariantInTheDatabaseAndConformToTheModel() {
    RunConfig defaults = RunConfig.defaults();
    PropertyHarness harness =
        new PropertyHarness(
            defaults.withTries(Math.max(1, defaults.tries() / TRIES_DIVISOR)),
            ProjectPaths.reports().resolve("counterexamples"));

    PropertyReport outcome =
        harness.faultSequences(
            "postgres", TestPostgres::freshReceiver, CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE);
    PropertyRecords.record(ProjectPaths.reports(), outcome);

    assertThat(outcome.result().status())
        .as(outcome.message())
        .isIn(PropertyResult.Status.PASSED, PropertyResult.Status.COVERAGE_FAILED);
    assertThat(
            outcome.result().coverageShortfalls().stream()
                .filter(shortfall -> judged(shortfall.minimumShare(), shortfall.validTestCases())))
        .as("floors this many tries can judge: %s", outcome.message())
        .isEmpty();
    assertThat(outcome.result().metrics().get("steps")).isPositive();
  }
}
