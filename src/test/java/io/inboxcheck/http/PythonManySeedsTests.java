package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.cli.CommandRun;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The correct Python example never fails {@code check --concurrency 4} or {@code check --crash}, on
 * many seeds in a row, each run once: a race the scheduler did not give is the check's weakness,
 * never a finding about the receiver. Which requests overlap is partly the scheduler's, so these
 * are the tests that would show a correct receiver failing by luck. Each failure names its seed and
 * the command that reruns it; {@code -Dinboxcheck.manySeedsFrom=S} starts the seeds elsewhere.
 */
@Tag("slow")
class PythonManySeedsTests {
  static final int CONCURRENCY_SEEDS = 20;
  static final int CRASH_SEEDS = 10;

  /** The first seed of each run of seeds: the checks' own defaults unless told otherwise. */
  private static final Long FROM = Long.getLong("inboxcheck.manySeedsFrom");

  @Test
  void theCorrectReceiverPassesTheConcurrencyCheckOnTwentySeedsInARow() {
    PythonReceiver.requirePython();
    long first = FROM != null ? FROM : 20261201L;

    List<String> notPassed = new ArrayList<>();
    for (long seed = first; seed < first + CONCURRENCY_SEEDS; seed++) {
      CommandRun run =
          CommandRun.of(
              "check",
              "--concurrency",
              "4",
              "--seed",
              Long.toString(seed),
              "--receiver",
              "exec:" + PythonReceiver.COMMAND);
      if (run.exitCode() != 0) {
        notPassed.add(story(run, seed, "check --concurrency 4"));
      }
    }

    assertThat(notPassed).as("seeds %d to %d", first, first + CONCURRENCY_SEEDS - 1).isEmpty();
  }

  @Test
  void theCorrectReceiverPassesTheCrashCheckOnTenSeedsInARow() {
    PythonReceiver.requirePython();
    long first = FROM != null ? FROM : 20241201L;

    List<String> notPassed = new ArrayList<>();
    for (long seed = first; seed < first + CRASH_SEEDS; seed++) {
      CommandRun run =
          CommandRun.of(
              "check",
              "--crash",
              "--seed",
              Long.toString(seed),
              "--receiver",
              "exec:" + PythonReceiver.COMMAND);
      if (run.exitCode() != 0) {
        notPassed.add(story(run, seed, "check --crash"));
      }
    }

    assertThat(notPassed).as("seeds %d to %d", first, first + CRASH_SEEDS - 1).isEmpty();
  }

  /** What a run that did not pass printed, and the command that reruns exactly its seed. */
  private static String story(CommandRun run, long seed, String check) {
    return "seed "
        + seed
        + ": exit code "
        + run.exitCode()
        + " (rerun with: java -jar target/inboxcheck.jar "
        + check
        + " --seed "
        + seed
        + " --receiver exec:\""
        + PythonReceiver.COMMAND
        + "\")\n"
        + run.out()
        + run.err();
  }
}
