package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.cli.CommandRun;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The example receiver's {@code --mistake stuck-in-progress}: a mark set before the work and
 * cleared only when it succeeds, so a kill in flight (or a failed write) leaves every later copy of
 * the id refused. {@code check --crash} retries the refused delivery as a provider would and finds
 * it lost, shrunk to one step and one kill; a replay of a storage fault and its retry fails the
 * same receiver without a kill. Seeded: {@code -Dinboxcheck.crashSeed=S}.
 */
class PythonStuckMarkTests {
  static final String STUCK = PythonReceiver.COMMAND + " --mistake stuck-in-progress";

  /** The default number of shrinking candidates, given so that no time limit applies. */
  static final String SHRINK_BUDGET = "150";

  private static final Pattern SHRUNK =
      Pattern.compile("shrunk to (\\d+) steps? and (\\d+) kills?");

  @Test
  void aKillInFlightLeavesTheMarkAndTheCrashCheckFindsTheDeliveryLost() {
    PythonReceiver.requirePython();

    CommandRun run =
        CommandRun.of(
            "check",
            "--crash",
            "--receiver",
            "exec:" + STUCK,
            "--seed",
            Long.toString(PythonCrashTests.SEED),
            "--kills",
            "15",
            "--shrink-budget",
            "0");

    assertLost(run);
  }

  /** Each shrinking candidate restarts the receiver at its kill, three runs in a row: slow. */
  @Tag("slow")
  @Test
  void aSmallBudgetStillEndsOneMinimal() {
    PythonReceiver.requirePython();

    CommandRun run =
        CommandRun.of(
            "check",
            "--crash",
            "--receiver",
            "exec:" + STUCK,
            "--seed",
            Long.toString(PythonCrashTests.SEED),
            "--kills",
            "15",
            "--shrink-budget",
            "30");

    assertLost(run);
    // A budget of 30 candidates still ends one-minimal: no drawn step or kill removable.
    assertThat(run.out()).contains("no single drawn step or kill can be removed");
    Matcher shrunk = SHRUNK.matcher(run.out());
    assertThat(shrunk.find()).as(run.out()).isTrue();
    assertThat(Integer.parseInt(shrunk.group(1))).as("steps: %s", run.out()).isBetween(1, 2);
    assertThat(shrunk.group(2)).as("kills: %s", run.out()).isEqualTo("1");
  }

  /**
   * The acceptance's bar, with the options a user would type but one: the default budget of
   * shrinking candidates is given, so shrinking stops on that count and never on the default's time
   * limit, which a busy machine reaches with a larger case.
   */
  @Tag("slow")
  @Test
  void withDefaultOptionsTheCrashCheckCatchesItOneMinimalWithOneKill() {
    PythonReceiver.requirePython();

    CommandRun run =
        CommandRun.of(
            "check", "--crash", "--receiver", "exec:" + STUCK, "--shrink-budget", SHRINK_BUDGET);

    assertLost(run);
    assertThat(run.out()).contains("no single drawn step or kill can be removed");
    Matcher shrunk = SHRUNK.matcher(run.out());
    assertThat(shrunk.find()).as(run.out()).isTrue();
    // One delivery: a drawn step that sent two is replaced by a plain one that keeps its kill.
    assertThat(shrunk.group(1)).as("steps: %s", run.out()).isEqualTo("1");
    assertThat(shrunk.group(2)).as("kills: %s", run.out()).isEqualTo("1");
  }

  @Test
  void withoutAKillTheRetryAfterAStorageFaultIsRefusedAndTheReplayFails() {
    PythonReceiver.requirePython();

    CommandRun run =
        CommandRun.of(
            "replay", "--receiver", "exec:" + STUCK, "scenarios/storage-fault-then-retry.json");

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out() + run.err())
        .contains("CONFORMANCE broken after step 2 (deliver)")
        .contains("step 2: ack: expected \"ACK\", got \"NO_ACK\"");
  }

  private static void assertLost(CommandRun run) {
    String text = run.out() + run.err();
    assertThat(run.exitCode()).as(text).isEqualTo(1);
    assertThat(run.out())
        // Ids may be any generated string (é-1 among them), so the id is whatever the parentheses
        // hold.
        .containsPattern("step \\d+ \\([^)]+\\) was never acknowledged: \\d+ attempts refused")
        .contains("HTTP 409")
        .contains("already in progress")
        .contains("the delivery is lost (NOTHING_LOST")
        .contains("killed while a delivery was in flight");
  }
}
