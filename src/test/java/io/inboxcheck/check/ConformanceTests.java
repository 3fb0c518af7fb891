package io.inboxcheck.check;

import static io.inboxcheck.check.CheckFixtures.CARD;
import static io.inboxcheck.check.CheckFixtures.START;
import static io.inboxcheck.check.CheckFixtures.answered;
import static io.inboxcheck.check.CheckFixtures.card;
import static io.inboxcheck.check.CheckFixtures.delivered;
import static io.inboxcheck.check.CheckFixtures.envelope;
import static io.inboxcheck.check.CheckFixtures.held;
import static io.inboxcheck.check.CheckFixtures.reconciled;
import static io.inboxcheck.check.CheckFixtures.reconciliation;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ObjectReconciliation.Reevaluation;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.scenario.HistoryStep;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Conformance: the first difference from the reference model's step, in what the receiver shows.
 */
class ConformanceTests {
  private static final Set<Observable> ALL = Observable.RICHEST_LEVEL;
  private static final HeldInput HELD =
      held(1, envelope("e-1", 4L, "closed"), HeldReason.CARD_PAUSED);

  private static HistoryStep step(HistoryStep.Detail detail) {
    return step(detail, card(3, "open"), List.of(), ReplacementCounters.ZERO);
  }

  private static HistoryStep step(
      HistoryStep.Detail detail, Card card, List<HeldInput> held, ReplacementCounters counters) {
    return new HistoryStep(
        4, START, detail, new TreeMap<>(Map.of(CARD, card)), held, counters, List.of());
  }

  private static Violation difference(
      HistoryStep tested, HistoryStep reference, Set<Observable> shown) {
    Optional<Violation> found = Conformance.compare(tested, reference, shown);
    assertThat(found).isPresent();
    assertThat(found.get().invariant()).isEqualTo(Invariant.CONFORMANCE);
    assertThat(found.get().finding()).isNull();
    assertThat(found.get().step()).isEqualTo(4);
    return found.get();
  }

  @Test
  void theAuditIsComparedEntryByEntryAndTheFirstDifferenceNamesItsMembers() {
    HistoryStep reference = step(delivered(Decision.APPLIED));
    AuditEntry first =
        new AuditEntry.DeliveryRecorded(
            1, START, envelope("e-1", 4L, "closed"), Decision.APPLIED, false, List.of());
    AuditEntry second =
        new AuditEntry.DeliveryRecorded(
            2, START, envelope("e-2", 5L, "open"), Decision.APPLIED, false, List.of(CARD));
    AuditEntry secondUnpaused =
        new AuditEntry.DeliveryRecorded(
            2, START, envelope("e-2", 5L, "open"), Decision.APPLIED, false, List.of());

    assertThat(Conformance.compareAudit(reference, List.of(first, second), List.of(first, second)))
        .isEmpty();
    assertThat(Conformance.compareAudit(reference, List.of(), List.of())).isEmpty();

    Violation member =
        Conformance.compareAudit(reference, List.of(first, second), List.of(first, secondUnpaused))
            .orElseThrow();
    assertThat(member.invariant()).isEqualTo(Invariant.CONFORMANCE);
    assertThat(member.step()).isEqualTo(4);
    assertThat(member.stepKind()).isEqualTo("deliver");
    assertThat(member.expected().values())
        .containsExactly(
            Map.entry("audit entry", "2 (delivery at step 2, event_id e-2)"),
            Map.entry("paused", "[\"card-1\"]"));
    assertThat(member.observed().values())
        .containsExactly(
            Map.entry("audit entry", "2 (delivery at step 2, event_id e-2)"),
            Map.entry("paused", "[]"));

    Violation shorter =
        Conformance.compareAudit(reference, List.of(first, second), List.of(first)).orElseThrow();
    assertThat(String.valueOf(shorter.expected().get("audit entry")))
        .startsWith("2 {kind: delivery, step: 2,");
    assertThat(shorter.observed().get("audit entry")).isEqualTo("2 none");
    Violation longer =
        Conformance.compareAudit(reference, List.of(first), List.of(first, second)).orElseThrow();
    assertThat(longer.expected().get("audit entry")).isEqualTo("2 none");
    assertThat(String.valueOf(longer.observed().get("audit entry")))
        .startsWith("2 {kind: delivery, step: 2,");
  }

  @Test
  void equalStepsConform() {
    HistoryStep same = step(delivered(Decision.APPLIED));
    assertThat(Conformance.compare(same, same, ALL)).isEmpty();
    HistoryStep reconciliation = step(reconciled());
    assertThat(Conformance.compare(reconciliation, reconciliation, ALL)).isEmpty();
  }

  @Test
  void aDifferentDecisionIsNamedAsSpecPrintsIt() {
    Violation found =
        difference(step(delivered(Decision.STALE)), step(delivered(Decision.APPLIED)), ALL);
    assertThat(found.stepKind()).isEqualTo("deliver");
    assertThat(found.expected().values()).containsExactly(Map.entry("decision", "APPLIED"));
    assertThat(found.observed().values()).containsExactly(Map.entry("decision", "STALE"));
    Violation lost =
        difference(step(answered(null, Ack.ACK, false)), step(delivered(Decision.SAME_STATE)), ALL);
    assertThat(lost.observed().get("decision")).isEqualTo("none (not durable)");
  }

