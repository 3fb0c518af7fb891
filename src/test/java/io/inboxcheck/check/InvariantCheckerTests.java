package io.inboxcheck.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import io.inboxcheck.zoo.CardExpiringReceiver;
import io.inboxcheck.zoo.FirstRecordOverwritingReceiver;
import io.inboxcheck.zoo.HeldDroppingReconcileReceiver;
import io.inboxcheck.zoo.IdOnlyDedupReceiver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Stream;
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

  /** The findings the scenario files provoke in {@code receivers}, over every file. */
  private static Set<Finding> findingsOverScenarioFiles(
      java.util.function.Function<io.inboxcheck.receiver.ReceiverSetup, Receiver> receivers)
      throws Exception {
    Set<Finding> found = EnumSet.noneOf(Finding.class);
    try (Stream<Path> files = Files.walk(ProjectPaths.scenarios())) {
      for (Path file :
          files
              .filter(f -> f.toString().endsWith(".json"))
              .filter(f -> !f.toString().endsWith(".schema.json"))
              .toList()) {
        Scenario scenario = new ScenarioReader().read(file);
        CheckedRun.run(scenario, receivers, CheckedRun.Checks.INVARIANTS)
            .violation()
            .map(Violation::finding)
            .ifPresent(found::add);
      }
    }
    return found;
  }

  @Test
  void theWaysOfLosingADeliveryAreNamedApart() throws Exception {
    assertThat(findingsOverScenarioFiles(IdOnlyDedupReceiver::new))
        .contains(Finding.DUPLICATE_OF_UNRECORDED_CONTENT)
        .doesNotContain(Finding.HELD_DECISION_NOT_LISTED);
    assertThat(findingsOverScenarioFiles(HeldDroppingReconcileReceiver::new))
        .contains(Finding.HELD_DECISION_NOT_LISTED)
        .doesNotContain(Finding.DUPLICATE_OF_UNRECORDED_CONTENT);
  }

  @Test
  void aClockAdvanceThatChangesACardIsNotCalledPausedFrozen() throws Exception {
    assertThat(findingsOverScenarioFiles(CardExpiringReceiver::new))
        .contains(Finding.CARD_CHANGED_BY_CLOCK)
        .doesNotContain(Finding.PAUSED_CARD_CHANGED);
  }
}
