package io.inboxcheck.check;

import static io.inboxcheck.check.CheckFixtures.CARD;
import static io.inboxcheck.check.CheckFixtures.advance;
import static io.inboxcheck.check.CheckFixtures.card;
import static io.inboxcheck.check.CheckFixtures.deliver;
import static io.inboxcheck.check.CheckFixtures.envelope;
import static io.inboxcheck.check.CheckFixtures.scenario;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.receiver.ContractAdapter;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.ThinModelReceiver;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.zoo.AuditUpsertingReceiver;
import io.inboxcheck.zoo.LastArrivalWinsReceiver;
import io.inboxcheck.zoo.LazyPruningReceiver;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** A scenario run with every check after every step, stopping at the first violation. */
class CheckedRunTests {
  /** An applied delivery, then an older version the reference model records as STALE. */
  private static final Scenario OLDER_LATER =
      scenario(
          Map.of(CARD, card(3, "open")),
          deliver(1, envelope("e-1", 5L, "five")),
          deliver(2, envelope("e-2", 4L, "four")),
          advance(3, Duration.ofHours(1)));

  @Test
  void theReferenceReceiverPassesEveryCheckOnEveryStep() {
    CheckedRun.Result result =
        CheckedRun.run(
            OLDER_LATER, ModelReceiver::new, CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE);

    assertThat(result.violation()).isEmpty();
    assertThat(result.history().steps()).hasSize(3);
    assertThat(result.referenceHistory().steps()).hasSize(3);
    assertThat(result.history().finalCards()).containsExactly(Map.entry(CARD, card(5, "five")));
    assertThat(result.exercised())
        .containsEntry(Invariant.CONFORMANCE, 3L)
        .containsEntry(Invariant.VERSION_MONOTONIC, 2L)
        .containsEntry(Invariant.CLOCK_CHANGES_NO_CARD, 1L);
    assertThat(result.skipped()).isEmpty();
  }

  @Test
  void aRunToTheEndKeepsTheScenariosFinalExpectation() {
    JsonObject expectFinal = JsonObject.of(Map.of("paused", new JsonArray(List.of())));
    Scenario expecting = OLDER_LATER.withSteps(OLDER_LATER.steps(), expectFinal);
    CheckedRun.Result result =
        CheckedRun.run(expecting, ModelReceiver::new, CheckedRun.Checks.INVARIANTS);

    assertThat(result.history().scenario().expectFinal()).isEqualTo(expectFinal);
    assertThat(result.history().expectationsHold()).isTrue();
  }

  @Test
  void aBrokenInvariantStopsTheRunAtItsStep() {
    CheckedRun.Result result =
        CheckedRun.run(OLDER_LATER, LastArrivalWinsReceiver::new, CheckedRun.Checks.INVARIANTS);

    Violation violation = result.violation().orElseThrow();
    assertThat(violation.finding()).isEqualTo(Finding.VERSION_LOWERED);
    assertThat(violation.step()).isEqualTo(2);
    assertThat(result.history().steps()).hasSize(2);
    assertThat(result.history().scenario().steps()).hasSize(2);
    assertThat(result.referenceHistory().steps()).hasSize(2);
    assertThat(result.exercised()).doesNotContainKey(Invariant.CONFORMANCE);
  }

  @Test
  void conformanceCatchesWhatTheEnabledInvariantsLetThrough() {
    CheckedRun.Result invariantsOnly =
        CheckedRun.run(
            OLDER_LATER,
            LastArrivalWinsReceiver::new,
            CheckedRun.Checks.INVARIANTS,
            EnumSet.of(Invariant.NO_INVENTED_CARDS));
    assertThat(invariantsOnly.violation()).isEmpty();
    assertThat(invariantsOnly.history().steps()).hasSize(3);
    assertThat(invariantsOnly.exercised()).containsOnlyKeys(Invariant.NO_INVENTED_CARDS);

    CheckedRun.Result conformance =
        CheckedRun.run(
            OLDER_LATER,
            LastArrivalWinsReceiver::new,
            CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE,
            EnumSet.of(Invariant.NO_INVENTED_CARDS));
    Violation violation = conformance.violation().orElseThrow();
    assertThat(violation.invariant()).isEqualTo(Invariant.CONFORMANCE);
    assertThat(violation.step()).isEqualTo(2);
    assertThat(violation.expected().values()).containsExactly(Map.entry("decision", "STALE"));
    assertThat(conformance.exercised()).containsEntry(Invariant.CONFORMANCE, 2L);
  }

