package io.inboxcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.zoo.NewerVariantApplyingReceiver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code check --jobs N}: the properties' tries on N receivers at once print what one job prints
 * (no line of {@code check} shows a time), and options it cannot honour are refused in one line.
 */
class CheckJobsTests {
  private static final String SCENARIOS = ProjectPaths.scenarios().toString();

  @TempDir Path oneJob;
  @TempDir Path twoJobs;
  @TempDir Path empty;

  @Test
  void theModelOnTwoJobsPrintsAndWritesWhatOneJobDoes() throws IOException {
    CommandRun alone = check(oneJob, "--scenarios", SCENARIOS, "--tries", "40");
    CommandRun together = check(twoJobs, "--scenarios", SCENARIOS, "--tries", "40", "--jobs", "2");

    assertThat(alone.exitCode()).as(alone.out() + alone.err()).isZero();
    assertThat(together.exitCode()).isZero();
    assertThat(together.err()).isEmpty();
    assertThat(together.out())
        .isEqualTo(alone.out().replace(oneJob.toString(), twoJobs.toString()))
        .contains("200 tries, ");
    assertThat(Files.readString(twoJobs.resolve("summary.json")))
        .isEqualTo(Files.readString(oneJob.resolve("summary.json")));
  }

  @Test
  void aPlantedMistakeOnTwoJobsIsTheSameShrunkStoryAndFile() throws IOException {
    String planted = "class:" + NewerVariantApplyingReceiver.class.getName();
    CommandRun alone = check(oneJob, "--receiver", planted, "--scenarios", empty.toString());
    CommandRun together =
        check(twoJobs, "--receiver", planted, "--scenarios", empty.toString(), "--jobs", "2");

    assertThat(alone.exitCode()).isEqualTo(1);
    assertThat(together.exitCode()).isEqualTo(1);
    assertThat(together.out())
        .isEqualTo(alone.out().replace(oneJob.toString(), twoJobs.toString()))
        .contains("NO_VARIANT_APPLIED")
        .contains("shrunk to");
    try (var files = Files.list(oneJob.resolve("counterexamples"))) {
      for (Path file : files.filter(path -> path.toString().endsWith(".json")).toList()) {
        assertThat(twoJobs.resolve("counterexamples").resolve(file.getFileName()))
            .hasSameTextualContentAs(file);
      }
    }
  }

  @Test
  void jobsItCannotHonourAreRefusedInOneLine() {
    for (String[] arguments :
        List.of(
            new String[] {"--jobs", "0"},
            new String[] {"--jobs", "65"},
            new String[] {"--jobs", "2", "--crash", "--receiver", "exec:python3 receiver.py"},
            new String[] {"--jobs", "2", "--concurrency", "4"},
            new String[] {
              "--jobs", "2", "--receiver", "http://127.0.0.1:9", "--receiver-secret", "secret"
            })) {
      CommandRun run = check(oneJob, arguments);

      assertThat(run.exitCode()).as(String.join(" ", arguments)).isEqualTo(2);
      assertThat(run.out()).isEmpty();
      assertThat(run.err().lines()).as(run.err()).hasSize(1);
    }
    assertThat(check(oneJob, "--jobs", "0").err()).contains("--jobs must be from 1 to 64, got 0");
    assertThat(
            check(
                    oneJob,
                    "--jobs",
                    "2",
                    "--receiver",
                    "http://127.0.0.1:9",
                    "--receiver-secret",
                    "secret")
                .err())
        .contains("a receiver at one URL cannot be copied");
  }

  @Test
  void theHelpSaysWhatJobsDoNotParallelise() {
    String help = CommandRun.of("check", "--help").out().replaceAll("\\s+", " ");

    assertThat(help)
        .contains("--jobs=N")
        .contains("with the result of --jobs 1 for the same seed")
        .contains("The scenario files, --explore and shrinking run on one receiver");
  }

  private static CommandRun check(Path reports, String... arguments) {
    List<String> all = new ArrayList<>(List.of("check", "--reports", reports.toString()));
    all.addAll(List.of(arguments));
    return CommandRun.of(all.toArray(String[]::new));
  }
}
