package io.inboxcheck.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.report.HistoryJson;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Sequential conformance: every file in {@code scenarios/} replays against the PostgreSQL receiver
 * with every invariant holding on what the database holds, and with the same history as the model.
 */
class PostgresScenarioFilesScenarioTests {

  @TestFactory
  Stream<DynamicTest> everyScenarioReplaysWithTheModelsHistory() throws IOException {
    return scenarioFiles().stream()
        .map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> replay(file)));
  }

  private static void replay(Path file) throws Exception {
    Scenario scenario = new ScenarioReader().read(file);

    CheckedRun.Result result =
        CheckedRun.run(
            scenario, TestPostgres::freshReceiver, CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE);

    assertThat(result.violation()).as("first violation in %s", file).isEmpty();
    assertThat(result.history().expectations().failures()).isEmpty();
    assertThat(withoutReceiverName(HistoryJson.render(result.history())))
        .as("the PostgreSQL history of %s, audit included, equals the model's", file)
        .isEqualTo(withoutReceiverName(HistoryJson.render(result.referenceHistory())));
  }

  static String withoutReceiverName(String history) {
    return history.replaceFirst("\"receiver\" *: *\"[^\"]*\"", "\"receiver\": \"-\"");
  }

  private static List<Path> scenarioFiles() throws IOException {
    return ProjectPaths.scenarioFiles();
  }
}
