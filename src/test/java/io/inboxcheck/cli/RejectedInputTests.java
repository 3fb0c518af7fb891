package io.inboxcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input gets one line naming the file, the position and the problem, and exit code 2. */
class RejectedInputTests {
  private static final String VALID_STEP =
      "{\"deliver\": {\"event_id\": \"e-1\"}, \"received_at\": \"2024-01-01T08:00:05Z\"}";

  @TempDir Path folder;

  @Test
  void badJsonNamesTheLineAndColumn() throws IOException {
    CommandRun run = replay("bad.json", "{\n  \"name\": \"x\",\n  \"steps\": [ oops ]\n}");
    assertRejected(run, "bad.json", "line 3, column");
  }

  @Test
  void aDuplicateKeyIsRejected() throws IOException {
    CommandRun run = replay("dup.json", "{\"name\": \"x\", \"name\": \"y\", \"steps\": []}");
    assertRejected(run, "dup.json", "duplicate key");
    assertThat(run.err()).contains("line 1, column");
  }

  @Test
  void aClockGoingBackwardsNamesTheStep() throws IOException {
    CommandRun run =
        replay(
            "back.json",
            "{\"name\": \"x\", \"steps\": ["
                + VALID_STEP
                + ", "
                + "{\"deliver\": {\"event_id\": \"e-2\"}, \"received_at\": \"2024-01-01T08:00:01Z\"}]}");
    assertRejected(run, "back.json", "at /steps/1/received_at");
    assertThat(run.err()).contains("never go backwards");
  }

  @Test
  void settlePointsMustBeStepsOfTheFileInAscendingOrder() throws IOException {
    String steps = "\"steps\": [" + VALID_STEP + "]";
    CommandRun beyond =
        replay("beyond.json", "{\"name\": \"x\", " + steps + ", \"settle_after\": [2]}");
    assertRejected(beyond, "beyond.json", "at /settle_after/0");
    assertThat(beyond.err()).contains("expected a step number from 1 to 1 to settle after");

    CommandRun text =
        replay("text.json", "{\"name\": \"x\", " + steps + ", \"settle_after\": [\"1\"]}");
    assertRejected(text, "text.json", "at /settle_after/0");

    String two = "\"steps\": [" + VALID_STEP + ", {\"advance\": \"PT1H\"}]";
    CommandRun order =
        replay("order.json", "{\"name\": \"x\", " + two + ", \"settle_after\": [2, 1]}");
    assertRejected(order, "order.json", "at /settle_after/1");
    assertThat(order.err()).contains("ascending order, each once");
  }

  @Test
  void anUnknownStepKindIsRejected() throws IOException {
    CommandRun run = replay("kind.json", "{\"name\": \"x\", \"steps\": [{\"redeliver\": {}}]}");
    assertRejected(run, "kind.json", "at /steps/0");
    assertThat(run.err()).contains("unknown step kind");
  }

  @Test
  void aMisspeltFieldIsRejectedNotIgnored() throws IOException {
    CommandRun run =
        replay(
            "typo.json",
            "{\"name\": \"x\", \"steps\": [{\"deliver\": {}, \"recieved_at\": \"2024-01-01T08:00:00Z\"}]}");
    assertRejected(run, "typo.json", "at /steps/0/recieved_at");
  }

  @Test
  void nestingFarPastTheDeliveryBoundIsRejected() throws IOException {
    String deep = "[".repeat(1000) + "]".repeat(1000);
    CommandRun run =
        replay("deep.json", "{\"name\": \"x\", \"steps\": [{\"deliver\": " + deep + "}]}");
    assertRejected(run, "deep.json", "nested deeper than the limit of 144 levels");
  }

  @Test
  void aPaddedBodyShorterThanItsEnvelopeOrPastTwiceTheBoundIsRejected() throws IOException {
    String envelope = "{\"event_id\": \"e-1\"}";
    for (String target : List.of("5", "8388609")) {
      CommandRun run =
          replay(
              "pad.json",
              "{\"name\": \"x\", \"steps\": [{\"deliver\": "
                  + envelope
                  + ", \"pad_to_bytes\": "
                  + target
                  + "}]}");
      assertRejected(
          run,
          "pad.json",
          "at /steps/0/pad_to_bytes: expected a body length from the envelope's own 19 bytes to"
              + " 8388608, found "
              + target);
    }
  }