  @Test
  void decisionsAreComparedOnlyWhenShown() {
    Set<Observable> noDecisions = EnumSet.of(Observable.ACK, Observable.CARDS);
    assertThat(
            Conformance.compare(
                step(delivered(Decision.STALE)), step(delivered(Decision.APPLIED)), noDecisions))
        .isEmpty();
  }

  @Test
  void aDifferentAckIsReported() {
    Violation found =
        difference(
            step(answered(null, Ack.NO_ACK, false)), step(answered(null, Ack.ACK, false)), ALL);
    assertThat(found.expected().values()).containsExactly(Map.entry("ack", Ack.ACK));
    assertThat(found.observed().values()).containsExactly(Map.entry("ack", Ack.NO_ACK));
  }

  /** A reconciliation of card-1 that re-evaluated {@link #HELD} as {@code decision}. */
  private static HistoryStep reevaluatedAs(Decision decision) {
    return step(
        reconciled(
            reconciliation(
                CARD,
                card(3, "open"),
                card(5, "x"),
                List.of(),
                List.of(new Reevaluation(HELD, decision)))));
  }

  @Test
  void aDifferentReconciliationIsDescribedPerObject() {
    HistoryStep reference = reevaluatedAs(Decision.APPLIED);
    HistoryStep tested = reevaluatedAs(Decision.STALE);
    Violation found = difference(tested, reference, ALL);
    assertThat(found.stepKind()).isEqualTo("reconcile");
    assertThat(found.expected().values())
        .containsExactly(Map.entry("reconciliation", List.of("card-1 REPLACED 1:APPLIED")));
    assertThat(found.observed().values())
        .containsExactly(Map.entry("reconciliation", List.of("card-1 REPLACED 1:STALE")));
    assertThat(Conformance.compare(tested, reference, EnumSet.of(Observable.ACK))).isEmpty();
  }

  @Test
  void aDeliveryComparedWithAnotherKindOfStepComparesOnlyState() {
    assertThat(Conformance.compare(step(reconciled()), step(delivered(Decision.APPLIED)), ALL))
        .isEmpty();
    assertThat(
            Conformance.compare(
                step(new HistoryStep.Advanced(Duration.ofHours(1))), step(reconciled()), ALL))
        .isEmpty();
  }

  @Test
  void differentCardsHeldInputsOrCountersAreReportedWhenShown() {
    HistoryStep reference = step(delivered(Decision.APPLIED));
    HistoryStep otherCard =
        step(delivered(Decision.APPLIED), card(4, "x"), List.of(), ReplacementCounters.ZERO);
    Violation cards = difference(otherCard, reference, ALL);
    assertThat(cards.expected().get("cards")).isEqualTo(Map.of(CARD, card(3, "open")));
    assertThat(cards.observed().get("cards")).isEqualTo(Map.of(CARD, card(4, "x")));
    assertThat(Conformance.compare(otherCard, reference, EnumSet.of(Observable.ACK))).isEmpty();

    HeldInput noId = held(2, envelope(null, CARD, 2L, "x"), HeldReason.MALFORMED);
    HistoryStep otherHeld =
        step(
            delivered(Decision.APPLIED),
            card(3, "open"),
            List.of(HELD, noId),
            ReplacementCounters.ZERO);
    Violation held = difference(otherHeld, reference, ALL);
    assertThat(held.expected().values()).containsExactly(Map.entry("held", List.of()));
    assertThat(held.observed().values())
        .containsExactly(Map.entry("held", List.of("e-1:CARD_PAUSED", "(no id):MALFORMED")));
    assertThat(Conformance.compare(otherHeld, reference, EnumSet.of(Observable.CARDS))).isEmpty();
    HistoryStep sameHeldOtherStep =
        step(
            delivered(Decision.APPLIED),
            card(3, "open"),
            List.of(new HeldInput(9, HELD.envelope(), HELD.reason())),
            ReplacementCounters.ZERO);
    HistoryStep referenceHeld =
        step(delivered(Decision.APPLIED), card(3, "open"), List.of(HELD), ReplacementCounters.ZERO);
    assertThat(Conformance.compare(sameHeldOtherStep, referenceHeld, ALL))
        .as("held inputs are matched by id and reason, never by step number")
        .isEmpty();

    HistoryStep counted =
        step(
            delivered(Decision.APPLIED), card(3, "open"), List.of(), new ReplacementCounters(1, 0));
    Violation counters = difference(counted, reference, ALL);
    assertThat(counters.expected().values())
        .containsExactly(Map.entry("replacements", ReplacementCounters.ZERO));
    assertThat(counters.observed().values())
        .containsExactly(Map.entry("replacements", new ReplacementCounters(1, 0)));
    assertThat(Conformance.compare(counted, reference, EnumSet.of(Observable.HELD))).isEmpty();
  }
}
