package io.inboxcheck.zoo;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.cli.CommandRun;
import java.io.File;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Zoo receivers as processes ({@link ZooProcess}), held to {@code check --crash}: the stuck "in
 * progress" mark, which plain {@code check} catches after a failed write (ZooTests), is caught by
 * the crash check too, and the model served the same way passes, so what fails is the mistake and
 * not the serving. Seeded as {@code check --crash} is by default (seed 20241201).
 */
class ZooCrashTests {
  private static final Pattern SHRUNK =
      Pattern.compile("shrunk to (\\d+) steps? and (\\d+) kills?");

  /** The command that serves zoo receiver {@code name}: this JVM's classes, Jackson for parsing. */
  static String exec(String name) {
    String classPath =
        Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(entry -> entry.endsWith("classes") || entry.contains("jackson"))
            .collect(Collectors.joining(File.pathSeparator));
    return "exec:java -cp " + classPath + " " + ZooProcess.class.getName() + " " + name;
  }

  @Test
  void servedAsAProcessTheStuckMarkFailsTheReplayOfAFailedWriteAsInProcess() {
    CommandRun run =
        CommandRun.of(
            "replay",
            "--receiver",
            exec("stuck-in-progress"),
            "scenarios/storage-fault-then-retry.json");

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out() + run.err())
        .contains("CONFORMANCE broken after step 2 (deliver)")
        .contains("step 2: ack: expected \"ACK\", got \"NO_ACK\"");
  }

  /**
   * Every kill restarts a JVM, and each shrinking candidate runs three times: slow. The default
   * budget of shrinking candidates is given, so shrinking stops on that count and never on the
   * default's time limit, which a busy machine reaches with a larger case.
   *
   * <p>The generated case the seed draws holds a storage fault and its retry as well as kills, and
   * either alone makes the mistake show: which one the shrinker keeps depends on where earlier
   * kills landed inside their requests, which is the scheduler's. So the case it ends with is one
   * of the two minimal ones: one delivery and a kill while it is in flight, or a storage fault and
   * its retry with no kill at all.
   */
  @Tag("slow")
  @Test
  void withDefaultOptionsTheCrashCheckCatchesTheStuckMarkInAMinimalCase() {
    CommandRun run =
        CommandRun.of(
            "check", "--crash", "--receiver", exec("stuck-in-progress"), "--shrink-budget", "150");

    String text = run.out() + run.err();
    assertThat(run.exitCode()).as(text).isEqualTo(1);
    assertThat(run.out())
        .containsPattern("step \\d \\([^)]+\\) was never acknowledged: \\d+ attempts refused")
        .contains("HTTP 409")
        .contains("the delivery is lost (NOTHING_LOST")
        .contains("no single drawn step or kill can be removed");
    Matcher shrunk = SHRUNK.matcher(run.out());
    assertThat(shrunk.find()).as(run.out()).isTrue();
    String minimal = shrunk.group(1) + " steps, " + shrunk.group(2) + " kills";
    assertThat(minimal).as(run.out()).isIn("1 steps, 1 kills", "2 steps, 0 kills");
    if (minimal.equals("1 steps, 1 kills")) {
      assertThat(run.out()).contains("killed while a delivery was in flight");
    } else {
      assertThat(run.out()).contains("[storage fault]").contains("kills: none");
    }
  }

  /** The control: the model behind the same process and journal loses nothing across kills. */
  @Tag("slow")
  @Test
  void theModelServedTheSameWayPassesTheCrashCheck() {
    CommandRun run =
        CommandRun.of("check", "--crash", "--receiver", exec("model"), "--kills", "15");

    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .contains("every acknowledged delivery survived, and every view equals the model's replay");
  }
}