  private static Receiver thin(ReceiverSetup setup) {
    return new ContractAdapter(new ThinModelReceiver(setup), setup);
  }

  @Test
  void aReceiverShowingLessIsCheckedWithLessAndSaysSo() {
    assertThat(CheckedRun.shownBy(CheckedRunTests::thin)).isEqualTo(Observable.STATE_LEVEL);
    assertThat(CheckedRun.shownBy(ModelReceiver::new)).isEqualTo(Observable.RICHEST_LEVEL);
    CheckedRun.Result result =
        CheckedRun.run(
            OLDER_LATER, CheckedRunTests::thin, CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE);

    assertThat(result.violation()).isEmpty();
    assertThat(result.skipped())
        .contains(
            new SkippedCheck("FIRST_RECORD_KEPT", EnumSet.of(Observable.IDENTITIES)),
            new SkippedCheck("CONFORMANCE of decisions", EnumSet.of(Observable.DECISION)));
    CheckedRun.Result invariantsOnly =
        CheckedRun.run(OLDER_LATER, CheckedRunTests::thin, CheckedRun.Checks.INVARIANTS);
    assertThat(invariantsOnly.skipped())
        .extracting(SkippedCheck::check)
        .doesNotContain("CONFORMANCE of decisions");
  }

  /** One delivery, then a clock move past its retention, then the same id again. */
  private static final Scenario REDELIVERED_AFTER_RETENTION =
      scenario(
          Map.of(CARD, card(3, "open")),
          deliver(1, envelope("e-1", 5L, "five")),
          advance(2, Duration.ofHours(25)),
          deliver(3, envelope("e-1", 5L, "five"), Duration.ofHours(26)));

  @Test
  void eachStepRecordsWhatWasPrunedAndARedeliveryAfterRetention() {
    CheckedRun.Result result =
        CheckedRun.run(
            REDELIVERED_AFTER_RETENTION,
            ModelReceiver::new,
            CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE);

    assertThat(result.violation()).isEmpty();
    List<HistoryStep> steps = result.history().steps();
    assertThat(steps)
        .extracting(HistoryStep::pruned)
        .containsExactly(List.of(), List.of("e-1"), List.of());
    assertThat(((HistoryStep.Delivered) steps.get(0).detail()).retentionExpired()).isFalse();
    assertThat(((HistoryStep.Delivered) steps.get(2).detail()).retentionExpired()).isTrue();
  }

  /**
   * Runs {@code receivers} on {@code scenario} with no invariant enabled, under conformance and
   * without it: conformance finds a difference at {@code step}, and nothing else does.
   */
  private static void onlyConformanceFindsItAt(
      Scenario scenario, Function<ReceiverSetup, Receiver> receivers, int step) {
    CheckedRun.Result conformance =
        CheckedRun.run(
            scenario,
            receivers,
            CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE,
            EnumSet.noneOf(Invariant.class));
    CheckedRun.Result invariantsOnly =
        CheckedRun.run(
            scenario, receivers, CheckedRun.Checks.INVARIANTS, EnumSet.noneOf(Invariant.class));

    Violation violation = conformance.violation().orElseThrow();
    assertThat(violation.invariant()).isEqualTo(Invariant.CONFORMANCE);
    assertThat(violation.step()).isEqualTo(step);
    assertThat(invariantsOnly.violation()).isEmpty();
    assertThat(invariantsOnly.history().steps()).hasSameSizeAs(scenario.steps());
  }

  @Test
  void retainedIdentitiesAreComparedWithTheModelsOnlyUnderConformance() {
    onlyConformanceFindsItAt(REDELIVERED_AFTER_RETENTION, LazyPruningReceiver::new, 2);
  }

  @Test
  void theAuditIsComparedEntryByEntryOnlyUnderConformance() {
    Scenario redelivered =
        scenario(
            Map.of(CARD, card(3, "open")),
            deliver(1, envelope("e-1", 5L, "five")),
            deliver(2, envelope("e-1", 5L, "five")));

    onlyConformanceFindsItAt(redelivered, AuditUpsertingReceiver::new, 2);
  }
}
