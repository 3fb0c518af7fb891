package io.inboxcheck.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.scenario.ExpectationReport;
import io.inboxcheck.scenario.ExpectationReport.Mismatch;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.ScenarioReader;
import org.junit.jupiter.api.Test;

/**
 * Partial expectations (SPEC section 9) compared with the reference model's history: each given
 * fact counted and compared, facts not given left alone, a state matched whole, a list of objects
 * element by element, {@code absent_cards} as card ids, and the final expectation.
 */
class ExpectationCheckTests {
  private static final String DELIVERY =
      """
      {"event_id": "e-1", "object_id": "card-1", "object_version": 2,
       "occurred_at": "2024-01-01T08:00:00Z", "type": "card.snapshot",
       "state": {"stage": "ready", "label": "Map"}}""";

  private static ExpectationReport replayed(String stepExpect, String finalExpect)
      throws Exception {
    String text =
        """
        {"name": "expectations", "retention": "PT24H", "supported_types": ["card.snapshot"],
         "start": "2024-01-01T08:00:00Z",
         "initial": {"card-1": {"version": 1, "state": {"stage": "queued", "label": "Map"}}},
         "steps": [
           {"deliver": %s, "received_at": "2024-01-01T08:00:01Z", "expect": %s},
           {"deliver": %s, "received_at": "2024-01-01T08:00:02Z", "attempt": 2}
         ]%s}"""
            .formatted(
                DELIVERY,
                stepExpect,
                DELIVERY,
                finalExpect == null ? "" : ", \"expect_final\": " + finalExpect);
    History history =
        new ScenarioRunner(ModelReceiver::new)
            .replay(new ScenarioReader().read("expectations.json", text));
    return history.expectations();
  }

  @Test
  void factsThatHoldAreCountedOneByOne() throws Exception {
    ExpectationReport report =
        replayed(
            """
            {"decision": "APPLIED", "reason": null, "ack": "ACK",
             "cards": {"card-1": {"version": 2}}, "paused": []}""",
            null);

    assertThat(report.failures()).isEmpty();
    assertThat(report.checked()).isEqualTo(5);
  }

  @Test
  void aFactThatDiffersNamesItsStepPathExpectedAndObserved() throws Exception {
    ExpectationReport report =
        replayed("{\"decision\": \"HELD\", \"cards\": {\"card-1\": {\"version\": 3}}}", null);

    assertThat(report.checked()).isEqualTo(2);
    assertThat(report.failures())
        .containsExactly(
            new Mismatch(1, "cards/card-1/version", "3", "2"),
            new Mismatch(1, "decision", "\"HELD\"", "\"APPLIED\""));
  }

  @Test
  void aFactTheHistoryDoesNotHaveIsReportedAbsent() throws Exception {
    ExpectationReport report = replayed("{\"cards\": {\"card-9\": {\"version\": 1}}}", null);

    assertThat(report.checked()).isEqualTo(1);
    assertThat(report.failures())
        .containsExactly(new Mismatch(1, "cards/card-9", "{\"version\":1}", "nothing (absent)"));
  }

  @Test
  void aStateMatchesOnlyWhole() throws Exception {
    ExpectationReport whole =
        replayed(
            "{\"cards\": {\"card-1\": {\"state\": {\"stage\": \"ready\", \"label\": \"Map\"}}}}",
            null);
    ExpectationReport part =
        replayed("{\"cards\": {\"card-1\": {\"state\": {\"stage\": \"ready\"}}}}", null);

    assertThat(whole.failures()).isEmpty();
    assertThat(whole.checked()).isEqualTo(1);
    assertThat(part.checked()).isEqualTo(1);
    assertThat(part.failures())
        .singleElement()
        .satisfies(
            mismatch -> {
              assertThat(mismatch.path()).isEqualTo("cards/card-1/state");
              assertThat(mismatch.expected()).isEqualTo("{\"stage\":\"ready\"}");
              assertThat(mismatch.actual()).isEqualTo("{\"label\":\"Map\",\"stage\":\"ready\"}");
            });
  }

  @Test
  void aListOfIdsMatchesWhole() throws Exception {
    ExpectationReport strings = replayed("{\"paused\": [\"card-1\"]}", null);

    assertThat(strings.checked()).isEqualTo(1);
    assertThat(strings.failures()).containsExactly(new Mismatch(1, "paused", "[\"card-1\"]", "[]"));
  }

  @Test
  void absentCardsAreCardIdsThatMustNotExist() throws Exception {
    ExpectationReport holds = replayed("{\"absent_cards\": [\"card-2\", \"card-3\"]}", null);
    ExpectationReport breaks = replayed("{\"absent_cards\": [\"card-2\", \"card-1\"]}", null);

    assertThat(holds.failures()).isEmpty();
    assertThat(holds.checked()).isEqualTo(2);
    assertThat(breaks.checked()).isEqualTo(2);
    assertThat(breaks.failures())
        .singleElement()
        .satisfies(
            mismatch -> {
              assertThat(mismatch.step()).isEqualTo(1);
              assertThat(mismatch.path()).isEqualTo("absent_cards/card-1");
              assertThat(mismatch.expected()).isEqualTo("no card card-1");
              assertThat(mismatch.actual()).contains("\"version\":2");
            });
  }

  @Test
  void absentCardsThatAreNotAListAreRejectedWhenTheFileIsRead() {
    assertThatThrownBy(() -> replayed("{\"absent_cards\": \"card-2\"}", null))
        .isInstanceOf(InputRejected.class)
        .hasMessage(
            "expectations.json: at /steps/0/expect/absent_cards: expected a list of ids (a JSON"
                + " array), found the string \"card-2\"");
  }

  @Test
  void theFinalExpectationIsComparedWithTheFinalFactsAsStepZero() throws Exception {
    ExpectationReport holds =
        replayed("{}", "{\"cards\": {\"card-1\": {\"version\": 2}}, \"unresolved\": []}");
    ExpectationReport breaks = replayed("{}", "{\"cards\": {\"card-1\": {\"version\": 1}}}");

    assertThat(holds.failures()).isEmpty();
    assertThat(holds.checked()).isEqualTo(2);
    assertThat(breaks.failures())
        .containsExactly(new Mismatch(0, "cards/card-1/version", "1", "2"));
  }

  @Test
  void aStepWithoutExpectationIsNotChecked() throws Exception {
    ExpectationReport report = replayed("{}", null);

    assertThat(report.checked()).isZero();
    assertThat(report.failures()).isEmpty();
  }
}
