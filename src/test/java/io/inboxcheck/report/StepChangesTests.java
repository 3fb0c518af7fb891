package io.inboxcheck.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.ScenarioRunner;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.ScenarioReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What each step of the guide's walkthrough changed, as a failure story shows it. */
class StepChangesTests {

  @Test
  void theGuidesStepsChangeCardsPausesHeldInputsAndCounters() throws Exception {
    History guide =
        new ScenarioRunner(ModelReceiver::new)
            .replay(
                new ScenarioReader().read(ProjectPaths.scenarios().resolve("B62-15-events.json")));

    List<String> changes = StepChanges.of(guide).stream().map(FailureStory::describe).toList();

    assertThat(changes.get(0))
        .isEqualTo(
            "card-7 v10->v12, card-7 state {\"label\":\"Map\",\"stage\":\"queued\"}"
                + "->{\"label\":\"Map\",\"stage\":\"ready\"}, replacements event 0->1");
    assertThat(changes.get(1)).as("an identical redelivery changes nothing").isEqualTo("no change");
    assertThat(changes.get(2)).as("a stale event changes nothing").isEqualTo("no change");
    assertThat(changes.get(5)).isEqualTo("+paused card-7, +held e-202 ID_CONFLICT");
    assertThat(changes.get(7)).isEqualTo("+held e-300 UNKNOWN_OBJECT").doesNotContain("+card");
    assertThat(changes.get(8)).isEqualTo("+paused card-8, +held e-204 MISSING_VERSION");
    String reconcile = changes.get(10);
    assertThat(reconcile)
        .contains("card-7 v13->v14", "-paused card-7", "card-8 v3->v5", "-paused card-8")
        .contains("-held e-202 ID_CONFLICT", "-held e-203 CARD_PAUSED", "-held e-205 CARD_PAUSED")
        .doesNotContain("-held e-204", "-held e-300");
  }

  @Test
  void aCardThatAppearsOrVanishesAndAReasonThatChangesAreNamed() {
    assertThat(FailureStory.describe(new StepChanges.CardRemoved("card-3")))
        .isEqualTo("-card card-3");
    assertThat(
            FailureStory.describe(
                new StepChanges.HeldReasonChanged(
                    4,
                    null,
                    io.inboxcheck.model.HeldReason.CARD_PAUSED,
                    io.inboxcheck.model.HeldReason.VERSION_CONFLICT)))
        .isEqualTo("held (no id, step 4) CARD_PAUSED->VERSION_CONFLICT");
    assertThat(FailureStory.describe(List.of())).isEqualTo("no change");
  }
}
