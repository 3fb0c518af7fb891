package io.inboxcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.inboxcheck.ProjectPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayCommandTests {
  private static final String GUIDE =
      ProjectPaths.scenarios().resolve("B62-15-events.json").toString();

  @TempDir Path folder;

  @Test
  void theGuideReplaysToExitZeroWithEveryRowTheFinalStateAndTheAudit() {
    CommandRun run = CommandRun.of("replay", GUIDE);

    assertThat(run.exitCode()).isZero();
    assertThat(run.err()).isEmpty();
    assertThat(run.out())
        .contains("DUPLICATE (restates APPLIED)")
        .contains("HELD ID_CONFLICT")
        .contains("HELD UNKNOWN_OBJECT")
        .contains("HELD MISSING_VERSION")
        .contains("held durably: responsibility for reconciliation accepted, not applied")
        .contains("e-203 -> SAME_STATE")
        .contains("e-205 -> STALE")
        .contains("  - card-7 v14 {\"label\":\"Map v2\",\"stage\":\"archived\"}\n")
        .contains("  - card-8 v5 {\"label\":\"Chart\",\"stage\":\"ready\"}\n")
        .contains("replacements: event 2 + authoritative 2 = 4")
        .contains("step 8: e-300 for card-99, UNKNOWN_OBJECT")
        .contains("step 9: e-204 for card-8, MISSING_VERSION")
        .contains("e-202 first record")
        .contains("e-202 variant")
        .contains("resolved by the authority for card-7")
        .contains("paused: none");
  }

  @Test
  void jsonHistoryHasTheFieldsOfSpecSectionTen() throws IOException {
    CommandRun run = CommandRun.of("replay", "--format", "json", GUIDE);
    JsonNode history = new ObjectMapper().readTree(run.out());

    assertThat(run.exitCode()).isZero();
    assertThat(fields(history))
        .startsWith("scenario", "receiver", "steps", "final")
        .contains("expectations");
    JsonNode first = history.get("steps").get(0);
    assertThat(fields(first))
        .contains(
            "step",
            "kind",
            "event_id",
            "object_id",
            "decision",
            "reason",
            "restates",
            "ack",
            "ack_meaning",
            "ack_lost",
            "cards",
            "held",
            "replacements");
    assertThat(first.get("kind").asText()).isEqualTo("deliver");
    assertThat(first.get("decision").asText()).isEqualTo("APPLIED");
    assertThat(first.get("reason").isNull()).isTrue();
    assertThat(first.get("ack_lost").asBoolean()).isTrue();
    assertThat(first.get("cards").get("card-7").get("version").asLong()).isEqualTo(12);
    assertThat(fields(first.get("cards").get("card-7")))
        .containsExactly("version", "state", "paused");
    assertThat(fields(first.get("replacements"))).containsExactly("event", "authoritative");
    assertThat(history.get("steps").get(1).get("restates").asText()).isEqualTo("APPLIED");
    JsonNode reconcile = history.get("steps").get(10);
    assertThat(reconcile.get("kind").asText()).isEqualTo("reconcile");
    assertThat(reconcile.get("objects").get(0).get("outcome").asText()).isEqualTo("REPLACED");
    assertThat(reconcile.get("objects").get(0).get("reevaluated").get(0).get("event_id").asText())
        .isEqualTo("e-203");
    JsonNode finalState = history.get("final");
    assertThat(fields(finalState)).containsExactly("cards", "paused", "unresolved", "replacements");
    assertThat(finalState.get("unresolved").get(0).get("step").asInt()).isEqualTo(8);
    assertThat(fields(finalState.get("unresolved").get(0)))
        .containsExactly("step", "event_id", "object_id", "reason");
    assertThat(finalState.get("replacements").get("total").asInt()).isEqualTo(4);
    assertThat(history.get("expectations").get("failed").asInt()).isZero();
    assertThat(history.get("expectations").get("checked").asInt()).isPositive();
  }

  @Test
  void aWrongExpectationExitsOneAndPrintsExpectedAgainstActual() throws IOException {
    String text = Files.readString(Path.of(GUIDE)).replace("\"event\": 2", "\"event\": 3");
    Path wrong = folder.resolve("wrong.json");
    Files.writeString(wrong, text);

    CommandRun run = CommandRun.of("replay", wrong.toString());

    assertThat(text).contains("\"event\": 3");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err())
        .contains(wrong.toString())
        .contains("replacements/event: expected 3, got 2");
    assertThat(run.err()).doesNotContain("Exception").doesNotContain("\tat ");
  }

  @Test
  void markdownIsATableWhenItFitsTheWidthAndOneListPerStepOtherwise() {
    CommandRun wide = CommandRun.of("replay", "--format", "markdown", "--width", "1000", GUIDE);
    CommandRun narrow = CommandRun.of("replay", "--format", "markdown", GUIDE);

    assertThat(wide.exitCode()).isZero();
    assertThat(wide.out())
        .contains("| step | event | decision | ack | cards after | paused | held |")
        .doesNotContain("### step");
    assertThat(narrow.exitCode()).isZero();
    assertThat(narrow.out())
        .contains("## Steps")
        .contains("### step 4 \u00b7 deliver e-202 card-7 v13")
        .contains("- decision: HELD ID_CONFLICT")
        .doesNotContain("| step |");
  }

  @Test
  void aFolderReplaysEveryScenarioFileUnderItWithTheSchemasSkipped() throws IOException {
    List<Path> files = ProjectPaths.scenarioFiles();
    CommandRun run = CommandRun.of("replay", ProjectPaths.scenarios().toString());

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).isEmpty();
    assertThat(run.out().lines().filter(line -> line.startsWith("Scenario ")))
        .as("one history per scenario file, providers/ included")
        .hasSize(files.size());
    assertThat(run.out())
        .contains("Scenario stripe-retry-within-three-days ")
        .doesNotContain("JSON Schema");
    assertThat(run.out().strip().lines().reduce((first, second) -> second))
        .hasValueSatisfying(
            last ->
                assertThat(last)
                    .matches(
                        files.size()
                            + " files replayed: [0-9,]+ steps, ([0-9,]+) of \\1"
                            + " expected facts held; no file failed\\."));
  }

  @Test
  void aReplayOfSeveralFilesEndsWithOneLineNamingTheFilesThatFailedInTheSingular()
      throws IOException {
    String oneStep =
        """
        {"name": "one-step", "description": "one delivery",
         "initial": {"card-1": {"version": 1, "state": {"stage": "queued"}}},
         "steps": [
           {"deliver": {"event_id": "e-1", "object_id": "card-1", "object_version": 2,
                        "occurred_at": "2024-03-01T10:00:00Z", "type": "card.snapshot",
                        "state": {"stage": "ready"}},
            "received_at": "2024-03-01T10:00:01Z", "expect": {"decision": "%s"}}]}
        """;
    Path right = Files.writeString(folder.resolve("a-right.json"), oneStep.formatted("APPLIED"));
    Path wrong = Files.writeString(folder.resolve("b-wrong.json"), oneStep.formatted("DUPLICATE"));
    Path broken = Files.writeString(folder.resolve("c-broken.json"), "{");

    CommandRun run = CommandRun.of("replay", right.toString(), wrong.toString(), broken.toString());
    CommandRun json =
        CommandRun.of("replay", "--format", "json", right.toString(), right.toString());

    String summary =
        "2 files replayed: 2 steps, 1 of 2 expected facts held; 1 file failed: "
            + wrong
            + "; 1 file rejected: "
            + broken
            + ".";
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out().strip().lines().reduce((first, second) -> second)).hasValue(summary);
    assertThat(json.exitCode()).isZero();
    assertThat(new ObjectMapper().readTree(json.out()).get("histories")).hasSize(2);
    assertThat(json.err().strip())
        .isEqualTo("2 files replayed: 2 steps, 2 of 2 expected facts held; no file failed.");
    assertThat(CommandRun.of("replay", right.toString()).out())
        .contains("1 of 1 expected fact holds.")
        .doesNotContain("files replayed");
  }

  @Test
  void aFolderWithoutScenarioFilesOrAnHtmlPageOfSeveralIsRejectedWithOneLine() throws IOException {
    Path empty = Files.createDirectories(folder.resolve("empty"));
    CommandRun none = CommandRun.of("replay", empty.toString());
    assertThat(none.exitCode()).isEqualTo(2);
    assertThat(none.err().strip().lines()).hasSize(1).first().asString().startsWith(empty + ": ");

    CommandRun html =
        CommandRun.of("replay", "--format", "html", ProjectPaths.scenarios().toString());
    assertThat(html.exitCode()).isEqualTo(2);
    assertThat(html.err().strip().lines())
        .containsExactly(
            "inboxcheck replay: --format html writes one page: give exactly one scenario file,"
                + " not "
                + ProjectPaths.scenarioFiles().size());
  }

  @Test
  void anUnknownFormatOrReceiverIsRejectedWithExitTwo() {
    assertThat(CommandRun.of("replay", "--format", "xml", GUIDE).exitCode()).isEqualTo(2);
    CommandRun receiver = CommandRun.of("replay", "--receiver", "kafka", GUIDE);
    assertThat(receiver.exitCode()).isEqualTo(2);
    assertThat(receiver.err()).contains("unknown receiver");
  }

  @Test
  void everyCommandHasHelp() {
    assertThat(CommandRun.of("--help").out()).contains("replay");
    assertThat(CommandRun.of("replay", "--help").out()).contains("--format").contains("Exit codes");
  }

  static List<String> fields(JsonNode node) {
    List<String> names = new ArrayList<>();
    Iterator<String> iterator = node.fieldNames();
    iterator.forEachRemaining(names::add);
    return names;
  }
}
