package io.inboxcheck.conform;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.scenario.Scenario;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a log that starts in the middle of a history can and cannot judge, one case each: a
 * duplicate of an id never seen is not judged without the start and a divergence with it; what a
 * recorded decision shows of a card in part (paused) is enough to judge the next one; an authority
 * whose re-evaluations the log does not record leaves the card unknown.
 */
class ConformMidHistoryTests {
  @TempDir Path folder;

  private static String envelope(String eventId, long version, String stage) {
    return "{\\\"event_id\\\":\\\""
        + eventId
        + "\\\",\\\"object_id\\\":\\\"card-7\\\",\\\"object_version\\\":"
        + version
        + ",\\\"type\\\":\\\"card.snapshot\\\",\\\"state\\\":{\\\"stage\\\":\\\""
        + stage
        + "\\\"}}";
  }

  private static String delivery(int second, String envelope, Decision decision) {
    return "{\"at\":\"2024-01-01T08:00:0"
        + second
        + "Z\",\"envelope\":\""
        + envelope
        + "\",\"decision\":"
        + LogLines.decision(decision).canonicalText()
        + "}";
  }

  private Tally conform(LogStart start, String... lines) throws Exception {
    Path log = Files.write(Files.createTempFile(folder, "log", ".jsonl"), List.of(lines));
    return Conform.run(
            new JsonLinesFile(log),
            new Conform.Options(
                start,
                new Judge.Settings(
                    Scenario.DEFAULT_RETENTION, Scenario.DEFAULT_SUPPORTED_TYPES, true),
                false))
        .tally();
  }

  private static LogStart cardSeven() {
    TreeMap<String, Card> cards = new TreeMap<>();
    cards.put(
        "card-7",
        new Card(
            12,
            new io.inboxcheck.json.JsonObject(
                new TreeMap<>(
                    java.util.Map.of("stage", new io.inboxcheck.json.JsonString("ready")))),
            false));
    return LogStart.complete(cards);
  }

  @Test
  void aDuplicateOfAnIdNeverSeenIsJudgedOnlyWhenNothingCameBeforeTheLog() throws Exception {
    String duplicate =
        delivery(1, envelope("e-1", 12, "ready"), new Decision.Duplicate(Decision.APPLIED));

    Tally unknown = conform(LogStart.UNKNOWN, duplicate);
    Tally complete = conform(cardSeven(), duplicate);

    assertThat(unknown.unjudged()).containsOnlyKeys(Unjudged.Reason.ID_BEFORE_LOG);
    assertThat(unknown.divergenceCount()).isZero();
    assertThat(complete.divergenceCount()).isEqualTo(1);
    assertThat(complete.divergenceExamples().get(0).model().get("decision"))
        .isEqualTo(Decision.SAME_STATE);
  }

  @Test
  void aConflictThatPausedACardUnknownBeforeTheLogIsEnoughToJudgeWhatFollows() throws Exception {
    Tally tally =
        conform(
            LogStart.UNKNOWN,
            delivery(1, envelope("e-1", 12, "ready"), Decision.held(HeldReason.VERSION_CONFLICT)),
            delivery(2, envelope("e-2", 13, "archived"), Decision.APPLIED));

    assertThat(tally.unjudged()).containsOnlyKeys(Unjudged.Reason.CARD_NOT_IN_LOG);
    assertThat(tally.divergenceCount()).isEqualTo(1);
    assertThat(tally.divergenceExamples().get(0).model().get("decision"))
        .isEqualTo(Decision.held(HeldReason.CARD_PAUSED));
    assertThat(tally.breaches()).containsOnlyKeys("PAUSED_FROZEN");
  }

  @Test
  void anAuthorityWhoseReevaluationsAreNotRecordedLeavesTheCardUnknown() throws Exception {
    Tally tally =
        conform(
            LogStart.UNKNOWN,
            delivery(1, envelope("e-1", 12, "ready"), Decision.APPLIED),
            "{\"kind\":\"reconcile\",\"at\":\"2024-01-01T08:00:02Z\",\"authority\":{\"card-7\":"
                + "{\"version\":14,\"state\":{\"stage\":\"archived\"}}}}",
            delivery(3, envelope("e-3", 15, "ready"), Decision.STALE));

    assertThat(tally.inputs()).containsEntry("reconcile", 1L);
    assertThat(tally.unjudgedExamples(Unjudged.Reason.CARD_NOT_IN_LOG))
        .extracting(step -> step.position().number())
        .containsExactly(1L, 3L);
    assertThat(tally.divergenceCount()).isZero();
  }
}
