package io.inboxcheck.conform;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every scenario file, replayed by the model and written as the log the model would keep, conforms
 * with nothing unjudged when conform knows the start; each log shape judges what it records.
 */
class ConformScenarioFilesTests {
  @TempDir Path folder;

  @TestFactory
  Stream<DynamicTest> theModelsOwnLogsConformWithEveryStepJudged() throws Exception {
    List<DynamicTest> tests = new ArrayList<>();
    for (Path file : ProjectPaths.scenarioFiles()) {
      tests.add(DynamicTest.dynamicTest(file.getFileName().toString(), () -> check(file)));
    }
    return tests.stream();
  }

  private void check(Path file) throws Exception {
    Scenario scenario = new ScenarioReader().read(file);
    History history = ModelLogs.history(scenario);
    for (ModelLogs.Shape shape :
        List.of(ModelLogs.Shape.FULL, ModelLogs.Shape.AUDIT, ModelLogs.Shape.DECISIONS)) {
      Conform.Result result = conform(scenario, ModelLogs.lines(scenario, history, shape));
      Tally tally = result.tally();
      String why = shape + " " + tally.divergenceExamples() + " " + tally.breachExamples();
      assertThat(tally.divergenceCount()).as(why).isZero();
      assertThat(tally.breachCount()).as(why).isZero();
      if (shape == ModelLogs.Shape.FULL) {
        assertThat(tally.unjudged()).as(shape.toString()).isEmpty();
      } else if (shape == ModelLogs.Shape.DECISIONS) {
        // Without pruned identities in the log, a clock check at an unchanged time is not shown.
        assertThat(tally.unjudged().keySet())
            .as(shape.toString())
            .isSubsetOf(Unjudged.Reason.CLOCK_CHECK_NOT_IN_LOG);
      }
    }
  }

  private Conform.Result conform(Scenario scenario, List<String> lines)
      throws InputRejected, BadLine, java.io.IOException {
    Path log = Files.write(folder.resolve(scenario.name() + ".jsonl"), lines);
    return Conform.run(
        new JsonLinesFile(log),
        new Conform.Options(
            LogStart.complete(scenario.initial()),
            new Judge.Settings(scenario.retention(), scenario.supportedTypes(), true),
            false));
  }
}
