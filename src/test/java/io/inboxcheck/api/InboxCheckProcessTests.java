package io.inboxcheck.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.inboxcheck.modes.ModeResult;
import io.inboxcheck.receiver.ModelReceiver;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

/**
 * The Java API checks a receiver in any language, started as a process, in the modes the command
 * line has: the crash and the concurrency checks of the Python example run through {@link
 * InboxCheck} and pass, a broken copy of it fails with the command line's text and both ways to
 * rerun it, and the code a failure prints reproduces it. Seeds are the command line's defaults
 * (crash 20241201, concurrency 20261201); each failure message says how to rerun it.
 */
class InboxCheckProcessTests {
  static final String PYTHON = "python3 examples/python-receiver/receiver.py";
  private static final Pattern REPRODUCE = Pattern.compile("\\.reproduce\\(\"([^\"]+)\"\\)");

  /**
   * A node per check asked for, none for the properties left out; the example passes both. Some
   * hundred requests and fifteen restarts: slow.
   */
  @Tag("slow")
  @Test
  void thePythonExamplePassesTheCrashAndConcurrencyChecksThroughTheApi() {
    List<DynamicNode> nodes =
        InboxCheck.ofCommand(PYTHON).withoutProperties().crash(15).concurrency(2).tests().toList();

    assertThat(nodes)
        .extracting(DynamicNode::getDisplayName)
        .containsExactly(
            "crash: every acknowledged delivery survives 15 kills",
            "concurrency: 2 requests at once are serialisable");
    assertThat(failures(nodes.stream())).isEmpty();
  }

  @Test
  void aBrokenReceiversCrashFailureIsTheCommandLinesTextWithBothWaysToRerunIt() {
    String broken = PYTHON + " --mistake ack-before-commit";

    List<Throwable> failures =
        failures(
            InboxCheck.ofCommand(broken).withoutProperties().crash(10).shrinkBudget(0).tests());

    assertThat(failures).hasSize(1);
    assertThat(failures.get(0))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("crash check of exec:" + broken)
        .hasMessageContaining("FAILED")
        .hasMessageContaining(
            "Seed 20241201; rerun with: java -jar target/inboxcheck.jar check --crash --receiver"
                + " 'exec:"
                + broken
                + "' --seed 20241201 --kills 10")
        .hasMessageContaining("--reproduce ")
        .hasMessageContaining("Rerun in JUnit: .seed(20241201L) on this InboxCheck")
        .hasMessageContaining("; exactly this case: .reproduce(\"");
  }

  /** A failing run, its shrinking and two reproductions of up to 200 sends each: slow. */
  @Tag("slow")
  @Test
  void aConcurrencyFailuresCodeReproducesItThroughTheApi() {
    String broken = PYTHON + " --mistake last-arrival-wins";
    InboxCheck check = InboxCheck.ofCommand(broken).withoutProperties().concurrency(4);

    List<Throwable> failures = failures(check.shrinkBudget(10).tests());

    assertThat(failures).hasSize(1);
    String message = failures.get(0).getMessage();
    assertThat(message)
        .contains("no serial order of its requests gives the answers")
        .contains("rerun with: java -jar target/inboxcheck.jar check --concurrency 4")
        .contains("Rerun in JUnit: .seed(20261201L) on this InboxCheck");
    Matcher code = REPRODUCE.matcher(message);
    assertThat(code.find()).as(message).isTrue();
    assertThat(failures(check.reproduce(code.group(1)).tests())).as(message).hasSize(1);
    assertThat(
            failures(
                InboxCheck.ofCommand(PYTHON)
                    .withoutProperties()
                    .concurrency(4)
                    .reproduce(code.group(1))
                    .tests()))
        .as("the same case passes against the receiver without the mistake")
        .isEmpty();
  }

  /**
   * A run that missed a coverage floor is neither a pass nor a finding: the test is aborted with
   * the report, as the command line exits 4; a failure's message is the report, then the rerun.
   */
  @Test
  void aWeakRunIsAbortedAndAFailureEndsWithHowToRerunIt() {
    ModeResult weak = result(ModeResult.Conclusion.WEAK, Optional.empty(), "coverage shortfall");
    ModeResult failed =
        result(ModeResult.Conclusion.FAILED, Optional.of("AQID"), "FAILED on scenario 1");

    assertThatThrownBy(() -> ModeNodes.judge(weak, 7))
        .isInstanceOf(TestAbortedException.class)
        .hasMessageContaining("report\ncoverage shortfall");
    assertThatThrownBy(() -> ModeNodes.judge(failed, 7))
        .isInstanceOf(AssertionError.class)
        .hasMessage(
            "report\nFAILED on scenario 1\nRerun in JUnit: .seed(7L) on this InboxCheck; exactly"
                + " this case: .reproduce(\"AQID\")");
  }

  @Test
  void optionsThatCannotRunAreRefusedWithOneSentence() {
    assertThatThrownBy(() -> InboxCheck.of(ModelReceiver::new).crash())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "crash() needs a receiver inboxcheck starts and can kill: InboxCheck.ofCommand(...)");
    assertThatThrownBy(() -> InboxCheck.ofCommand(" "))
        .hasMessageStartingWith("InboxCheck.ofCommand needs the command that starts the receiver");
    assertThatThrownBy(() -> InboxCheck.ofCommand(PYTHON).crash(0))
        .hasMessage("kills must be at least 1, got 0");
    assertThatThrownBy(() -> InboxCheck.ofCommand(PYTHON).concurrency(1))
        .hasMessage("concurrency needs at least 2 requests at once, got 1");
    assertThatThrownBy(() -> InboxCheck.ofCommand(PYTHON).shrinkBudget(-1))
        .hasMessage("shrinkBudget must not be negative, got -1");
    assertThatThrownBy(() -> InboxCheck.ofCommand(PYTHON).reproduce("not a code!"))
        .hasMessage(
            "reproduce needs the code a failing crash or concurrency check printed, got \"not a"
                + " code!\"");
    assertThatThrownBy(() -> InboxCheck.ofCommand(PYTHON).reproduce("AQID").tests())
        .hasMessage(
            "reproduce reruns one crash or concurrency case: ask for exactly one of crash() and"
                + " concurrency(K)");
    assertThatThrownBy(() -> InboxCheck.ofUrl("ftp://example", "secret"))
        .hasMessage("\"ftp://example\" is not a URL like http://127.0.0.1:8080");
    assertThatThrownBy(() -> InboxCheck.ofUrl("http://127.0.0.1:9", " "))
        .hasMessageStartingWith("http://127.0.0.1:9 needs the receiver's control secret");
    assertThatThrownBy(() -> InboxCheck.ofUrl("http://127.0.0.1:9", "secret").jobs(2).tests())
        .hasMessageStartingWith("jobs(2): a receiver at one URL cannot be copied");
  }

  private static ModeResult result(
      ModeResult.Conclusion conclusion, Optional<String> code, String line) {
    return new ModeResult(
        conclusion,
        new TreeMap<>(),
        Optional.of(line),
        code,
        Optional.empty(),
        List.of("report", line));
  }

  /** Runs every node as JUnit would; answers what each failing or aborted one threw. */
  static List<Throwable> failures(Stream<DynamicNode> nodes) {
    List<Throwable> thrown = new ArrayList<>();
    try (nodes) {
      nodes.forEach(
          node -> {
            try {
              ((DynamicTest) node).getExecutable().execute();
            } catch (Throwable failure) {
              thrown.add(failure);
            }
          });
    }
    return thrown;
  }
}
