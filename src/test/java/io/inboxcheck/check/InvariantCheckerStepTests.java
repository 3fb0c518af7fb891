package io.inboxcheck.check;

import static io.inboxcheck.check.CheckFixtures.CARD;
import static io.inboxcheck.check.CheckFixtures.START;
import static io.inboxcheck.check.CheckFixtures.advance;
import static io.inboxcheck.check.CheckFixtures.advanced;
import static io.inboxcheck.check.CheckFixtures.answered;
import static io.inboxcheck.check.CheckFixtures.auditOf;
import static io.inboxcheck.check.CheckFixtures.authoritative;
import static io.inboxcheck.check.CheckFixtures.card;
import static io.inboxcheck.check.CheckFixtures.deliver;
import static io.inboxcheck.check.CheckFixtures.delivered;
import static io.inboxcheck.check.CheckFixtures.envelope;
import static io.inboxcheck.check.CheckFixtures.held;
import static io.inboxcheck.check.CheckFixtures.reconcile;
import static io.inboxcheck.check.CheckFixtures.reconciled;
import static io.inboxcheck.check.CheckFixtures.recorded;
import static io.inboxcheck.check.CheckFixtures.scenario;
import static io.inboxcheck.check.CheckFixtures.view;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The checker on hand-built steps: which findings run, in what order, and what it remembers. */
class InvariantCheckerStepTests {
  private static final Card V3 = card(3, "open");
  private static final Card V4 = card(4, "closed");
  private static final Envelope E1 = envelope("e-1", 4L, "closed");
  private static final Scenario SCENARIO = scenario(Map.of(CARD, V3));

  private static List<Violation> check(
      InvariantChecker checker,
      ScenarioStep step,
      HistoryStep.Detail answer,
      Observation before,
      Observation after) {
    return checker.check(step, before, recorded(step, answer), after);
  }

  private static Observation applied(int step, Card card) {
    return view().card(card).audit(auditOf(step, E1, Decision.APPLIED)).replacements(1, 0).build();
  }

  @Test
  void theFindingsAreThoseEnabledAndObservable() {
    // RECEIVER_THREW and VIEW_CONTRADICTS_AUDIT are judged where the receiver is called
    // (CheckedRun), not after a step.
    assertThat(new InvariantChecker(SCENARIO).findings())
        .hasSize(Finding.values().length - 2)
        .doesNotContain(Finding.RECEIVER_THREW, Finding.VIEW_CONTRADICTS_AUDIT);
    assertThat(new InvariantChecker(SCENARIO, EnumSet.of(Invariant.NOTHING_LOST)).findings())
        .containsExactly(
            Finding.DUPLICATE_OF_UNRECORDED_CONTENT,
            Finding.DECISION_NOT_RECORDED_ONCE,
            Finding.HELD_DECISION_NOT_LISTED,
            Finding.HELD_INPUT_DROPPED);
    assertThat(
            new InvariantChecker(
                    SCENARIO, EnumSet.of(Invariant.NOTHING_LOST), EnumSet.of(Observable.HELD))
                .findings())
        .containsExactly(Finding.HELD_INPUT_DROPPED);
  }

  @Test
  void aStepBreakingSeveralFindingsReportsThemInFindingOrder() {
    InvariantChecker checker = new InvariantChecker(SCENARIO);
    Observation after = view().card(card(2, "lower")).card("card-9", V4).build();
    List<Violation> found =
        check(checker, advance(1, Duration.ofHours(1)), advanced(), view().card(V3).build(), after);
    assertThat(found)
        .extracting(Violation::finding)
        .containsExactly(
            Finding.CARD_CHANGED_BY_CLOCK, Finding.VERSION_LOWERED, Finding.INVENTED_CARD);
    InvariantChecker versionsOnly =
        new InvariantChecker(SCENARIO, EnumSet.of(Invariant.VERSION_MONOTONIC));
    assertThat(
            check(
                versionsOnly,
                advance(1, Duration.ofHours(1)),
                advanced(),
                view().card(V3).build(),
                after))
        .extracting(Violation::finding)
        .containsExactly(Finding.VERSION_LOWERED);
  }

