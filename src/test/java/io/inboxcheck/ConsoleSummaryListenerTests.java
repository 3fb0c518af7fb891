package io.inboxcheck;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.Invariant;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.report.ReportFiles;
import io.inboxcheck.suite.BugZooReport;
import io.inboxcheck.suite.PropertyHarness;
import io.inboxcheck.suite.PropertyRecords;
import io.inboxcheck.suite.PropertyReport;
import io.inboxcheck.zoo.NewerVariantApplyingReceiver;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The summary printed at the end of a test run: built from the reports this run wrote, short when
 * all is well, silent or one line when nothing ran or a report cannot be read.
 */
class ConsoleSummaryListenerTests {
  private static final Instant RUN_STARTED = Instant.parse("2026-01-01T12:00:00Z");

  @TempDir Path reports;

  @Test
  void aGreenRunPrintsPropertiesInvariantsZooAndReportsInUnderFortyLines() throws Exception {
    PropertyReport order =
        new PropertyHarness(
                // Enough tries that the order property's 10% floors hold whatever the generator
                // draws: a summary of a green run needs a green run.
                RunConfig.defaults().withTries(50).withoutExampleDatabase(),
                reports.resolve("counterexamples"))
            .orderIndependence("model", ModelReceiver::new);
    write("properties/model--order.json", PropertyRecords.json(order));
    write("bug-zoo.json", BugZooReport.json(List.of(), Optional.empty(), 19));

    List<String> lines = printed();

    assertThat(lines).hasSizeLessThan(40);
    assertThat(String.join("\n", lines))
        .contains("arrival order does not change the final cards (model): PASSED")
        .contains("100 tries, ")
        .contains("checked steps, seed " + order.result().seed())
        .contains("shrink steps -, coverage shortfalls")
        .contains("Bug zoo: caught 0 of 19 naive receivers")
        .contains("Reports: ");
    assertThat(lines)
        .anySatisfy(line -> assertThat(line).matches("  ORDER_INDEPENDENT +\\| +100 \\| held"))
        .anySatisfy(
            line ->
                assertThat(line)
                    .as("a property that never checks conformance says so")
                    .matches("  CONFORMANCE +\\| +0 \\| not checked by properties"))
        .noneSatisfy(line -> assertThat(line).contains("Exploration"));
  }

  @Test
  void theZooLineCountsTheCommonMistakesInWordsAUserCanRead() throws Exception {
    BugZooReport.Finding common = zooFinding(1, true, Invariant.FIRST_RECORD_KEPT);
    BugZooReport.Finding added = zooFinding(17, false, Invariant.CONFORMANCE);
    write("bug-zoo.json", BugZooReport.json(List.of(common, added), Optional.empty(), 2));
    String markdown = BugZooReport.markdown(List.of(common, added), Optional.empty());

    assertThat(String.join("\n", printed()))
        .contains(
            "Bug zoo: caught 2 of 2 naive receivers, by model-free invariants 1 (1 of the 1 common"
                + " mistakes), the rest by conformance")
        .doesNotContainIgnoringCase("issue");
    assertThat(markdown)
        .contains("Caught by a model-free invariant: 1 of the 1 common mistakes, 1 of all 2")
        .doesNotContainIgnoringCase("issue");
  }

  private static BugZooReport.Finding zooFinding(
      int number, boolean commonMistake, Invariant caughtBy) {
    return new BugZooReport.Finding(
        number,
        "receiver-" + number,
        "io.inboxcheck.zoo.Receiver" + number,
        "a mistake",
        commonMistake,
        "invariants",
        caughtBy,
        1,
        2,
        "fixpoint",
        "reports/counterexamples/receiver-" + number + ".json",
        caughtBy.name() + " broken",
        Optional.empty());
  }

  @Test
  void aFailedPropertyNamesItsViolationCounterexampleAndBrokenInvariant() throws Exception {
    PropertyReport planted =
        new PropertyHarness(
                RunConfig.defaults().withSeedFromName().withoutExampleDatabase(),
                reports.resolve("counterexamples"))
            .faultSequences(
                "applies-newer-variant",
                NewerVariantApplyingReceiver::new,
                CheckedRun.Checks.INVARIANTS);
    write("properties/planted.json", PropertyRecords.json(planted));

    String printed = String.join("\n", printed());

    assertThat(printed)
        .contains("(applies-newer-variant, invariants): FAILED")
        .contains("shrink steps " + planted.result().failure().orElseThrow().shrinkStepsAccepted())
        .contains("  " + planted.violation().orElseThrow().describe())
        .contains("  counterexample: " + planted.counterexample().orElseThrow())
        .containsPattern("NO_VARIANT_APPLIED +\\| +[0-9,]+ \\| BROKEN \\(applies-newer-variant\\)");
  }

