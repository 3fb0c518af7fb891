package io.inboxcheck.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.cli.CommandRun;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench --suite conform} on a small log: the model's log of the traffic conforms (a log that
 * did not would measure the wrong thing), and the table reports both rates, their ratio, the
 * model's share and the heap. Not a timing: nothing asserts a speed.
 */
class ConformThroughputTests {
  @TempDir Path folder;

  @Test
  void theBenchmarksLogConformsAndItsMeasurementIsReported() throws Exception {
    Path log = folder.resolve("traffic.jsonl");
    long lines = ConformThroughput.writeLog(log, 22_000, 7);

    ConformThroughput.Result result = ConformThroughput.measure(log);

    assertThat(result.lines()).isEqualTo(lines).isGreaterThanOrEqualTo(22_000);
    assertThat(result.conform().tally().divergenceCount())
        .as(result.conform().tally().divergenceExamples().toString())
        .isZero();
    assertThat(result.conform().tally().breachCount()).isZero();
    assertThat(result.conform().tally().steps()).containsKeys("deliver", "reconcile");
    assertThat(result.conform().retainedIds()).isPositive();
    assertThat(result.modelNanos()).isPositive().isLessThan(result.conformNanos());
    assertThat(result.peakHeapBytes()).isPositive();
  }

  @Test
  void theCommandPrintsTheTable() {
    CommandRun run = CommandRun.of("bench", "--suite", "conform", "--lines", "3000");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains(
            "| baseline: read and parse each line |",
            "| conform: read, parse, judge each line |",
            "the model's own functions",
            "heap while conform ran",
            "0 divergences");
  }
}