  @Test
  void aDurableDecisionIsRememberedForTheStepsAfterIt() {
    InvariantChecker checker = new InvariantChecker(SCENARIO);
    assertThat(
            check(
                checker,
                deliver(1, E1),
                delivered(Decision.APPLIED),
                view().card(V3).build(),
                applied(1, V4)))
        .isEmpty();
    InvariantChecker.Memory memory = checker.memory(step -> step, time -> 7);
    assertThat(memory.identities()).containsOnlyKeys("e-1");
    assertThat(memory.identities().get("e-1"))
        .isEqualTo(new InvariantChecker.Memory.Track(7, Map.of(E1.content(), Decision.APPLIED)));
    assertThat(memory.recordedContents()).containsExactly(Map.entry("e-1", Set.of(E1.content())));
    assertThat(memory.allowedCards()).containsExactly(CARD);

    List<Violation> redelivered =
        check(checker, deliver(2, E1), delivered(Decision.STALE), applied(1, V4), applied(1, V4));
    assertThat(redelivered)
        .extracting(Violation::finding)
        .contains(Finding.REDELIVERY_NOT_IDEMPOTENT);
  }

  @Test
  void aLostWriteIsForgotten() {
    InvariantChecker checker = new InvariantChecker(SCENARIO);
    check(
        checker,
        deliver(1, E1),
        answered(null, Ack.NO_ACK, false),
        view().card(V3).build(),
        view().card(V3).build());
    InvariantChecker.Memory memory = checker.memory(step -> step, time -> 0);
    assertThat(memory.identities()).isEmpty();
    assertThat(memory.recordedContents()).isEmpty();
  }

  @Test
  void theMemoryNamesHeldDeliveriesByIdAndContentSorted() {
    InvariantChecker checker = new InvariantChecker(SCENARIO);
    Envelope later = envelope("e-0", 6L, "later");
    Decision paused = Decision.held(HeldReason.CARD_PAUSED);
    Observation one =
        view()
            .card(V3)
            .held(held(1, E1, HeldReason.CARD_PAUSED))
            .audit(auditOf(1, E1, paused))
            .build();
    check(checker, deliver(1, E1), delivered(paused), view().card(V3).build(), one);
    Observation two =
        view()
            .card(V3)
            .held(held(1, E1, HeldReason.CARD_PAUSED))
            .held(held(2, later, HeldReason.CARD_PAUSED))
            .audit(auditOf(1, E1, paused))
            .audit(auditOf(2, later, paused))
            .build();
    check(checker, deliver(2, later), delivered(paused), one, two);
    InvariantChecker.Memory memory = checker.memory(step -> step, time -> 0);
    assertThat(memory.expectedHeld())
        .containsOnly(
            Map.entry(new InvariantChecker.Memory.HeldDelivery("e-0", later.content()), 1),
            Map.entry(new InvariantChecker.Memory.HeldDelivery("e-1", E1.content()), 1));
    ScenarioStep.Reconcile listing = reconcile(3, Map.of("card-9", authoritative(1, "x")));
    check(checker, listing, reconciled(), two, two);
    assertThat(checker.memory(step -> step, time -> 0).allowedCards())
        .containsExactly(CARD, "card-9");
  }

  @Test
  void aCopyRemembersApartButCountsTogether() {
    InvariantChecker checker = new InvariantChecker(SCENARIO);
    InvariantChecker copy = checker.copy();
    check(
        copy, deliver(1, E1), delivered(Decision.APPLIED), view().card(V3).build(), applied(1, V4));
    assertThat(checker.memory(step -> step, time -> 0).identities()).isEmpty();
    assertThat(copy.memory(step -> step, time -> 0).identities()).containsOnlyKeys("e-1");
    assertThat(checker.exercised()).isEqualTo(copy.exercised());
    assertThat(checker.exercised()).containsEntry(Invariant.VERSION_MONOTONIC, 1L);
  }

  @Test
  void theRetentionClassComesFromTheFirstReceipt() {
    InvariantChecker checker = new InvariantChecker(SCENARIO);
    check(
        checker,
        deliver(1, E1, Duration.ofHours(3)),
        delivered(Decision.APPLIED),
        view().card(V3).build(),
        applied(1, V4));
    Instant[] seen = new Instant[1];
    checker.memory(
        step -> step,
        time -> {
          seen[0] = time;
          return 0;
        });
    assertThat(seen[0]).isEqualTo(START.plus(Duration.ofHours(3)));
  }
}
