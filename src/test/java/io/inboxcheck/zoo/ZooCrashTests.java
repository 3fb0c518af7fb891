package io.inboxcheck.zoo;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.cli.CommandRun;
import java.io.File;
import java.util.Arrays;
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
   * kills landed inside their requests, which is the scheduler's. So the case it ends with shows
   * one of the two causes: a delivery killed while it is in flight, or a storage fault and its
   * retry. How small it ends is the scheduler's too (a candidate must fail three runs in a row),
   * and is held where candidates are deterministic ({@code CrashCaseShrinkingTests}).
   */
  @Tag("slow")
  @Test
  void withDefaultOptionsTheCrashCheckCatchesTheStuckMark() {
    CommandRun run =
        CommandRun.of(
            "check", "--crash", "--receiver", exec("stuck-in-progress"), "--shrink-budget", "150");

    String text = run.out() + run.err();
    assertThat(run.exitCode()).as(text).isEqualTo(1);
    assertThat(run.out())
        .containsPattern("step \\d \\([^)]+\\) was never acknowledged: \\d+ attempts refused")
        .contains("HTTP 409")
        .contains("the delivery is lost (NOTHING_LOST")
        .containsPattern("killed while a delivery was in flight|\\[storage fault\\]")
        .containsPattern(
            "shrunk to \\d+ steps? and \\d+ kills? \\(.*; (no single drawn step or kill can"
                + " be removed|not every drawn step and kill was tried without)\\):");
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
