package io.inboxcheck.suite;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.scenario.Scenario;
import java.nio.file.Path;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The near twins and "nothing" values are pinned in the scenario files as well as generated: every
 * label of the family is earned by some scenario file, so each has an expected decision a person
 * wrote down, and a file that loses one is noticed.
 */
class TwinLabelsTests {
  @Test
  void theScenarioFilesEarnEveryNearTwinAndNothingLabel() {
    ScenarioFolder.Loaded loaded = ScenarioFolder.read(Path.of("scenarios"));
    assertThat(loaded.rejections()).isEmpty();

    SortedSet<String> earned = new TreeSet<>();
    for (Scenario scenario : loaded.scenarios()) {
      earned.addAll(TwinLabels.ofScenario(scenario));
    }

    assertThat(earned).containsAll(TwinLabels.all());
  }

  @Test
  void theGuidesScenarioOfPlainIdsAndStatesEarnsNone() {
    Scenario guide =
        ScenarioFolder.read(Path.of("scenarios")).scenarios().stream()
            .filter(scenario -> scenario.name().equals("B62-15-events"))
            .findFirst()
            .orElseThrow();

    assertThat(TwinLabels.ofScenario(guide)).isEmpty();
  }
}
