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
        .isEqualTo(PropertyResult.Status.PASSED);
    assertThat(outcome.result().metrics().get("steps")).isPositive();
  }
}
