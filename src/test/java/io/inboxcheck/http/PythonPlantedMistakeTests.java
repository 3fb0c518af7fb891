package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.cli.Main;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.report.FailureStory;
import io.inboxcheck.suite.PropertyHarness;
import io.inboxcheck.suite.PropertyReport;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example receiver with its planted mistake (the last arrival wins, whatever its version) is
 * caught over HTTP, shrunk to a short scenario, and the replay command the failure prints exits 1
 * against that receiver and 0 against the model.
 */
class PythonPlantedMistakeTests {
  static final String JAVA_JAR = "java -jar target/inboxcheck.jar ";

  @TempDir Path examples;

  @Test
  void theLastArrivalWinsMistakeIsCaughtShrunkAndReplayable() {
    PropertyHarness harness =
        new PropertyHarness(
            RunConfig.defaults().withSeedFromName().withTries(100).withExampleDirectory(examples),
            ProjectPaths.reports().resolve("counterexamples"));

    PropertyReport outcome;
    try (HttpReceivers planted = PythonReceiver.planted()) {
      outcome =
          harness.faultSequences(
              "python-last-arrival-wins", planted, CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE);
    }

    assertThat(outcome.result().status()).isEqualTo(PropertyResult.Status.FAILED);
    assertThat(outcome.shrunkSteps()).as(outcome.message()).isBetween(1, 6);
    List<FailureStory.Replay> replays = outcome.story().orElseThrow().replays();
    assertThat(replays).hasSize(2);
    String againstReceiver = replays.get(0).command();
    assertThat(againstReceiver)
        .as(outcome.message())
        .startsWith(JAVA_JAR + "replay --receiver 'exec:" + PythonReceiver.PLANTED_COMMAND + "' ")
        .endsWith(".json");
    assertThat(replays.get(1).command()).startsWith(JAVA_JAR + "replay ");

    assertThat(run(againstReceiver)).as("replay against the planted receiver").isEqualTo(1);
    assertThat(run(replays.get(1).command())).as("replay against the model").isEqualTo(0);
  }

  /** Runs a printed {@code java -jar} command line through {@link Main#run}. */
  private static int run(String commandLine) {
    assertThat(commandLine).startsWith(JAVA_JAR);
    String[] arguments =
        CommandWords.split(commandLine.substring(JAVA_JAR.length())).toArray(String[]::new);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    return Main.run(new PrintWriter(out, true), new PrintWriter(err, true), arguments);
  }
}
