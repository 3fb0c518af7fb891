package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.cli.CommandRun;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The example receiver's {@code --mistake stuck-in-progress}: a mark set before the work and
 * cleared only when it succeeds, so a kill in flight (or a failed write) leaves every later copy of
 * the id refused. {@code check --crash} retries the refused delivery as a provider would and finds
 * it lost; a replay of a storage fault and its retry fails the same receiver without a kill.
 *
 * <p>A drawn case may hold a kill in flight and a storage fault with its retry, and either alone
 * makes the mistake show; whether a kill in flight lands after the mark is the scheduler's (a busy
 * machine reads the request later). So these tests hold what the scheduler cannot change: the seed
 * draws a storage fault and its retry within the run, so the mistake is always caught, and the case
 * printed shows one of its two causes. Seeded: {@code -Dinboxcheck.crashSeed=S}.
 */
class PythonStuckMarkTests {
  static final String STUCK = PythonReceiver.COMMAND + " --mistake stuck-in-progress";

  /** The default number of shrinking candidates, given so that no time limit applies. */
  static final String SHRINK_BUDGET = "150";

  @Test
  void aKillInFlightOrAFailedWriteLeavesTheMarkAndTheCrashCheckFindsTheDeliveryLost() {
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

  /**
   * The acceptance's bar, with the options a user would type but one: the default budget of
   * shrinking candidates is given, so shrinking stops on that count and never on the default's time
   * limit, which a busy machine reaches with a larger case. Each candidate restarts the receiver at
   * its kills, three runs in a row: slow.
   *
   * <p>How small the case ends is not asserted here: a candidate counts as failing only if it fails
   * three runs in a row, and on a busy machine a kill in flight lands before the mark often enough
   * that a candidate which fails on an idle one is kept back, so the case printed may keep a second
   * step or kill. That a shrunk case is the one step and one kill the failure needs, and that a
   * small budget says truly whether its case is one-minimal, is held where candidates fail or pass
   * every time ({@code CrashCaseShrinkingTests}).
   */
  @Tag("slow")
  @Test
  void withDefaultOptionsTheCrashCheckCatchesItAndSaysHowFarItShrank() {
    PythonReceiver.requirePython();

    CommandRun run =
        CommandRun.of(
            "check", "--crash", "--receiver", "exec:" + STUCK, "--shrink-budget", SHRINK_BUDGET);

    assertLost(run);
    assertThat(run.out())
        .containsPattern(
            "shrunk to \\d+ steps? and \\d+ kills? \\((the step budget of 150 shrink attempts|a"
                + " fixpoint \\(no shrink pass made progress\\)); (no single drawn step or kill can"
                + " be removed|not every drawn step and kill was tried without)\\):");
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
        // The mark left by a kill in flight or by a failed write: the case shows its cause.
        .containsPattern("killed while a delivery was in flight|\\[storage fault\\]");
  }
}
