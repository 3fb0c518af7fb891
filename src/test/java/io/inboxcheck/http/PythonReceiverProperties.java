package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.suite.PropertyHarness;
import io.inboxcheck.suite.PropertyRecords;
import io.inboxcheck.suite.PropertyReport;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The fault-sequence property against the example receiver in Python, over HTTP: every invariant on
 * what it reports after every step, and the model's decisions, acks, cards, held inputs and
 * counters at every step. Tagged slow: CI runs it after the default build ({@code -Pslow}).
 */
class PythonReceiverProperties {
  /**
   * HTTP requests at every step (a clock move, the webhook; the view comes with the answers) make a
   * generated scenario far slower than in the model (100 tries take about a minute on a busy 2-core
   * machine), so this property runs half the configured tries, 100 by default, and never more than
   * {@link #MAX_TRIES}.
   */
  static final int TRIES_DIVISOR = 2;

  /** The most tries this property runs, {@code -Pthorough} included: about four minutes. */
  static final int MAX_TRIES = 400;

  @Test
  @Tag("slow")
  void faultSequencesKeepEveryInvariantOverHttpAndConformToTheModel() {
    RunConfig defaults = RunConfig.defaults();
    PropertyHarness harness =
        new PropertyHarness(
            defaults.withTries(Math.min(MAX_TRIES, Math.max(1, defaults.tries() / TRIES_DIVISOR))),
            ProjectPaths.reports().resolve("counterexamples"));

    PropertyReport outcome;
    try (HttpReceivers python = PythonReceiver.correct()) {
      outcome =
          harness.faultSequences(
              "python-receiver", python, CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE);
    }
    PropertyRecords.record(ProjectPaths.reports(), outcome);

    assertThat(outcome.result().status())
        .as(outcome.message())
        .isEqualTo(PropertyResult.Status.PASSED);
    assertThat(outcome.result().metrics().get("steps")).isPositive();
  }
}
