package io.inboxcheck.check;

import static io.inboxcheck.check.CheckFixtures.CARD;
import static io.inboxcheck.check.CheckFixtures.advance;
import static io.inboxcheck.check.CheckFixtures.authoritative;
import static io.inboxcheck.check.CheckFixtures.card;
import static io.inboxcheck.check.CheckFixtures.deliver;
import static io.inboxcheck.check.CheckFixtures.envelope;
import static io.inboxcheck.check.CheckFixtures.reconcile;
import static io.inboxcheck.check.CheckFixtures.scenario;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.receiver.ViewContradiction;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.zoo.LastArrivalWinsReceiver;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** A receiver's exception is a finding of RECEIVER_ANSWERS at the step it threw in. */
class ReceiverThrewTests {
  /** A delivery, a reconciliation and a clock move: one step of each kind. */
  private static final Scenario THREE_KINDS =
      scenario(
          Map.of(CARD, card(3, "open")),
          deliver(1, envelope("e-1", 5L, "five")),
          reconcile(2, Map.of(CARD, authoritative(6, "six"))),
          advance(3, Duration.ofHours(1)));

  @Test
  void theOneLineIsTheClassAndTheFirstLineOfTheMessage() {
    assertThat(CheckedRun.oneLine(new IllegalStateException("  no card\n  at line 2 ")))
        .isEqualTo("java.lang.IllegalStateException: no card");
    assertThat(CheckedRun.oneLine(new IllegalStateException((String) null)))
        .isEqualTo("java.lang.IllegalStateException");
    assertThat(CheckedRun.oneLine(new IllegalStateException("   ")))
        .isEqualTo("java.lang.IllegalStateException");
  }

  @Test
  void theViolationNamesTheStepItsKindAndTheException() {
    RuntimeException thrown = new IllegalArgumentException("bad");
    List<String> kinds =
        THREE_KINDS.steps().stream()
            .map(step -> CheckedRun.threw(step, thrown).stepKind())
            .toList();
    assertThat(kinds).containsExactly("deliver", "reconcile", "advance");

    Violation violation = CheckedRun.threw(THREE_KINDS.steps().get(1), thrown);
    assertThat(violation.finding()).isEqualTo(Finding.RECEIVER_THREW);
    assertThat(violation.invariant()).isEqualTo(Invariant.RECEIVER_ANSWERS);
    assertThat(violation.step()).isEqualTo(2);
    assertThat(violation.expected().values())
        .containsExactly(Map.entry("answer", "without an exception"));
    assertThat(violation.observed().values())
        .containsExactly(Map.entry("exception", "java.lang.IllegalArgumentException: bad"));
  }

  @Test
  void onlyTheInvariantsOneStepShowsAreJudgedPerStep() {
    for (Invariant invariant : Invariant.values()) {
      boolean wholeRun =
          invariant == Invariant.ORDER_INDEPENDENT
              || invariant == Invariant.RECEIVER_ANSWERS
              || invariant == Invariant.CONFORMANCE;
      assertThat(invariant.judgedPerStep()).as("%s", invariant).isEqualTo(!wholeRun);
    }
  }

  @Test
  void aThrowEndsTheRunAtItsStepKeepingThatStepInTheScenario() {
    CheckedRun.Result result =
        CheckedRun.run(
            THREE_KINDS,
            setup -> new Throwing(new ModelReceiver(setup), "reconcile"),
            CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE);

    Violation violation = result.violation().orElseThrow();
    assertThat(violation.finding()).isEqualTo(Finding.RECEIVER_THREW);
    assertThat(violation.step()).isEqualTo(2);
    assertThat(violation.stepKind()).isEqualTo("reconcile");
    assertThat(result.thrown()).get().extracting(Throwable::getMessage).isEqualTo("reconcile");
    assertThat(result.history().steps()).hasSize(1);
    assertThat(result.history().scenario().steps()).hasSize(2);
    assertThat(result.referenceHistory().steps()).hasSize(1);
    assertThat(result.exercised())
        .containsEntry(Invariant.RECEIVER_ANSWERS, 2L)
        .containsEntry(Invariant.CONFORMANCE, 1L);
  }

  @Test
  void aThrowingFirstViewIsTheFirstStepsFindingAndTheModelsViewStandsIn() {
    CheckedRun.Result result =
        CheckedRun.run(
            THREE_KINDS,
            setup -> new Throwing(new ModelReceiver(setup), "view"),
            CheckedRun.Checks.INVARIANTS);

    assertThat(result.violation().orElseThrow().step()).isEqualTo(1);
    assertThat(result.history().steps()).isEmpty();
    assertThat(result.history().scenario().steps()).hasSize(1);
    assertThat(result.history().finalCards()).containsExactly(Map.entry(CARD, card(3, "open")));
    assertThat(result.exercised()).containsEntry(Invariant.RECEIVER_ANSWERS, 1L);
  }

