package io.inboxcheck.suite;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.report.ReportFiles;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The property suite against the reference model: every invariant after every step of generated
 * fault sequences, conformance, and order independence. Writes {@code reports/invariants.md}.
 * {@code -Dinboxcheck.provider=NAME} generates the fault sequences' redeliveries as that provider's
 * profile documents them, {@code -Dinboxcheck.retention=D} sets their retention.
 */
class InvariantProperties {
  private static final List<PropertyReport> OUTCOMES = new ArrayList<>();
  private static final PropertyHarness HARNESS =
      new PropertyHarness(RunConfig.defaults(), ProjectPaths.reports().resolve("counterexamples"))
          .generating(ProviderSettings.fromSystem(ProjectPaths.root().resolve("profiles")));

  @Test
  void faultSequencesKeepEveryInvariantAndConformToTheModel() {
    PropertyReport outcome =
        HARNESS.faultSequences(
            "model", ModelReceiver::new, CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE);
    OUTCOMES.add(outcome);
    PropertyRecords.record(ProjectPaths.reports(), outcome);
    assertThat(outcome.result().status())
        .as(outcome.message())
        .isEqualTo(PropertyResult.Status.PASSED);
    assertThat(outcome.result().metrics().get("steps")).isPositive();
  }

  @Test
  void arrivalOrderDoesNotChangeTheFinalCards() {
    PropertyReport outcome = HARNESS.orderIndependence("model", ModelReceiver::new);
    OUTCOMES.add(outcome);
    PropertyRecords.record(ProjectPaths.reports(), outcome);
    assertThat(outcome.result().status())
        .as(outcome.message())
        .isEqualTo(PropertyResult.Status.PASSED);
  }

  @AfterAll
  static void writeReport() {
    ReportFiles.write(
        ProjectPaths.reports().resolve("invariants.md"), InvariantReport.markdown(OUTCOMES));
    ReportFiles.write(
        ProjectPaths.reports().resolve("invariants.json"), InvariantReport.json(OUTCOMES));
  }
}