  @Test
  void theRecordsOfEveryTestJvmMakeOneBlockWhoseTableSumsThemAll() throws Exception {
    PropertyHarness harness =
        new PropertyHarness(
            RunConfig.defaults().withTries(10).withoutExampleDatabase(),
            reports.resolve("counterexamples"));
    PropertyReport order = harness.orderIndependence("model", ModelReceiver::new);
    PropertyReport faults =
        harness.faultSequences(
            "model", ModelReceiver::new, CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE);
    // As two Surefire JVMs leave them: one record each, neither knowing the other.
    write("properties/" + PropertyRecords.fileName(order), PropertyRecords.json(order));
    write("properties/" + PropertyRecords.fileName(faults), PropertyRecords.json(faults));
    long conformance = faults.result().metrics().get("exercised:CONFORMANCE");
    long firstRecord =
        faults.result().metrics().get("exercised:FIRST_RECORD_KEPT")
            + order.result().metrics().getOrDefault("exercised:FIRST_RECORD_KEPT", 0L);

    List<String> lines = printed();

    assertThat(lines)
        .filteredOn(line -> line.startsWith("--- inboxcheck: what the properties checked"))
        .hasSize(1);
    assertThat(lines)
        .anySatisfy(line -> assertThat(line).startsWith("arrival order does not change"))
        .anySatisfy(line -> assertThat(line).startsWith("fault sequences keep every invariant"))
        .anySatisfy(
            line -> assertThat(line).matches(row("ORDER_INDEPENDENT", order.result().triesRun())))
        .anySatisfy(line -> assertThat(line).matches(row("CONFORMANCE", conformance)))
        .anySatisfy(line -> assertThat(line).matches(row("FIRST_RECORD_KEPT", firstRecord)));
  }

  private static String row(String invariant, long exercised) {
    return "  "
        + invariant
        + " +\\| +"
        + String.format(Locale.ROOT, "%,d", exercised)
        + " \\| held";
  }

  @Test
  void reportsFromAnEarlierRunAreNotShown() throws Exception {
    write("bug-zoo.json", BugZooReport.json(List.of(), Optional.empty(), 19));
    Files.setLastModifiedTime(
        reports.resolve("bug-zoo.json"), FileTime.from(RUN_STARTED.minusSeconds(60)));

    assertThat(printed()).as("nothing of this run to show").isEmpty();
  }

  @Test
  void anUnreadableReportGivesOneLineAndNoException() throws Exception {
    write("properties/broken.json", "{ not json");

    List<String> lines = printed();

    assertThat(lines).hasSize(1);
    assertThat(lines.get(0)).startsWith("inboxcheck: no summary").contains("broken.json");
  }

  @Test
  void theBuildsSummaryShowsOnlyWhatWasWrittenSinceTheBuildStartedAndRefusesABadStart()
      throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Path project = reports.resolve("project");
    ReportFiles.write(
        project.resolve("reports/bug-zoo.json"),
        BugZooReport.json(List.of(), Optional.empty(), 19));

    int shown =
        BuildSummary.run(
            new String[] {project.toString(), Instant.now().minusSeconds(60).toString()},
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    int later =
        BuildSummary.run(
            new String[] {project.toString(), Instant.now().plusSeconds(60).toString()},
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    int bad =
        BuildSummary.run(
            new String[] {project.toString(), "20261204-1718"},
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));

    assertThat(List.of(shown, later, bad)).containsExactly(0, 0, 2);
    assertThat(out.toString(StandardCharsets.UTF_8).lines())
        .as("once for the build that wrote the zoo, nothing for a build started after it")
        .filteredOn(line -> line.startsWith("Bug zoo: caught 0 of 19"))
        .hasSize(1);
    assertThat(err.toString(StandardCharsets.UTF_8).lines())
        .containsExactly(
            "inboxcheck: BuildSummary's build start '20261204-1718' is not an instant like"
                + " 2026-12-04T17:18:21Z");
  }

  private void write(String name, String text) throws Exception {
    Path file = ReportFiles.write(reports.resolve(name), text);
    Files.setLastModifiedTime(file, FileTime.from(RUN_STARTED.plusSeconds(5)));
  }

  private List<String> printed() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ConsoleSummaryListener.print(
        new PrintStream(bytes, true, StandardCharsets.UTF_8), reports, RUN_STARTED);
    return bytes.toString(StandardCharsets.UTF_8).lines().toList();
  }
}
