package io.inboxcheck.suite;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.ScenarioRunner;
import io.inboxcheck.engine.Property;
import io.inboxcheck.engine.PropertyRunner;
import io.inboxcheck.generate.OversizedBodies;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import io.inboxcheck.scenario.ScenarioStep;
import io.inboxcheck.scenario.ScenarioWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Any generated scenario, written as a file with the model's expectations, reads back to the same
 * steps and replays with every expectation holding: counterexample files are always replayable,
 * bodies too large or deep to spell included.
 */
class GeneratedScenarioFileTests {
  private static final int SCENARIOS = 200;

  @Test
  void writtenScenariosReadBackAndReplayGreen() throws Exception {
    Property<Scenario> property =
        ReceiverProperties.faultSequences(
            "model", ModelReceiver::new, CheckedRun.Checks.INVARIANTS);
    ScenarioRunner runner = new ScenarioRunner(ModelReceiver::new);
    int checkedFacts = 0;
    int respelled = 0;
    int described = 0;
    for (int tryIndex = 0; tryIndex < SCENARIOS; tryIndex++) {
      Scenario generated = PropertyRunner.generate(property, 7L, tryIndex).value();
      String text = ScenarioWriter.render(generated, runner.replay(generated), Map.of());

      Scenario read = new ScenarioReader().read("generated-" + tryIndex, text);
      History replayed = runner.replay(read);

      assertThat(read.steps()).hasSameSizeAs(generated.steps());
      for (int index = 0; index < read.steps().size(); index++) {
        if (generated.steps().get(index) instanceof ScenarioStep.Deliver sent) {
          ScenarioStep.Deliver back = (ScenarioStep.Deliver) read.steps().get(index);
          assertThat(back.envelope().content()).isEqualTo(sent.envelope().content());
          assertThat(back.envelope().text()).isEqualTo(sent.envelope().text());
          respelled += sent.envelope().rawText() == null ? 0 : 1;
          described += OversizedBodies.shapeOf(sent.envelope()).isPresent() ? 1 : 0;
        }
      }
      assertThat(read.initial()).isEqualTo(generated.initial());
      assertThat(replayed.expectations().failures()).as(text).isEmpty();
      checkedFacts += replayed.expectations().checked();
    }
    assertThat(checkedFacts).isGreaterThan(SCENARIOS * 10);
    assertThat(respelled)
        .as("respelled redeliveries were generated and survived the round trip")
        .isPositive();
    assertThat(described)
        .as("bodies at and past the delivery bounds, written as described, read back the same")
        .isPositive();
  }
}
