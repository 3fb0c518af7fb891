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
}
