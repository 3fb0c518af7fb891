package io.inboxcheck.zoo;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.cli.CommandRun;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A race's printed {@code --reproduce} fails again: the zoo's reconciliation that is not one
 * transaction is caught by {@code check --concurrency 4}, and the code it prints, run ten times as
 * a person would paste it, fails every time, each saying on which send it failed. The rerun by seed
 * says it may pass, since it cannot promise the interleaving that failed.
 */
class RaceReproduceTests {
  private static final String RECEIVER = "class:" + NonAtomicReconcileReceiver.class.getName();
  private static final Pattern REPRODUCE = Pattern.compile("--reproduce (\\S+)");
  private static final Pattern SENT = Pattern.compile("FAILED on send (\\d+) of at most (\\d+):");

  @Test
  void thePrintedReproduceFailsOnItsFirstRunTenTimesOutOfTen() {
    CommandRun run =
        CommandRun.of(
            "check", "--concurrency", "4", "--receiver", RECEIVER, "--shrink-budget", "30");
    assertThat(run.exitCode()).as("%s%s", run.out(), run.err()).isEqualTo(1);
    assertThat(run.out()).contains("the --seed rerun sends the same requests, and may pass");
    Matcher code = REPRODUCE.matcher(run.out());
    assertThat(code.find()).as(run.out()).isTrue();

    List<Integer> sends = new ArrayList<>();
    for (int attempt = 1; attempt <= 10; attempt++) {
      CommandRun again =
          CommandRun.of(
              "check", "--concurrency", "4", "--receiver", RECEIVER, "--reproduce", code.group(1));
      assertThat(again.exitCode())
          .as("run %d of the printed --reproduce: %s%s", attempt, again.out(), again.err())
          .isEqualTo(1);
      Matcher sent = SENT.matcher(again.out());
      assertThat(sent.find()).as(again.out()).isTrue();
      sends.add(Integer.parseInt(sent.group(1)));
    }
    System.out.println("reconcile-not-atomic --reproduce: failed on sends " + sends);
    assertThat(sends).hasSize(10).allMatch(send -> send >= 1);
  }
}
