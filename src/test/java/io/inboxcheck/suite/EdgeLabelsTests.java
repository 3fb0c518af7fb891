package io.inboxcheck.suite;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.check.ScenarioRunner;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import org.junit.jupiter.api.Test;

/** Each edge and swarm label is earned exactly at its edge, and not one step beside it. */
class EdgeLabelsTests {
  private static final String CARDS =
      """
      "initial": {"card-1": {"version": %s, "state": {"stage": "queued"}},
                  "card-2": {"version": 0, "state": {"stage": "queued"}}},
      """;

  @Test
  void versionsFromTwoBelowToOneAboveAnEdgeAreLabelled() throws Exception {
    assertThat(labels(2147483646L, 5)).contains("edge:version_2^31");
    assertThat(labels(2147483645L, 5)).doesNotContain("edge:version_2^31");
    assertThat(labels(0, 2147483649L)).contains("edge:version_2^31");
    assertThat(labels(0, 2147483650L)).doesNotContain("edge:version_2^31");
    assertThat(labels(0, 4294967297L)).contains("edge:version_2^32");
    assertThat(labels(0, 9007199254740993L)).contains("edge:version_2^53");
    assertThat(labels(9223372036854775805L, 9223372036854775807L)).contains("edge:version_2^63-1");
    assertThat(labels(0, 5)).noneMatch(label -> label.startsWith("edge:version"));
  }

  @Test
  void aClockOnJustBeforeOrJustAfterTheEndOfRetentionIsLabelled() throws Exception {
    assertThat(advancedBy("PT24H")).contains("edge:retention_exact");
    assertThat(advancedBy("PT23H59M59S")).contains("edge:retention_1s_before");
    assertThat(advancedBy("PT24H1S")).contains("edge:retention_1s_after");
    assertThat(advancedBy("PT24H2S")).noneMatch(label -> label.startsWith("edge:retention"));
  }

  @Test
  void equalTimestampsLongRunsAndThreeVariantsAreLabelled() throws Exception {
    List<String> steps = new ArrayList<>();
    for (int index = 1; index <= EdgeLabels.LONG_RUN; index++) {
      steps.add(delivery("e-" + index, "card-1", index, "ready"));
    }
    steps.add(delivery("e-1", "card-1", 1, "a"));
    steps.add(delivery("e-1", "card-1", 1, "b"));
    Scenario shorter = scenario("0", String.join(",", steps));
    steps.add(delivery("e-1", "card-1", 1, "c"));
    Scenario scenario = scenario("0", String.join(",", steps));
    assertThat(EdgeLabels.ofScenario(scenario))
        .contains("edge:equal_occurred_at", "edge:one_card_run");
    assertThat(history(scenario)).contains("swarm:three_variants_of_one_id");
    assertThat(
            EdgeLabels.ofScenario(
                scenario("0", String.join(",", steps.subList(1, EdgeLabels.LONG_RUN)))))
        .doesNotContain("edge:one_card_run");
    assertThat(history(shorter)).doesNotContain("swarm:three_variants_of_one_id");
  }

  @Test
  void aRepauseAtACardsSecondAuthorityIsLabelledButNotAtItsFirst() throws Exception {
    String pauseAndHold =
        delivery("e-1", "card-1", null, "ready") + "," + delivery("e-2", "card-1", 3, "ready");
    String disputing =
        "{\"reconcile\": {\"card-1\": {\"version\": 3, \"state\": {\"stage\": \"other\"}}}}";
    String first = pauseAndHold + "," + disputing;
    String confirming =
        "{\"reconcile\": {\"card-1\": {\"version\": 1, \"state\": {\"stage\": \"queued\"}}}}";
    assertThat(history(scenario("0", first)))
        .doesNotContain("swarm:repaused_after_second_authority");
    assertThat(history(scenario("0", confirming + "," + first)))
        .contains("swarm:repaused_after_second_authority");
  }

  private static SortedSet<String> labels(long initial, long delivered) throws Exception {
    return EdgeLabels.ofScenario(
        scenario(String.valueOf(initial), delivery("e-1", "card-2", delivered, "ready")));
  }

  private static SortedSet<String> advancedBy(String duration) throws Exception {
    return EdgeLabels.ofScenario(
        scenario(
            "0", delivery("e-1", "card-1", 1, "ready") + ", {\"advance\": \"" + duration + "\"}"));
  }

  private static SortedSet<String> history(Scenario scenario) {
    return EdgeLabels.ofHistory(
        ScenarioRunner.replay(scenario, new ModelReceiver(scenario.setup())));
  }

  private static String delivery(String eventId, String objectId, Object version, String stage) {
    return """
        {"deliver": {"event_id": "%s", "object_id": "%s", "object_version": %s,
                     "occurred_at": "2024-03-01T10:00:00Z", "type": "card.snapshot",
                     "state": {"stage": "%s"}},
         "received_at": "2024-03-01T10:00:00Z"}"""
        .formatted(eventId, objectId, version == null ? "null" : version, stage);
  }

  private static Scenario scenario(String initialVersion, String steps) throws Exception {
    String text =
        "{\"name\": \"edges\", " + CARDS.formatted(initialVersion) + "\"steps\": [" + steps + "]}";
    return new ScenarioReader().read("edges.json", text);
  }
}
