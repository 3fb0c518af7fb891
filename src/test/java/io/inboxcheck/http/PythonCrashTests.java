package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.cli.CommandRun;
import io.inboxcheck.generate.CrashCase;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code check --crash} against the example receiver in Python: the correct one keeps every
 * acknowledged delivery wherever it is killed, and every kind of kill point is reached; the one
 * that answers before its decision is committed is caught by a kill right after an answer, shrunk
 * to a step and a kill, and its code reruns exactly that; the write-behind one is caught too.
 * Seeded: {@code -Dinboxcheck.crashSeed=S}.
 */
class PythonCrashTests {
  static final long SEED = Long.getLong("inboxcheck.crashSeed", 20241201L);

  /** Kills of the default build's runs: with the default seed they reach every kind of point. */
  static final int KILLS = 15;

  static final String ACK_BEFORE_COMMIT = PythonReceiver.COMMAND + " --mistake ack-before-commit";
  static final String ANSWER_BEFORE_COMMIT =
      PythonReceiver.COMMAND + " --mistake answer-before-commit";

  /** One line of "kills by where they landed": the point, its count, its floor. */
  private static final Pattern KILL_LINE = Pattern.compile("(?m)^  (.+?) +(\\d+)  \\(floor (\\d+)");

  private static final Pattern SHRUNK =
      Pattern.compile("shrunk to (\\d+) steps? and (\\d+) kills?");
  private static final Pattern REPRODUCE = Pattern.compile("--reproduce (\\S+)");

  /**
   * The model replaying the receiver's audit disagrees with the view: a decision, an audit entry's
   * member (a card's {@code before} the lost write left behind, say), or the final cards.
   */
  private static final String REPLAY_DISAGREES =
      "the model replaying the audit decides|final cards: expected|audit entry \\d+ \\([^)]*\\):"
          + " \\w+: expected";

  @Test
  void theCorrectReceiverKeepsEveryAcknowledgedDeliveryWhereverItIsKilled() {
    PythonReceiver.requirePython();

    CommandRun run = check(PythonReceiver.COMMAND, KILLS);

    assertThat(run.exitCode()).as(text(run)).isZero();
    assertThat(run.out()).contains("every acknowledged delivery survived");
    Map<String, Integer> kills = kills(run);
    for (CrashCase.Point point : CrashCase.Point.values()) {
      if (point != CrashCase.Point.NONE) {
        assertThat(kills.get(point.description())).as("%s: %s", point, run.out()).isPositive();
      }
    }
  }

  /** The acceptance's bar, with the options a user would type: at least 20 right after answers. */
  @Tag("slow")
  @Test
  void withDefaultOptionsTheCorrectReceiverPassesWithTwentyKillsRightAfterAnAnswer() {
    PythonReceiver.requirePython();

    CommandRun run =
        CommandRun.of("check", "--crash", "--receiver", "exec:" + PythonReceiver.COMMAND);

    assertThat(run.exitCode()).as(text(run)).isZero();
    assertThat(kills(run).get(CrashCase.Point.AFTER_ANSWER.description()))
        .as(run.out())
        .isGreaterThanOrEqualTo(20);
  }

  @Test
  void aReceiverThatAnswersBeforeItsCommitIsCaughtShrunkAndReproduced() {
    PythonReceiver.requirePython();

    CommandRun run = check(ANSWER_BEFORE_COMMIT, KILLS, "--shrink-budget", "60");

    assertThat(run.exitCode()).as(text(run)).isEqualTo(1);
    // The answer leaves before the COMMIT, so the write is lost by a kill right after the answer
    // or by one that landed while the delivery was still in flight but after its answer: which
    // of the two the shrinker keeps is the scheduler's.
    assertThat(run.out())
        .containsPattern("was acknowledged .*is not in the audit after the kills")
        .containsPattern("killed (right after an answer|while a delivery was in flight)");
    Matcher shrunk = SHRUNK.matcher(run.out());
    assertThat(shrunk.find()).as(run.out()).isTrue();
    assertThat(Integer.parseInt(shrunk.group(1))).as("steps: %s", run.out()).isBetween(1, 6);
    assertThat(Integer.parseInt(shrunk.group(2))).as("kills: %s", run.out()).isBetween(1, 6);
    Matcher code = REPRODUCE.matcher(run.out());
    assertThat(code.find()).as(run.out()).isTrue();
    assertThat(run.out()).contains("--seed " + SEED + " --reproduce " + code.group(1));

    CommandRun again = reproduce(ANSWER_BEFORE_COMMIT, code.group(1));

    assertThat(again.exitCode()).as(text(again)).isEqualTo(1);
    // The failure, printed again, names the seed of the run that first failed and both reruns.
    assertThat(again.out())
        .as(text(again))
        .contains("is not in the audit after the kills")
        .contains("Seed " + SEED + "; rerun with: java -jar target/inboxcheck.jar check --crash")
        .contains("--seed " + SEED + " --reproduce " + code.group(1));
  }

