package io.inboxcheck.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.Facts;
import io.inboxcheck.check.Invariant;
import io.inboxcheck.check.Violation;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One run's counterexample file is never overwritten by another run's; a rerun rewrites its own.
 */
class CounterexampleFileTests {
  private static final Violation VIOLATION =
      Violation.of(Invariant.ORDER_INDEPENDENT, 0, "run", Facts.of("a", 1), Facts.of("a", 2));

  @TempDir Path folder;
  private Scenario scenario;

  @BeforeEach
  void read() throws Exception {
    scenario = new ScenarioReader().read(ProjectPaths.scenarios().resolve("stale-after-gap.json"));
  }

  @Test
  void rerunningTheSameRunRewritesItsOwnFile() throws Exception {
    Path first = write("orders (inbox)", "inbox", 7L);
    Files.writeString(first, Files.readString(first).replace("\"test\"", "\"STALE-MARK\""));
    Path again = write("orders (inbox)", "inbox", 7L);

    assertThat(again).isEqualTo(first).hasFileName("inbox-7.json");
    assertThat(Files.readString(again)).doesNotContain("STALE-MARK");
    assertThat(folder.toFile().list()).containsExactly("inbox-7.json");
  }

  @Test
  void anotherPropertyReceiverOrSeedKeepsTheFileAndWritesBesideIt() throws Exception {
    Path first = write("orders (inbox)", "inbox", 7L);
    String firstText = Files.readString(first);

    Path otherProperty = write("faults (inbox)", "inbox", 7L);
    Path otherReceiver = write("orders (inbox)", "inbox2", 7L);
    Path otherSeed = write("orders (inbox)", "inbox", 8L);

    assertThat(otherProperty).hasFileName("inbox-7-2.json");
    assertThat(otherReceiver).hasFileName("inbox-7-3.json");
    assertThat(otherSeed).hasFileName("inbox-7-4.json");
    assertThat(Files.readString(first)).isEqualTo(firstText);
    assertThat(new ScenarioReader().read(otherSeed).name())
        .as("the scenario is named as its file")
        .isEqualTo("inbox-7-4");
    assertThat(write("faults (inbox)", "inbox", 7L))
        .as("a rerun of the second finds its own file again")
        .isEqualTo(otherProperty);
  }

  @Test
  void aFileThatIsNoCounterexampleIsNeverOverwritten() throws Exception {
    Path notes = folder.resolve("inbox-7.json");
    Files.writeString(notes, "my notes, not JSON");

    assertThat(write("orders (inbox)", "inbox", 7L)).hasFileName("inbox-7-2.json");
    assertThat(Files.readString(notes)).isEqualTo("my notes, not JSON");
  }

  /** Writes the scenario as found by {@code property} on {@code receiver} from {@code seed}. */
  private Path write(String property, String receiver, long seed) {
    return CounterexampleFile.write(
        folder,
        "inbox-7",
        scenario,
        "test",
        true,
        new CounterexampleFile.Failure(
            CounterexampleFile.FoundBy.PROPERTY,
            property,
            receiver,
            VIOLATION,
            seed,
            "--seed " + seed,
            Map.of()));
  }
}
