package io.inboxcheck.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.receiver.BatchingInboxReceiver;
import io.inboxcheck.receiver.InboxWorkerReceiver;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.ThinLastArrivalWinsReceiver;
import io.inboxcheck.receiver.ThinModelReceiver;
import io.inboxcheck.report.ConsoleSummary;
import io.inboxcheck.zoo.LastArrivalWinsReceiver;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dynamic tests the API hands out pass for the model and fail, with a replay, for a bug. */
class InboxCheckTests {
  static final String LAST_ARRIVAL = "class:" + LastArrivalWinsReceiver.class.getName();

  @TempDir Path reports;

  @Test
  void theModelPassesEveryScenarioFileAndBothProperties() throws IOException {
    Map<String, Throwable> results =
        run(
            InboxCheck.of(ModelReceiver::new)
                .scenarios(Path.of("scenarios"))
                .tries(10)
                .reports(reports)
                .tests());

    assertThat(results).containsKeys("scenario files in scenarios/scenarios/B62-15-events.json");
    assertThat(results)
        .containsKeys(
            "fault sequences keep every invariant", "arrival orders do not change the outcome");
    assertThat(results.keySet().stream().filter(name -> name.startsWith("scenario files")))
        .hasSize(ProjectPaths.scenarioFiles().size());
    assertThat(results.values()).allMatch(failure -> failure == null);
  }

  @Test
  void aBrokenReceiverFailsWithTheShrunkScenarioAndTheCommandThatReplaysIt() {
    Map<String, Throwable> results =
        run(
            InboxCheck.of(LastArrivalWinsReceiver::new)
                .scenarios(Path.of("scenarios"))
                .tries(20)
                .reports(reports)
                .tests());

    Throwable faults = results.get("fault sequences keep every invariant");
    assertThat(faults).isInstanceOf(AssertionError.class);
    assertThat(faults.getMessage())
        .contains("Scenario, and what each step changed")
        .contains("replay --receiver " + LAST_ARRIVAL + " ")
        .contains("java -jar target/inboxcheck.jar replay ");
    Throwable stale = results.get("scenario files in scenarios/scenarios/stale-after-gap.json");
    assertThat(stale).isInstanceOf(AssertionError.class);
    assertThat(stale.getMessage())
        .startsWith("scenarios/stale-after-gap.json\n")
        .contains("Replay: ")
        .contains("replay --receiver " + LAST_ARRIVAL + " scenarios/stale-after-gap.json");
  }

  @Test
  void aContractReceiverThatAcknowledgesOnAcceptanceIsSettledBeforeEveryLook() {
    Map<String, Throwable> inbox =
        run(
            InboxCheck.ofContract(InboxWorkerReceiver::new)
                .scenarios(Path.of("scenarios"))
                .tries(20)
                .reports(reports)
                .tests());
    assertThat(inbox.values()).allMatch(failure -> failure == null);

    Map<String, Throwable> batching =
        run(InboxCheck.ofContract(BatchingInboxReceiver::new).tries(20).reports(reports).tests());
    Throwable faults = batching.get("fault sequences keep every invariant");
    assertThat(faults)
        .as("a settle that waits for nothing shows the last delivery undecided")
        .isInstanceOf(AssertionError.class);
    assertThat(faults.getMessage())
        .contains("replay --receiver class:" + BatchingInboxReceiver.class.getName());
  }

  @Test
  void aReceiverOfTheSmallContractIsCheckedAndCaughtThroughItsOwnClass() {
    Map<String, Throwable> thin =
        run(InboxCheck.ofContract(ThinModelReceiver::new).tries(20).reports(reports).tests());
    assertThat(thin.values()).allMatch(failure -> failure == null);

    Map<String, Throwable> broken =
        run(
            InboxCheck.ofContract(ThinLastArrivalWinsReceiver::new)
                .tries(50)
                .reports(reports)
                .tests());
    Throwable faults = broken.get("fault sequences keep every invariant");
    assertThat(faults).isInstanceOf(AssertionError.class);
    assertThat(faults.getMessage())
        .contains("replay --receiver class:" + ThinLastArrivalWinsReceiver.class.getName() + " ");
  }

  @Test
  void twoJobsFailWithTheMessageOfOne() {
    InboxCheck check = InboxCheck.ofContract(ThinLastArrivalWinsReceiver::new).tries(50);

    Map<String, Throwable> alone = run(check.reports(reports.resolve("one")).tests());
    Map<String, Throwable> together = run(check.jobs(2).reports(reports.resolve("two")).tests());

    assertThat(together.keySet()).isEqualTo(alone.keySet());
    assertThat(alone.get("fault sequences keep every invariant")).isNotNull();
    String one = reports.resolve("one").toString();
    String two = reports.resolve("two").toString();
    alone.forEach(
        (name, failure) ->
            assertThat(String.valueOf(together.get(name)))
                .as(name)
                .isEqualTo(String.valueOf(failure).replace(one, two)));
  }

