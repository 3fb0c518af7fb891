package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.report.HistoryJson;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Sequential conformance over HTTP: every file in {@code scenarios/} replays against the example
 * receiver in Python (one process, reset per scenario) with every invariant holding on what it
 * reports, and with the same history as the model, audit included.
 */
class PythonReceiverScenarioTests {
  private static HttpReceivers receivers;

  @BeforeAll
  static void start() {
    receivers = PythonReceiver.correct();
  }

  @AfterAll
  static void stop() {
    if (receivers != null) {
      receivers.close();
    }
  }

  @TestFactory
  Stream<DynamicTest> everyScenarioReplaysWithTheModelsHistory() throws IOException {
    return ProjectPaths.scenarioFiles().stream()
        .map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> replay(file)));
  }

  private static void replay(Path file) throws Exception {
    Scenario scenario = new ScenarioReader().read(file);

    CheckedRun.Result result =
        CheckedRun.run(scenario, receivers, CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE);

    assertThat(result.violation()).as("first violation in %s", file).isEmpty();
    assertThat(result.history().expectations().failures()).isEmpty();
    assertThat(withoutReceiverName(HistoryJson.render(result.history())))
        .as("the Python receiver's history of %s, audit included, equals the model's", file)
        .isEqualTo(withoutReceiverName(HistoryJson.render(result.referenceHistory())));
  }

  static String withoutReceiverName(String history) {
    return history.replaceFirst("\"receiver\" *: *\"[^\"]*\"", "\"receiver\": \"-\"");
  }
}
