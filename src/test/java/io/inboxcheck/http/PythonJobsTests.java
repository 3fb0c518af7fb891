package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.cli.CommandRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code check --jobs 2} of the Python example with a planted mistake prints what {@code --jobs 1}
 * prints: the same failing try, the same shrunk counterexample file, and the arrival-order property
 * holding over the same tries. Two processes take tries at once, each resetting its own store
 * before every scenario; had they shared a data folder, one's reset would wipe the other's scenario
 * and the runs would differ. Every property's seed comes from its name.
 */
@Tag("slow")
class PythonJobsTests {
  private static final String IDS_IGNORE_CASE =
      "exec:" + PythonReceiver.COMMAND + " --mistake ids-ignore-case";

  @TempDir Path oneJob;
  @TempDir Path twoJobs;
  @TempDir Path noScenarios;

  @Test
  void aPlantedMistakeIsFoundAndShrunkTheSameOnTwoProcesses() throws IOException {
    PythonReceiver.requirePython();

    CommandRun alone = check(oneJob, "1");
    CommandRun together = check(twoJobs, "2");

    assertThat(alone.exitCode()).as(alone.out() + alone.err()).isEqualTo(1);
    assertThat(together.exitCode()).as(together.err()).isEqualTo(1);
    assertThat(together.out())
        .isEqualTo(alone.out().replace(oneJob.toString(), twoJobs.toString()))
        .contains("FAILED: CONFORMANCE")
        .containsPattern("arrival order does not change the final cards \\([^)]*\\): holds");
    try (Stream<Path> files = Files.list(oneJob.resolve("counterexamples"))) {
      for (Path file : files.filter(path -> path.toString().endsWith(".json")).toList()) {
        assertThat(twoJobs.resolve("counterexamples").resolve(file.getFileName()))
            .hasSameTextualContentAs(file);
      }
    }
  }

  private CommandRun check(Path reports, String jobs) {
    return CommandRun.of(
        "check",
        "--receiver",
        IDS_IGNORE_CASE,
        "--scenarios",
        noScenarios.toString(),
        "--tries",
        "50",
        "--jobs",
        jobs,
        "--reports",
        reports.toString());
  }
}
