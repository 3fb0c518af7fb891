package io.inboxcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.inboxcheck.ProjectPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code replay} prints fits a terminal (issue 12, item 3): text within {@code --width}, one
 * JSON document however many files, envelopes as delivered, and a plain stop line when a receiver
 * breaks an invariant.
 */
class ReplayLayoutTests {
  private static final String GUIDE = scenario("B62-15-events");
  private static final String RESERIALISED = scenario("redelivery-reserialised");
  private static final String STALE = scenario("stale-after-gap");

  /** Ignores paused cards, so the guide's step 7 breaks PAUSED_FROZEN with 4 steps to go. */
  private static final String PAUSE_IGNORING = "class:io.inboxcheck.zoo.PauseIgnoringReceiver";

  private static final ObjectMapper STRICT =
      new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  @TempDir Path folder;

  @TestFactory
  Stream<DynamicTest> everyScenarioFileFitsWidths100And120InTableAndMarkdown() throws IOException {
    return ProjectPaths.scenarioFiles().stream()
        .flatMap(
            file ->
                Stream.of("100", "120")
                    .flatMap(
                        width ->
                            Stream.of("table", "markdown")
                                .map(
                                    format ->
                                        DynamicTest.dynamicTest(
                                            file.getFileName() + " " + format + " " + width,
                                            () -> assertFits(file.toString(), format, width)))));
  }

  private static void assertFits(String file, String format, String width) {
    CommandRun run = CommandRun.of("replay", "--format", format, "--width", width, file);

    assertThat(run.exitCode()).as(run.err()).isZero();
    int limit = Integer.parseInt(width);
    assertThat(run.out().lines())
        .as("lines of %s longer than %s", file, width)
        .filteredOn(line -> line.length() > limit)
        .filteredOn(line -> !(format.equals("markdown") && isOneUnbreakableWord(line, limit)))
        .isEmpty();
  }

  /**
   * A line that is one word with no comma to break after within the width: Markdown turns a line
   * break into a space, so such a word stays whole (a body at the delivery bounds holds some).
   */
  private static boolean isOneUnbreakableWord(String line, int width) {
    String word = line.strip();
    int space = word.lastIndexOf(' ');
    String last = space < 0 ? word : word.substring(space + 1);
    return last.length() > width - (line.length() - last.length())
        && last.lastIndexOf(',', width - 1) < 0;
  }

  @Test
  void theGuideAtWidth100ShowsEveryStepAsABlockWithinTheWidth() {
    CommandRun run = CommandRun.of("replay", "--width", "100", GUIDE);

    assertThat(run.exitCode()).isZero();
    assertThat(run.out().lines()).allMatch(line -> line.length() <= 100);
    for (int step = 1; step <= 10; step++) {
      assertThat(run.out()).contains("\nstep " + step + " \u00b7 deliver e-");
    }
    assertThat(run.out())
        .contains("step 4 \u00b7 deliver e-202 card-7 v13\n")
        .contains("step 11 \u00b7 reconcile: authority at 2024-01-01T08:00:20Z")
        .contains("  held        e-202 ID_CONFLICT\n              e-203 CARD_PAUSED\n")
        .doesNotContain("STOPPED");
  }

  @Test
  void aWideTerminalGetsTheTableWithLongCellsWrappedInsideTheirColumn() {
    CommandRun run = CommandRun.of("replay", "--width", "220", GUIDE);

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("step | event").doesNotContain("\u00b7 deliver");
    assertThat(run.out().lines()).allMatch(line -> line.length() <= 220);
    assertThat(run.out().lines().filter(line -> line.startsWith("11   | ")).count()).isOne();
  }

  @Test
  void aWidthTooNarrowToReadIsRejected() {
    CommandRun run = CommandRun.of("replay", "--width", "20", GUIDE);

    assertThat(run.exitCode()).isEqualTo(ExitCodes.REJECTED);
    assertThat(run.err()).contains("--width must be at least 40, got 20");
    assertThat(run.out()).isEmpty();
  }

  @Test
  void aReserialisedRedeliveryShowsItsSpellingAndTheCanonicalFormBeside() {
    CommandRun run =
        CommandRun.of("replay", "--width", "200", "--format", "markdown", RESERIALISED);
    CommandRun text = CommandRun.of("replay", "--width", "100", RESERIALISED);

    assertThat(run.out())
        .contains("\"object_version\" : 12.0")
        .contains("\"object_version\":1.2e1")
        .contains(
            "canonical: {\"event_id\":\"e-1\",\"object_id\":\"card-1\",\"object_version\":12,");
    // Step 1 and step 4 are spelled canonically (key order aside): only steps 2 and 3 need it.
    assertThat(text.out().lines().filter(line -> line.startsWith("  canonical ")).count())
        .isEqualTo(2);
  }

