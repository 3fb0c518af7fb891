package io.inboxcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

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
  void thePostgresSuitePrintsOneRowPerConcurrency() {
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
            "1,2");

    assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
    assertThat(run.out())
        .contains("| receivers | deliveries/s | baseline tx/s | ratio | p50 ms | p99 ms")
        .containsPattern("\\n\\| 1 \\| [0-9,]+ \\| [0-9,]+ \\| [0-9.]+ \\|")
        .containsPattern("\\n\\| 2 \\| [0-9,]+ \\| [0-9,]+ \\| [0-9.]+ \\|");
  }
}
