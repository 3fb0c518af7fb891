package io.inboxcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The bench command's options and table; no test here asserts a rate or a time. */
class BenchCommandTests {

  @Test
  void anUnknownSuiteNamesTheAvailableOnes() {
    CommandRun run = CommandRun.of("bench", "--suite", "jmh");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.REJECTED);
    assertThat(run.err()).contains("properties, exploration, postgres");
    assertThat(run.out()).isEmpty();
  }

  @Test
  void receiverCountsOutsideTheBoundAreRejectedBeforeAnyServerStarts() {
    CommandRun run = CommandRun.of("bench", "--suite", "postgres", "--receivers", "1,0");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.REJECTED);
    assertThat(run.err()).contains("--receivers takes counts from 1 to 64");
    assertThat(run.out()).isEmpty();
  }

  @Test
  @Tag("slow")
  void thePostgresSuitePrintsOneRowPerConcurrencyInEveryRunAndTheirMedians() {
    CommandRun run =
        CommandRun.of(
            "bench",
            "--suite",
            "postgres",
            "--seconds",
            "1",
            "--warmup",
            "0",
            "--receivers",
            "1,2",
            "--runs",
            "2");

    assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
    assertThat(run.out())
        .contains("| receivers | deliveries/s | baseline tx/s | ratio | p50 ms | p99 ms")
        .containsPattern("\\n\\| 1 \\| [0-9,]+ \\| [0-9,]+ \\| [0-9.]+ \\|")
        .containsPattern("\\n\\| 2 \\| [0-9,]+ \\| [0-9,]+ \\| [0-9.]+ \\|")
        .contains("run 1 of 2", "run 2 of 2", "median of 2 runs", "load average at the end");
    // The CPU of both sides: measured where Linux reports a process's run time, unknown elsewhere.
    String measured = "[1-9][0-9,]*";
    String cpu = Files.isReadable(Path.of("/proc/self/schedstat")) ? measured : "n/a";
    assertThat(run.out())
        .contains("| receivers | delivery server µs | delivery client µs | baseline server µs")
        .containsPattern(
            "\\n\\| 2 \\| "
                + cpu
                + " \\| "
                + measured
                + " \\| "
                + cpu
                + " \\| "
                + measured
                + " \\| ");
  }

  @Test
  void cardsRepeatsAndDeliveriesOutsideTheirBoundsAreRejectedBeforeAnythingIsMeasured() {
    for (String[] options :
        new String[][] {
          {"--cards", "0"},
          {"--repeats", "0"},
          {"--deliveries", "0"},
          {"--deliveries", "-5"},
          {"--deliveries", "268435457"}
        }) {
      CommandRun run = CommandRun.of("bench", "--suite", "exploration", options[0], options[1]);

      assertThat(run.exitCode()).as(String.join(" ", options)).isEqualTo(ExitCodes.REJECTED);
      assertThat(run.err())
          .as(String.join(" ", options))
          .isEqualTo(
              "inboxcheck bench: --cards and --repeats must be at least 1 and --deliveries"
                  + " from 1 to 268,435,456"
                  + System.lineSeparator());
      assertThat(run.out()).isEmpty();
    }
  }

  @Test
  void zeroRunsAreRejectedBeforeAnyServerStarts() {
    CommandRun run = CommandRun.of("bench", "--suite", "postgres", "--runs", "0");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.REJECTED);
    assertThat(run.err()).contains("--seconds and --runs must be at least 1");
    assertThat(run.out()).isEmpty();
  }

  @Test
  void theJobsSuiteTimesOneJobThenTwoAndSaysBothPrintedTheSame() {
    CommandRun run = CommandRun.of("bench", "--suite", "jobs", "--receiver", "model");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("| check, default tries | jobs | exit code | seconds | ratio to --jobs 1 |")
        .containsPattern("\\| model \\| 1 \\| 0 \\| [0-9.]+ \\| 1\\.00 \\|")
        .containsPattern("\\| model \\| 2 \\| 0 \\| [0-9.]+ \\| [0-9.]+ \\|")
        .contains("Both runs printed the same verdicts, tries and counterexamples.");
  }

  @Test
  void jobsBelowTwoAreRejectedBeforeAnyCheckRuns() {
    CommandRun run = CommandRun.of("bench", "--suite", "jobs", "--jobs", "1");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.REJECTED);
    assertThat(run.err()).contains("--jobs must be from 2 to 64");
    assertThat(run.out()).isEmpty();
  }
}
