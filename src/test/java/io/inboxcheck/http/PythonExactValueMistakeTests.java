package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.cli.CommandRun;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.report.FailureStory;
import io.inboxcheck.suite.PropertyHarness;
import io.inboxcheck.suite.PropertyReport;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The example receiver's planted mistakes about values it must compare exactly (SPEC section 1):
 * SAME_STATE on the state's text, event ids under a case-insensitive collation, {@code event_id}
 * coerced to text, ids and types read with {@code strip()}, SAME_STATE on parsed states with
 * Python's {@code ==} (where {@code 0 == False}), and times and the retention cut to whole seconds
 * (SPEC section 5 counts retention on the receiver clock, to the instant). The fault-sequence
 * property, as {@code check} runs it, catches each within the first 200 tries, shrinks it to at
 * most 6 steps, and the replay it prints fails against the receiver and passes against the model.
 */
class PythonExactValueMistakeTests {
  /** The tries a mistake must be caught within: a pull-request job's budget, not the default's. */
  static final int FIND_WITHIN = 200;

  static final String JAVA_JAR = "java -jar target/inboxcheck.jar ";

  @TempDir Path examples;

  /** The planted mistakes of this family, as {@code --mistake} names them. */
  static List<String> mistakes() {
    return List.of(
        "state-text",
        "ids-ignore-case",
        "event-id-as-text",
        "strip-ids",
        "dict-equality",
        "whole-seconds");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("mistakes")
  void eachIsCaughtEarlyShrunkAndReplayable(String mistake) {
    String command = PythonReceiver.COMMAND + " --mistake " + mistake;
    PropertyReport outcome = caughtEarly(mistake, examples);

    assertThat(outcome.shrunkSteps()).as(outcome.message()).isBetween(1, 6);
    List<FailureStory.Replay> replays = outcome.story().orElseThrow().replays();
    String againstReceiver = replays.get(0).command();
    assertThat(againstReceiver).startsWith(JAVA_JAR + "replay --receiver 'exec:" + command + "' ");
    assertThat(run(againstReceiver).exitCode()).as("replay against the receiver").isEqualTo(1);
    assertThat(run(replays.get(1).command()).exitCode()).as("replay against the model").isZero();
  }

  /** The same with the command a user types: {@code check}, every default option. */
  @Tag("slow")
  @ParameterizedTest(name = "{0}")
  @MethodSource("mistakes")
  void checkWithDefaultOptionsCatchesEach(String mistake) {
    PythonReceiver.requirePython();
    String receiver = "exec:" + PythonReceiver.COMMAND + " --mistake " + mistake;

    CommandRun run =
        CommandRun.of(
            "check", "--receiver", receiver, "--reports", examples.resolve("check").toString());

    assertThat(run.exitCode()).as("%s%s", run.out(), run.err()).isEqualTo(1);
    assertThat(run.out()).contains("replay --receiver '" + receiver + "'");
  }

  /**
   * The fault-sequence property, as {@code check} runs it, against the example receiver with {@code
   * mistake} planted: it fails, first on a try within {@link #FIND_WITHIN}.
   */
  static PropertyReport caughtEarly(String mistake, Path examples) {
    PropertyHarness harness =
        new PropertyHarness(
            RunConfig.defaults().withSeedFromName().withExampleDirectory(examples),
            ProjectPaths.reports().resolve("counterexamples"));
    String command = PythonReceiver.COMMAND + " --mistake " + mistake;

    PropertyReport outcome;
    try (HttpReceivers receiver = receiver(command)) {
      outcome =
          harness.faultSequences(
              "python-" + mistake, receiver, CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE);
    }

    assertThat(outcome.result().status())
        .as(outcome.message())
        .isEqualTo(PropertyResult.Status.FAILED);
    int caughtOn = outcome.result().failure().orElseThrow().tryIndex() + 1;
    System.out.printf(
        "python --mistake %s: caught on try %d, shrunk to %d steps%n",
        mistake, caughtOn, outcome.shrunkSteps());
    assertThat(caughtOn)
        .as("the try that first failed: %s", outcome.message())
        .isLessThanOrEqualTo(FIND_WITHIN);
    return outcome;
  }

  private static HttpReceivers receiver(String command) {
    PythonReceiver.requirePython();
    return HttpReceivers.exec(command, PythonReceiver.TIMEOUT);
  }

  /** Runs a printed {@code java -jar target/inboxcheck.jar ...} line in this JVM. */
  static CommandRun run(String commandLine) {
    assertThat(commandLine).startsWith(JAVA_JAR);
    return CommandRun.of(
        CommandWords.split(commandLine.substring(JAVA_JAR.length())).toArray(String[]::new));
  }
}