  @Test
  void aWriteBehindReceiverLosesAcknowledgedDeliveriesAndIsCaught() {
    PythonReceiver.requirePython();

    CommandRun run = check(ACK_BEFORE_COMMIT, 10, "--shrink-budget", "0");

    assertThat(run.exitCode()).as(text(run)).isEqualTo(1);
    // What the lost commits break first depends on where the kills land: an acknowledged delivery
    // missing from the audit, an audit shorter than it was shown, or a lost reset that leaves the
    // receiver refusing the next step. Each line names the kills.
    assertThat(run.out())
        .as(text(run))
        .contains("FAILED")
        .containsPattern(
            "was acknowledged .*is not in the audit|the audit holds \\d+ entries|after \\d+ kills")
        .contains("Seed " + SEED + "; rerun with: java -jar target/inboxcheck.jar check --crash")
        .contains("--receiver 'exec:" + ACK_BEFORE_COMMIT + "' --seed " + SEED + " --kills 10");
    // A run that stopped at its failure drew fewer cases: its kills are held to no floor, so the
    // kinds it never reached are not a second failure.
    assertThat(run.out())
        .contains("kills by where they landed, until the run stopped at the failure below:")
        .doesNotContain("(floor ")
        .doesNotContain("BELOW")
        .doesNotContain("coverage shortfall");
  }

  /**
   * Two mistakes whose window opens late: a delivery written in two transactions after a slow call
   * (a kill in the last third of the request falls between them), and a start that compacts its
   * cards after warming a cache (a kill late in the start, or while the first requests wait for it
   * to finish, falls inside the compaction). With the default options and seed, kills spread over
   * the measured time of a request and of a start land there; the finding is the audit the model
   * replays against the view, and the printed code fails again.
   */
  @Tag("slow")
  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "two-transactions, killed while a delivery was in flight",
    "compact-on-start, more times while it started again"
  })
  void withDefaultOptionsKillsLateInARequestOrAStartCatchTheMistakeThere(
      String mistake, String kill) {
    PythonReceiver.requirePython();
    String command = PythonReceiver.COMMAND + " --mistake " + mistake;

    CommandRun run = CommandRun.of("check", "--crash", "--receiver", "exec:" + command);

    assertThat(run.exitCode()).as(text(run)).isEqualTo(1);
    assertThat(run.out())
        .as(text(run))
        .contains("measured on this receiver: a delivery takes ")
        .containsPattern(REPLAY_DISAGREES)
        .contains(kill);
    Matcher code = REPRODUCE.matcher(run.out());
    assertThat(code.find()).as(run.out()).isTrue();

    CommandRun again = reproduce(command, code.group(1));

    assertThat(again.exitCode()).as(text(again)).isEqualTo(1);
    assertThat(again.out()).as(text(again)).containsPattern(REPLAY_DISAGREES);
  }

  /**
   * The default budget of shrinking candidates is given, so shrinking stops on that count and never
   * on the default's time limit: every candidate restarts the process at each of its kills, and a
   * busy machine's slow starts would reach the limit before the last kill is tried away.
   */
  @Test
  void aReceiverWrongWithoutAnyKillIsToldNoKillWasNeeded() {
    PythonReceiver.requirePython();

    CommandRun run =
        check(
            PythonReceiver.COMMAND + " --mistake last-arrival-wins", 30, "--shrink-budget", "150");

    assertThat(run.exitCode()).as(text(run)).isEqualTo(1);
    assertThat(run.out())
        .as(text(run))
        .containsPattern("shrunk to \\d+ steps? and 0 kills")
        .contains("no kill was needed: the receiver's audit or view differs from the model's")
        .doesNotContain("DeliveryRecorded[")
        .doesNotContain("ReplacementCounters[");
  }

  @Test
  void onlyAReceiverInboxcheckStartsCanBeCrashed() {
    CommandRun run = CommandRun.of("check", "--crash", "--receiver", "model");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .isEqualTo(
            "inboxcheck check: --crash needs a receiver inboxcheck starts and can kill, e.g."
                + " --receiver exec:\"python3 examples/python-receiver/receiver.py\"; got model");
    assertThat(run.out()).isEmpty();
  }

  /** The printed {@code --reproduce} code of a run of {@code command} at {@link #SEED}, run. */
  private static CommandRun reproduce(String command, String code) {
    return CommandRun.of(
        "check",
        "--crash",
        "--receiver",
        "exec:" + command,
        "--seed",
        String.valueOf(SEED),
        "--reproduce",
        code);
  }

  private static CommandRun check(String command, int kills, String... more) {
    String[] arguments = {
      "check",
      "--crash",
      "--receiver",
      "exec:" + command,
      "--seed",
      Long.toString(SEED),
      "--kills",
      Integer.toString(kills)
    };
    String[] all = new String[arguments.length + more.length];
    System.arraycopy(arguments, 0, all, 0, arguments.length);
    System.arraycopy(more, 0, all, arguments.length, more.length);
    return CommandRun.of(all);
  }

  /** The kills by where they landed, as the run printed them. */
  private static Map<String, Integer> kills(CommandRun run) {
    Map<String, Integer> kills = new LinkedHashMap<>();
    Matcher line = KILL_LINE.matcher(run.out());
    while (line.find()) {
      kills.put(line.group(1), Integer.parseInt(line.group(2)));
    }
    return kills;
  }

  private static String text(CommandRun run) {
    return run.out() + run.err();
  }
}
