package io.inboxcheck.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import io.inboxcheck.zoo.FirstRecordOverwritingReceiver;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

/** Cases where a checker once blamed a correct receiver, kept so it never does again. */
class InvariantCheckerTests {

  @Test
  void aRecordPrunedAndRecordedAgainInOneStepIsNotAnOverwrittenFirstRecord() throws Exception {
    Scenario scenario =
        new ScenarioReader()
            .read(ProjectPaths.scenarios().resolve("retention-ends-after-resolution.json"));

    CheckedRun.Result result =
        CheckedRun.run(scenario, ModelReceiver::new, CheckedRun.Checks.INVARIANTS);

    assertThat(result.violation()).isEmpty();
    assertThat(result.history().expectationsHold()).isTrue();
  }

  @Test
  void aSelectionReportsOnlyTheInvariantsItNames() throws Exception {
    Scenario scenario =
        new ScenarioReader()
            .read(ProjectPaths.scenarios().resolve("retention-ends-after-resolution.json"));

    CheckedRun.Result none =
        CheckedRun.run(
            scenario,
            FirstRecordOverwritingReceiver::new,
            CheckedRun.Checks.INVARIANTS,
            EnumSet.of(Invariant.NO_INVENTED_CARDS));
    CheckedRun.Result firstRecord =
        CheckedRun.run(
            scenario,
            FirstRecordOverwritingReceiver::new,
            CheckedRun.Checks.INVARIANTS,
            EnumSet.of(Invariant.FIRST_RECORD_KEPT));

    assertThat(none.violation()).isEmpty();
    assertThat(firstRecord.violation())
        .get()
        .extracting(Violation::invariant)
        .isEqualTo(Invariant.FIRST_RECORD_KEPT);
  }
}