  @Test
  void aReconcileWithoutATimeSaysItRanAtTheReceiversClock() throws IOException {
    String withoutTime =
        Files.readString(Path.of(GUIDE)).replaceAll(",\\s*\"at\": \"2024-01-01T08:00:20Z\"", "");
    Path file = folder.resolve("B62-15-events.json");
    Files.writeString(file, withoutTime);

    CommandRun run = CommandRun.of("replay", file.toString());

    assertThat(withoutTime).doesNotContain("08:00:20Z");
    assertThat(run.out())
        .contains("authority at the receiver's clock (2024-01-01T08:00:10Z, no \"at\" given)")
        .doesNotContain("null");
  }

  @Test
  void jsonOverThreeFilesIsOneDocumentAndOneFileKeepsTheSpecShape() throws IOException {
    CommandRun three = CommandRun.of("replay", "--format", "json", GUIDE, RESERIALISED, STALE);
    CommandRun one = CommandRun.of("replay", "--format", "json", STALE);

    JsonNode document = STRICT.readTree(three.out());
    assertThat(three.exitCode()).isZero();
    assertThat(ReplayCommandTests.fields(document)).containsExactly("histories");
    assertThat(document.get("histories").findValuesAsText("scenario"))
        .containsExactly("B62-15-events", "redelivery-reserialised", "stale-after-gap");
    JsonNode single = STRICT.readTree(one.out());
    assertThat(ReplayCommandTests.fields(single)).startsWith("scenario", "receiver", "steps");
    assertThat(single.get("scenario").asText()).isEqualTo("stale-after-gap");
    assertThat(single.has("stopped")).isFalse();
  }

  @Test
  void jsonlPrintsOneHistoryPerLine() throws IOException {
    CommandRun run = CommandRun.of("replay", "--format", "jsonl", GUIDE, RESERIALISED, STALE);

    List<String> lines = run.out().lines().toList();
    assertThat(lines).hasSize(3);
    assertThat(STRICT.readTree(lines.get(1)).get("scenario").asText())
        .isEqualTo("redelivery-reserialised");
    assertThat(STRICT.readTree(lines.get(1)).get("steps").get(1).get("envelope_text").asText())
        .contains("\"object_version\" :   12.0");
  }

  @Test
  void aReceiverThatBreaksAnInvariantStopsWithAPlainLineInTextAndMarkdown() {
    for (String format : List.of("table", "markdown")) {
      CommandRun run =
          CommandRun.of("replay", "--receiver", PAUSE_IGNORING, "--format", format, GUIDE);

      assertThat(run.exitCode()).isEqualTo(ExitCodes.FAILED);
      assertThat(run.out())
          .as(format)
          .contains("STOPPED after step 7 of 11 (deliver): PAUSED_FROZEN broken: expected paused")
          .contains("Steps 8 to 11 were not run")
          .contains("State after step 7, where the replay stopped")
          .contains("Not checked: the expectations of steps 8 to 11 and of the final state")
          .doesNotContain("Final state")
          .doesNotContain("step 8 \u00b7");
      assertThat(run.err()).contains("PAUSED_FROZEN broken after step 7 (deliver)");
    }
  }

  @Test
  void aReceiverThatBreaksAnInvariantStopsWithTheViolationInJsonAndJsonl() throws IOException {
    CommandRun json =
        CommandRun.of("replay", "--receiver", PAUSE_IGNORING, "--format", "json", GUIDE);
    CommandRun jsonl =
        CommandRun.of("replay", "--receiver", PAUSE_IGNORING, "--format", "jsonl", GUIDE, STALE);

    for (JsonNode history :
        List.of(
            STRICT.readTree(json.out()), STRICT.readTree(jsonl.out().lines().findFirst().get()))) {
      assertThat(history.get("steps")).hasSize(7);
      JsonNode stopped = history.get("stopped");
      assertThat(stopped.get("after_step").asInt()).isEqualTo(7);
      assertThat(stopped.get("steps_in_file").asInt()).isEqualTo(11);
      assertThat(stopped.get("message").asText()).startsWith("STOPPED after step 7 of 11");
      assertThat(stopped.get("violation").get("invariant").asText()).isEqualTo("PAUSED_FROZEN");
      assertThat(stopped.get("violation").get("step_kind").asText()).isEqualTo("deliver");
      assertThat(stopped.get("violation").get("observed").asText()).contains("v14");
    }
    assertThat(json.exitCode()).isEqualTo(ExitCodes.FAILED);
    assertThat(STRICT.readTree(jsonl.out().lines().skip(1).findFirst().get()).has("stopped"))
        .isFalse();
  }

  private static String scenario(String name) {
    return ProjectPaths.scenarios().resolve(name + ".json").toString();
  }
}
