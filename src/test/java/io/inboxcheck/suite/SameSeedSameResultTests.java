package io.inboxcheck.suite;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.engine.Property;
import io.inboxcheck.engine.PropertyRunner;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioWriter;
import io.inboxcheck.zoo.NewerVariantApplyingReceiver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Same seed, same result: generated scenarios and shrunk counterexamples are reproducible. */
class SameSeedSameResultTests {
  private static final long SEED = 20241130L;

  @TempDir Path firstRun;
  @TempDir Path secondRun;

  @Test
  void oneSeedGeneratesTheSameScenariosAndAnotherSeedOthers() {
    Property<Scenario> property =
        ReceiverProperties.faultSequences(
            "model", ModelReceiver::new, CheckedRun.Checks.INVARIANTS);

    assertThat(generated(property, SEED)).isEqualTo(generated(property, SEED));
    assertThat(generated(property, SEED)).isNotEqualTo(generated(property, SEED + 1));
  }

  @Test
  void oneSeedShrinksToTheSameCounterexample() throws Exception {
    PropertyReport first = shrink(firstRun);
    PropertyReport second = shrink(secondRun);

    assertThat(first.result().failure()).isPresent();
    assertThat(second.result().failure().get().shrunkChoices())
        .isEqualTo(first.result().failure().get().shrunkChoices());
    assertThat(Files.readString(second.counterexample().orElseThrow()))
        .isEqualTo(Files.readString(first.counterexample().orElseThrow()));
    assertThat(second.message())
        .isEqualTo(first.message().replace(firstRun.toString(), secondRun.toString()));
  }

  private static PropertyReport shrink(Path folder) {
    RunConfig config = RunConfig.defaults().withSeed(SEED).withoutExampleDatabase();
    return new PropertyHarness(config, folder)
        .faultSequences(
            "applies-newer-variant",
            NewerVariantApplyingReceiver::new,
            CheckedRun.Checks.INVARIANTS);
  }

  private static List<String> generated(Property<Scenario> property, long seed) {
    List<String> scenarios = new ArrayList<>();
    for (int tryIndex = 0; tryIndex < 50; tryIndex++) {
      Scenario scenario = PropertyRunner.generate(property, seed, tryIndex).value();
      scenarios.add(ScenarioWriter.render(scenario, null, Map.of()));
    }
    return scenarios;
  }
}
