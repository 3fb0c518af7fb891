package io.inboxcheck.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.ScenarioRunner;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.report.HistoryHtml;
import io.inboxcheck.report.HistoryJson;
import io.inboxcheck.report.HistoryText;
import io.inboxcheck.report.ReportFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays every file in {@code scenarios/} against the reference model: adding a scenario needs no
 * code. Each replay writes {@code reports/scenarios/NAME.md}, {@code .json} and {@code .html}.
 */
class ScenarioFilesScenarioTests {
  /** The guide's walkthrough plus at least ten provider quirks (issue 2). */
  private static final int MINIMUM_SCENARIO_FILES = 11;

  @TestFactory
  Stream<DynamicTest> everyScenarioFileReplaysWithItsExpectationsHolding() throws IOException {
    return scenarioFiles().stream()
        .map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> replay(file)));
  }

  @Test
  void theScenarioFolderHoldsTheGuideAndAtLeastTenQuirks() throws IOException {
    List<Path> files = scenarioFiles();
    assertThat(files).hasSizeGreaterThanOrEqualTo(MINIMUM_SCENARIO_FILES);
    assertThat(files).anyMatch(file -> file.getFileName().toString().equals("B62-15-events.json"));
  }

  private static void replay(Path file) throws Exception {
    Scenario scenario = new ScenarioReader().read(file);
    History history = new ScenarioRunner(ModelReceiver::new).replay(scenario);
    Path folder = ProjectPaths.reports().resolve("scenarios");
    String name = ReportFiles.safeName(scenario.name());
    ReportFiles.write(
        folder.resolve(name + ".md"), HistoryText.render(history, HistoryText.Layout.MARKDOWN));
    ReportFiles.write(folder.resolve(name + ".json"), HistoryJson.render(history));
    ReportFiles.write(folder.resolve(name + ".html"), HistoryHtml.render(history));

    assertThat(scenario.name())
        .as("a scenario's name matches its file name, so reports are easy to find")
        .isEqualTo(file.getFileName().toString().replaceFirst("\\.json$", ""));
    assertThat(scenario.description()).as("every scenario says which quirk it pins").isNotBlank();
    assertThat(history.expectations().checked())
        .as("a scenario without expectations is a check that cannot fail")
        .isPositive();
    assertThat(history.expectations().failures()).as("expectation failures in %s", file).isEmpty();
  }

  private static List<Path> scenarioFiles() throws IOException {
    return ProjectPaths.scenarioFiles();
  }
}