  @Test
  void withReceiverAnswersLeftOutAThrowStillEndsTheRunWithoutAFinding() {
    CheckedRun.Result result =
        CheckedRun.run(
            THREE_KINDS,
            setup -> new Throwing(new ModelReceiver(setup), "reconcile"),
            CheckedRun.Checks.INVARIANTS,
            EnumSet.of(Invariant.NO_INVENTED_CARDS));

    assertThat(result.violation()).isEmpty();
    assertThat(result.thrown()).isPresent();
    assertThat(result.history().steps()).hasSize(1);
    assertThat(result.history().scenario().steps()).hasSize(2);
    assertThat(result.exercised()).doesNotContainKey(Invariant.RECEIVER_ANSWERS);
    // The receiver's last answered view stands for what it holds.
    assertThat(result.history().finalCards()).containsExactly(Map.entry(CARD, card(5, "five")));
  }

  @Test
  void theHistoryOfAThrowingRunEndsWithTheTestedReceiversLastViewNotTheModels() {
    Scenario olderLater =
        scenario(
            Map.of(CARD, card(3, "open")),
            deliver(1, envelope("e-1", 5L, "five")),
            deliver(2, envelope("e-2", 4L, "four")),
            reconcile(3, Map.of(CARD, authoritative(6, "six"))));
    CheckedRun.Result result =
        CheckedRun.run(
            olderLater,
            setup -> new Throwing(new LastArrivalWinsReceiver(setup), "reconcile"),
            CheckedRun.Checks.INVARIANTS,
            EnumSet.of(Invariant.NO_INVENTED_CARDS));

    assertThat(result.thrown()).isPresent();
    assertThat(result.history().finalCards()).containsExactly(Map.entry(CARD, card(4, "four")));
    assertThat(result.referenceHistory().finalCards())
        .containsExactly(Map.entry(CARD, card(5, "five")));
  }

  @Test
  void aViewContradictingItsAuditIsAuditAppendOnlysFindingNotAnException() {
    ViewContradiction contradiction =
        new ViewContradiction(
            "the first record of identity e-1 ($.identities[0].first)", 2, List.of(1L));
    CheckedRun.Result result =
        CheckedRun.run(
            THREE_KINDS,
            setup -> new Throwing(new ModelReceiver(setup), "reconcile", contradiction),
            CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE);

    Violation violation = result.violation().orElseThrow();
    assertThat(violation.finding()).isEqualTo(Finding.VIEW_CONTRADICTS_AUDIT);
    assertThat(violation.invariant()).isEqualTo(Invariant.AUDIT_APPEND_ONLY);
    assertThat(violation.step()).isEqualTo(2);
    assertThat(violation.stepKind()).isEqualTo("reconcile");
    assertThat(violation.observed().values())
        .containsExactly(
            Map.entry("named by", "the first record of identity e-1 ($.identities[0].first)"),
            Map.entry("arrival", 2L),
            Map.entry("audit's deliveries", "arrivals 1"));
    assertThat(violation.describe()).doesNotContain("xception");
    assertThat(result.thrown()).containsSame(contradiction);
    assertThat(result.history().steps()).hasSize(1);
  }

  @Test
  void withAuditAppendOnlyLeftOutAContradictionEndsTheRunWithoutAnyFinding() {
    CheckedRun.Result result =
        CheckedRun.run(
            THREE_KINDS,
            setup ->
                new Throwing(
                    new ModelReceiver(setup), "view", new ViewContradiction("x", 9, List.of())),
            CheckedRun.Checks.INVARIANTS,
            EnumSet.of(Invariant.NO_INVENTED_CARDS, Invariant.RECEIVER_ANSWERS));

    assertThat(result.violation()).as("never RECEIVER_THREW for a contradiction").isEmpty();
    assertThat(result.thrown()).isPresent();
  }

  @Test
  void theAuditedDeliveriesAreNamedUpToTen() {
    List<Long> twelve = LongStream.rangeClosed(1, 12).boxed().toList();
    assertThat(new ViewContradiction("x", 20, twelve).auditedText())
        .isEqualTo("arrivals 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ... (12 in all)");
    assertThat(new ViewContradiction("x", 20, List.of()).auditedText()).isEqualTo("none");
    assertThat(new ViewContradiction("x", 20, List.of(3L)).getMessage())
        .isEqualTo("x names arrival 20, which the audit does not list as a delivery");
  }

  /** The model, throwing {@code exception} from one operation: {@code deliver}, ... */
  private record Throwing(Receiver model, String operation, RuntimeException exception)
      implements Receiver {
    Throwing(Receiver model, String operation) {
      this(model, operation, new IllegalStateException(operation));
    }

    private void maybeThrow(String called) {
      if (called.equals(operation)) {
        throw exception;
      }
    }

    @Override
    public String name() {
      return "throwing-" + operation;
    }

    @Override
    public void advanceClock(int step, Instant time) {
      maybeThrow("advance");
      model.advanceClock(step, time);
    }

    @Override
    public DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
      maybeThrow("deliver");
      return model.deliver(step, envelope, transport);
    }

    @Override
    public List<ObjectReconciliation> reconcile(
        int step, SortedMap<String, AuthoritativeCard> authority) {
      maybeThrow("reconcile");
      return model.reconcile(step, authority);
    }

    @Override
    public ReceiverView view() {
      maybeThrow("view");
      return model.view();
    }
  }
}
