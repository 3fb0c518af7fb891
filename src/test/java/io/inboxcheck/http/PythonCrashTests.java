package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code check --crash} against the example receiver in Python: the correct one keeps every
 * acknowledged delivery over ten SIGKILLs, some of them while a delivery was in flight; the one
 * that answers before its COMMIT loses acknowledged deliveries and is caught with its seed and the
 * command that reruns it. Seeded: {@code -Dinboxcheck.crashSeed=S}.
 */
class PythonCrashTests {
  static final long SEED = Long.getLong("inboxcheck.crashSeed", 20241201L);
  static final String MISTAKE = PythonReceiver.COMMAND + " --mistake ack-before-commit";
  private static final Pattern KILLS =
      Pattern.compile("(\\d+) kills \\((\\d+) between steps, (\\d+) during a delivery");

  @Test
  void theCorrectReceiverKeepsEveryAcknowledgedDeliveryOverTenKills() {
    PythonReceiver.requirePython();

    Run run = check(PythonReceiver.COMMAND, 10);

    assertThat(run.exitCode()).as(run.text()).isZero();
    assertThat(run.out()).contains("every acknowledged delivery survived");
    Matcher kills = KILLS.matcher(run.out());
    assertThat(kills.find()).as(run.out()).isTrue();
    assertThat(Integer.parseInt(kills.group(1))).isEqualTo(10);
    assertThat(Integer.parseInt(kills.group(2))).as("kills between steps").isPositive();
    assertThat(Integer.parseInt(kills.group(3))).as("kills during a delivery").isPositive();
  }

  @Test
  void aReceiverThatAnswersBeforeItsCommitLosesAcknowledgedDeliveriesAndIsCaught() {
    PythonReceiver.requirePython();

    Run run = check(MISTAKE, 10);

    assertThat(run.exitCode()).as(run.text()).isEqualTo(1);
    // What the lost commits break first depends on where the kills land: an acknowledged delivery
    // missing from the audit, an audit shorter than it was shown, or a lost reset that leaves the
    // receiver refusing the next step. Each line names the kills.
    assertThat(run.out())
        .as(run.text())
        .contains("FAILED")
        .containsPattern(
            "was acknowledged .*is not in the audit|the audit holds \\d+ entries|after \\d+ kills")
        .contains("Seed " + SEED + "; rerun with: java -jar target/inboxcheck.jar check --crash")
        .contains("--receiver 'exec:" + MISTAKE + "' --seed " + SEED + " --kills 10");
  }

  @Test
  void onlyAReceiverInboxcheckStartsCanBeCrashed() {
    Run run = run("check", "--crash", "--receiver", "model");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .isEqualTo(
            "inboxcheck check: --crash needs a receiver inboxcheck starts and can kill, e.g."
                + " --receiver exec:\"python3 examples/python-receiver/receiver.py\"; got model");
    assertThat(run.out()).isEmpty();
  }

  private static Run check(String command, int kills) {
    return run(
        "check",
        "--crash",
        "--receiver",
        "exec:" + command,
        "--seed",
        Long.toString(SEED),
        "--kills",
        Integer.toString(kills));
  }

  private static Run run(String... arguments) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), arguments);
    return new Run(exitCode, out.toString(), err.toString());
  }

  private record Run(int exitCode, String out, String err) {
    String text() {
      return out + err;
    }
  }
}
