package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.cli.CommandRun;
import io.inboxcheck.report.FailureStory;
import io.inboxcheck.suite.PropertyReport;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault-sequence property sends bodies at, just past and far past each delivery bound (SPEC
 * section 1.5); the example receiver whose parser's bounds raise answers 500 to those past them, a
 * poison message. The property catches it early, shrinks it to the one body, and the replay it
 * prints (the body described, not spelled) fails against the receiver and passes against the model.
 */
class PythonPoisonMessageCheckTests {
  private static final String MISTAKE = "bounded-parser-raises";
  private static final String COMMAND = PythonReceiver.COMMAND + " --mistake " + MISTAKE;

  @TempDir Path examples;

  @Tag("slow")
  @Test
  void thePropertyCatchesThePoisonMessageShrunkToOneBodyAndReplayable() {
    PropertyReport outcome = PythonExactValueMistakeTests.caughtEarly(MISTAKE, examples);

    assertThat(outcome.message()).contains("a poison message: the provider retries this forever");
    assertThat(outcome.shrunkSteps()).as(outcome.message()).isEqualTo(1);
    List<FailureStory.Replay> replays = outcome.story().orElseThrow().replays();
    assertThat(PythonExactValueMistakeTests.run(replays.get(0).command()).exitCode())
        .as("replay against the receiver")
        .isOne();
    assertThat(PythonExactValueMistakeTests.run(replays.get(1).command()).exitCode())
        .as("replay against the model")
        .isZero();
  }

  /** The same with the command a user types: {@code check}, every default option. */
  @Tag("slow")
  @Test
  void checkWithDefaultOptionsCatchesIt() {
    PythonReceiver.requirePython();
    String receiver = "exec:" + COMMAND;

    CommandRun run =
        CommandRun.of(
            "check", "--receiver", receiver, "--reports", examples.resolve("check").toString());

    assertThat(run.exitCode()).as("%s%s", run.out(), run.err()).isEqualTo(1);
    assertThat(run.out()).contains("a poison message: the provider retries this forever");
    assertThat(run.out()).contains("replay --receiver '" + receiver + "'");
  }
}