  @Test
  void optionsOutOfRangeAreRefusedWithOneLine() {
    assertThatThrownBy(() -> InboxCheck.of(null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("InboxCheck.of needs a receiver factory, e.g. Mine::new");
    assertThatThrownBy(() -> InboxCheck.of(ModelReceiver::new).tries(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tries must be at least 1, got 0");
    assertThatThrownBy(() -> InboxCheck.of(ModelReceiver::new).jobs(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("jobs must be at least 1, got 0");
  }

  /** Runs every dynamic test; each name (containers' names prefixed) to its failure, or null. */
  @Test
  void theVerdictAfterTheLastTestCountsEveryPropertyTheApiRan() {
    Instant started = Instant.now().minusSeconds(1);
    run(InboxCheck.of(LastArrivalWinsReceiver::new).tries(20).reports(reports).tests());
    run(InboxCheck.of(ModelReceiver::new).tries(10).reports(reports).tests());

    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    VerdictListener.print(new PrintStream(bytes, true, StandardCharsets.UTF_8), reports, started);
    String printed = bytes.toString(StandardCharsets.UTF_8);

    assertThat(printed.lines().filter(line -> line.startsWith(ConsoleSummary.HEADING))).hasSize(1);
    assertThat(printed)
        .containsPattern(
            "fault sequences keep every invariant \\(LastArrivalWinsReceiver_\\w+, .*\\): FAILED")
        .contains("fault sequences keep every invariant (ModelReceiver_")
        .contains("arrival order does not change the final cards")
        .contains("Invariants (SPEC section 7, and conformance to the model), over the properties")
        .contains("one JSON record per property run");
    // Four property runs, each its own record; the table sums them and a broken one stays broken.
    assertThat(printed).containsPattern("(?m)^  VERSION_MONOTONIC +\\| +[0-9,]+ \\| BROKEN");
    assertThat(reports.resolve("properties").toFile().list()).hasSize(4);
  }

  @Test
  void noRecordSinceTheRunBeganPrintsNothing() {
    run(InboxCheck.of(ModelReceiver::new).tries(10).reports(reports).tests());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    VerdictListener.print(
        new PrintStream(bytes, true, StandardCharsets.UTF_8),
        reports,
        Instant.now().plusSeconds(60));

    assertThat(bytes.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void aBuildOfSeveralJvmsPrintsTheRecordsOnceAtItsEndAndRefusesABadStart() {
    String buildStart = Instant.now().minusSeconds(5).toString();
    run(InboxCheck.of(ModelReceiver::new).tries(10).reports(reports).tests());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream printOut = new PrintStream(out, true, StandardCharsets.UTF_8);
    PrintStream printErr = new PrintStream(err, true, StandardCharsets.UTF_8);

    int shown =
        VerdictListener.run(new String[] {reports.toString(), buildStart}, printOut, printErr);
    int bad = VerdictListener.run(new String[] {reports.toString()}, printOut, printErr);

    assertThat(List.of(shown, bad)).containsExactly(0, 2);
    assertThat(out.toString(StandardCharsets.UTF_8).lines())
        .filteredOn(line -> line.startsWith(ConsoleSummary.HEADING))
        .hasSize(1);
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("arrival order does not change the final cards (ModelReceiver_");
    assertThat(err.toString(StandardCharsets.UTF_8).lines())
        .containsExactly(
            "inboxcheck: VerdictListener takes REPORTS_FOLDER BUILD_START, got 1 argument");
  }

  private static Map<String, Throwable> run(Stream<DynamicNode> nodes) {
    Map<String, Throwable> results = new LinkedHashMap<>();
    nodes.forEach(node -> run(node, "", results));
    return results;
  }

  private static void run(DynamicNode node, String prefix, Map<String, Throwable> results) {
    if (node instanceof DynamicContainer container) {
      container
          .getChildren()
          .forEach(child -> run(child, prefix + node.getDisplayName() + "/", results));
      return;
    }
    Throwable failure = null;
    try {
      ((DynamicTest) node).getExecutable().execute();
    } catch (Throwable thrown) {
      failure = thrown;
    }
    results.put(prefix + node.getDisplayName(), failure);
  }
}