  @Test
  void aPaddedBodyMustBeAnObject() throws IOException {
    CommandRun run =
        replay(
            "pad.json", "{\"name\": \"x\", \"steps\": [{\"deliver\": [1], \"pad_to_bytes\": 9}]}");
    assertRejected(
        run,
        "pad.json",
        "at /steps/0/pad_to_bytes: expected an envelope that is a JSON object to describe, found"
            + " another value");
  }

  @Test
  void aNestingDepthOutOfRangeIsRejectedWithItsPosition() throws IOException {
    for (String depth : new String[] {"1", "1000001", "-3", "\"deep\""}) {
      CommandRun run =
          replay(
              "nest.json",
              "{\"name\": \"x\", \"steps\": [{\"deliver\": {\"a\": 1}, \"nest_to_depth\": "
                  + depth
                  + "}]}");
      assertRejected(run, "nest.json", "at /steps/0/nest_to_depth: ");
    }
  }

  @Test
  void aNestedBodyMayNotAlreadyCarryTheNestedMember() throws IOException {
    CommandRun run =
        replay(
            "nest.json",
            "{\"name\": \"x\", \"steps\": [{\"deliver\": {\"nested\": 1},"
                + " \"nest_to_depth\": 200}]}");
    assertRejected(
        run,
        "nest.json",
        "at /steps/0/nest_to_depth: expected an envelope without a member \"nested\", which"
            + " nest_to_depth adds; found one");
  }

  @Test
  void aTwentyMegabyteFileIsRejectedBeforeParsing() throws IOException {
    Path big = folder.resolve("big.json");
    try (Writer writer = Files.newBufferedWriter(big, StandardCharsets.UTF_8)) {
      writer.write("{\"name\": \"x\", \"description\": \"");
      char[] block = new char[1024 * 1024];
      java.util.Arrays.fill(block, 'a');
      for (int megabyte = 0; megabyte < 20; megabyte++) {
        writer.write(block);
      }
      writer.write("\", \"steps\": []}");
    }
    CommandRun run = CommandRun.of("replay", big.toString());
    assertRejected(run, "big.json", "the limit is 8388608 bytes");
  }

  @Test
  void anInvalidExpectationValueIsRejected() throws IOException {
    CommandRun run =
        replay(
            "expect.json",
            "{\"name\": \"x\", \"steps\": [{\"deliver\": {}, \"expect\": {\"decision\": \"APPLY\"}}]}");
    assertRejected(run, "expect.json", "at /steps/0/expect/decision");
  }

  @Test
  void anUnknownReconcileOutcomeIsRejectedWithTheValidListNotFailedAsAnExpectation()
      throws IOException {
    CommandRun run =
        replay(
            "outcome.json",
            "{\"name\": \"x\", \"steps\": [{\"reconcile\": {}, \"expect\": "
                + "{\"objects\": {\"card-1\": {\"outcome\": \"REPLACE\"}}}}]}");
    assertRejected(run, "outcome.json", "at /steps/0/expect/objects/card-1/outcome");
    assertThat(run.err()).contains("expected one of CONFIRMED, CREATED, REPLACED");
  }

  @Test
  void theSchemaNamedByAGlobIsRejectedAsNotAScenario() {
    String schema = ProjectPaths.scenarios().resolve("scenario.schema.json").toString();
    CommandRun run = CommandRun.of("replay", schema);
    assertRejected(run, "scenario.schema.json", "at /");
    assertThat(run.err()).contains("not a scenario");
  }

  @Test
  void aMissingFileIsRejected() {
    CommandRun run = CommandRun.of("replay", folder.resolve("absent.json").toString());
    assertRejected(run, "absent.json", "not a readable file");
  }

  @Test
  void oneBadFileDoesNotHideTheOthers() throws IOException {
    Path bad = folder.resolve("bad.json");
    Files.writeString(bad, "{");
    Path good = folder.resolve("good.json");
    Files.writeString(good, "{\"name\": \"good\", \"steps\": []}");
    CommandRun run = CommandRun.of("replay", bad.toString(), good.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).contains("Scenario good");
  }

  private CommandRun replay(String name, String text) throws IOException {
    Path file = folder.resolve(name);
    Files.writeString(file, text);
    return CommandRun.of("replay", file.toString());
  }

  private static void assertRejected(CommandRun run, String file, String position) {
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip().lines()).as("exactly one line: %s", run.err()).hasSize(1);
    assertThat(run.err()).contains(file).contains(position);
    assertThat(run.err()).doesNotContain("Exception").doesNotContain("\tat ");
    assertThat(run.out()).doesNotContain("Exception");
  }
}
