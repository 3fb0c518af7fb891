package io.inboxcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A command over many files closes each file's receiver when the file is done, so a run over
 * hundreds of files holds one receiver's resources at a time: with PostgreSQL, a leak ran out of
 * server connections at the 51st file.
 */
class ReceiverLifecycleTests {
  static final String FILE = ProjectPaths.scenarios().resolve("stale-after-gap.json").toString();

  /** More files than the embedded server's 100 connections would allow if each kept its own. */
  static final int POSTGRES_FILES = 60;

  @Test
  void replayClosesEachFilesReceiverBeforeTheNext() {
    CountingReceiver.reset();
    List<String> arguments = new ArrayList<>(List.of("replay", "--format", "json"));
    arguments.add("--receiver");
    arguments.add("class:" + CountingReceiver.class.getName());
    arguments.addAll(Collections.nCopies(25, FILE));

    CommandRun run = CommandRun.of(arguments.toArray(String[]::new));

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(CountingReceiver.CREATED.get()).isEqualTo(25);
    assertThat(CountingReceiver.OPEN.get()).as("receivers left open").isZero();
    assertThat(CountingReceiver.MOST_OPEN.get()).as("receivers open at once").isEqualTo(1);
  }

  /** About a second a file on a busy machine (a schema each), so it runs in CI's slow group. */
  @Tag("slow")
  @Test
  void replayAgainstPostgresOverManyFilesKeepsItsConnectionsBounded() {
    List<String> arguments = new ArrayList<>(List.of("replay", "--format", "json"));
    arguments.add("--receiver");
    arguments.add("postgres");
    arguments.addAll(Collections.nCopies(POSTGRES_FILES, FILE));

    CommandRun run = CommandRun.of(arguments.toArray(String[]::new));

    // Beside a JSON replay, the line that sums the files up is all that goes to stderr.
    assertThat(run.err())
        .doesNotContain("too many clients")
        .startsWith(POSTGRES_FILES + " files replayed: ")
        .endsWith("; no file failed." + System.lineSeparator())
        .hasLineCount(1);
    assertThat(run.exitCode()).isZero();
  }
}
