package io.inboxcheck.zoo;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.cli.CommandRun;
import io.inboxcheck.report.ReportFiles;
import io.inboxcheck.suite.BugZooReport;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Zoo receivers as processes ({@link ZooProcess}), held to {@code check --crash}: the stuck "in
 * progress" mark, which plain {@code check} catches after a failed write (ZooTests), is caught by
 * the crash check too, so are a card written in a second step after its decision and a start that
 * compacts the journal, and the model served the same way passes, so what fails is the mistake and
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
    caught(
        "stuck-in-progress",
        "marks an event id \"in progress\" before deciding and clears the mark only after a"
            + " successful write: a kill in between leaves every retry refused",
        run);
    assertThat(run.out())
        .containsPattern("step \\d \\([^)]+\\) was never acknowledged: \\d+ attempts refused")
        .contains("HTTP 409")
        .contains("the delivery is lost (NOTHING_LOST")
        .containsPattern("killed while a delivery was in flight|\\[storage fault\\]")
        .containsPattern(
            "shrunk to \\d+ steps? and \\d+ kills? \\(.*; (no single drawn step or kill can"
                + " be removed|not every drawn step and kill was tried without)\\):");
  }

  /**
   * Two mistakes whose window opens late: the model written in two steps, the card after a 60 ms
   * publish, and the model whose every start compacts its journal after warming a cache, the setup
   * alone in its place while it vacuums, before its address and after. With the default options and
   * seed, kills spread over the measured time of a request and of a start land there, the model
   * replaying the audit disagrees with the view, and the printed code fails again. Shrinking gets
   * 20 candidates: what is held is the catch and the replay, not how small the case ends, and every
   * candidate starts a JVM again at each of its kills, three runs over.
   */
  @Tag("slow")
  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "two-transactions, killed while a delivery was in flight",
    "compact-on-start, more times while it started again"
  })
  void withDefaultOptionsKillsLateInARequestOrAStartCatchTheMistakeThere(String name, String kill) {
    CommandRun run =
        CommandRun.of("check", "--crash", "--receiver", exec(name), "--shrink-budget", "20");

    String text = run.out() + run.err();
    assertThat(run.exitCode()).as(text).isEqualTo(1);
    caught(name, MISTAKES.get(name), run);
    assertThat(run.out())
        .as(text)
        .contains("measured on this receiver: a delivery takes ")
        .containsPattern(LOST)
        .contains(kill);
    Matcher code = REPRODUCE.matcher(run.out());
    assertThat(code.find()).as(run.out()).isTrue();

    CommandRun again =
        CommandRun.of("check", "--crash", "--receiver", exec(name), "--reproduce", code.group(1));

    assertThat(again.exitCode()).as(again.out() + again.err()).isEqualTo(1);
    assertThat(again.out()).containsPattern(LOST);
  }

  /**
   * What the view shows lost: a decision without its card (the model replaying the audit decides
   * otherwise, or the final cards differ), or acknowledged deliveries or audit entries gone.
   */
  private static final String LOST =
      "the model replaying the audit decides|final cards: expected|audit entry \\d+ \\([^)]*\\): \\w+:"
          + " expected|is not in the audit after the kills|the audit holds \\d+ entries; it showed"
          + " \\d+ before";

  private static final Pattern REPRODUCE = Pattern.compile("--reproduce (\\S+)");

  private static final Map<String, String> MISTAKES =
      Map.of(
          "two-transactions",
          "records a delivery's decision and audit entry, publishes the event, and writes the card"
              + " in a second step: a kill in between leaves an audit that says APPLIED over a card"
              + " that never moved",
          "compact-on-start",
          "every start sets the journal aside, writes the setup alone in its place, vacuums and"
              + " moves it back, and drops a journal it finds set aside: a kill during the vacuum"
              + " loses everything but the setup");

  private static final Pattern FAILED =
      Pattern.compile("FAILED on scenario (\\d+), shrunk to (\\d+ steps? and \\d+ kills?)");

  private static final List<BugZooReport.RaceFinding> KILLED = new ArrayList<>();

  /** Notes a receiver the crash check caught, for {@code reports/bug-zoo-kills.md}. */
  private static void caught(String name, String mistake, CommandRun run) {
    Matcher failed = FAILED.matcher(run.out());
    assertThat(failed.find()).as(run.out()).isTrue();
    synchronized (KILLED) {
      KILLED.add(
          new BugZooReport.RaceFinding(
              name,
              ZooProcess.class.getName() + " " + name,
              mistake,
              "check --crash",
              Integer.parseInt(failed.group(1)),
              failed.group(2)));
    }
  }

  @AfterAll
  static void writeReport() {
    List<BugZooReport.RaceFinding> killed;
    synchronized (KILLED) {
      killed = List.copyOf(KILLED);
    }
    if (!killed.isEmpty()) {
      ReportFiles.write(
          ProjectPaths.reports().resolve("bug-zoo-kills.md"), BugZooReport.killsMarkdown(killed));
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
