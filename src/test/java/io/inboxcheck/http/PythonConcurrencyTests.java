package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.cli.CommandRun;
import org.junit.jupiter.api.Test;

/**
 * The example Python receiver under {@code check --concurrency 2}: it serves each request on its
 * own thread and takes one lock around each delivery, so copies in flight are serialised inside it
 * and every round has a serial order. Its audit names arrivals, not steps, so it is judged by the
 * serial-order search.
 */
class PythonConcurrencyTests {
  @Test
  void thePythonReceiverPassesWithTwoCopiesInFlight() {
    PythonReceiver.requirePython();

    CommandRun run =
        CommandRun.of(
            "check", "--concurrency", "2", "--receiver", "exec:" + PythonReceiver.COMMAND);

    assertThat(run.exitCode()).as("%s%s", run.out(), run.err()).isZero();
    assertThat(run.out())
        .contains("judged by searching the serial orders of each round")
        .containsPattern("copies of one delivery in flight at once +[1-9]\\d* pairs");
  }

  /**
   * The search is a check that fails: the planted mistake applies a lower version, which no serial
   * order of the round gives, whatever the interleaving.
   */
  @Test
  void theSearchCatchesThePlantedMistake() {
    PythonReceiver.requirePython();

    CommandRun run =
        CommandRun.of(
            "check", "--concurrency", "4", "--receiver", "exec:" + PythonReceiver.PLANTED_COMMAND);

    assertThat(run.exitCode()).as("%s%s", run.out(), run.err()).isEqualTo(1);
    assertThat(run.out())
        .contains("no serial order of its requests gives the answers")
        .contains("rerun with: java -jar target/inboxcheck.jar check --concurrency 4");
  }
}
