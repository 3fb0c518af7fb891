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
 * progress" mark, which plain {@code check} catches after a failed write (ZooTests), is caught
 * after a kill too, and the model served the same way passes, so what fails is the mistake and not
 * the serving. Seeded as {@code check --crash} is by default (seed 20241201).
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

  /** Every kill restarts a JVM, and each shrinking candidate runs three times: slow. */
  @Tag("slow")
  @Test
  void withDefaultOptionsTheCrashCheckCatchesTheStuckMarkWithOneStepAndOneKill() {
    CommandRun run = CommandRun.of("check", "--crash", "--receiver", exec("stuck-in-progress"));

    String text = run.out() + run.err();
    assertThat(run.exitCode()).as(text).isEqualTo(1);
    assertThat(run.out())
        .containsPattern("step 1 \\([^)]+\\) was never acknowledged: \\d+ attempts refused")
        .contains("HTTP 409")
        .contains("the delivery is lost (NOTHING_LOST")
        .contains("killed while a delivery was in flight")
        .contains("no single drawn step or kill can be removed");
    Matcher shrunk = SHRUNK.matcher(run.out());
    assertThat(shrunk.find()).as(run.out()).isTrue();
    assertThat(shrunk.group(1)).as("steps: %s", run.out()).isEqualTo("1");
    assertThat(shrunk.group(2)).as("kills: %s", run.out()).isEqualTo("1");
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
