package io.inboxcheck.check;

import static io.inboxcheck.check.CheckFixtures.CARD;
import static io.inboxcheck.check.CheckFixtures.START;
import static io.inboxcheck.check.CheckFixtures.advance;
import static io.inboxcheck.check.CheckFixtures.advanced;
import static io.inboxcheck.check.CheckFixtures.answered;
import static io.inboxcheck.check.CheckFixtures.auditOf;
import static io.inboxcheck.check.CheckFixtures.authoritative;
import static io.inboxcheck.check.CheckFixtures.card;
import static io.inboxcheck.check.CheckFixtures.context;
import static io.inboxcheck.check.CheckFixtures.deliver;
import static io.inboxcheck.check.CheckFixtures.delivered;
import static io.inboxcheck.check.CheckFixtures.envelope;
import static io.inboxcheck.check.CheckFixtures.held;
import static io.inboxcheck.check.CheckFixtures.reconcile;
import static io.inboxcheck.check.CheckFixtures.reconciled;
import static io.inboxcheck.check.CheckFixtures.reconciliation;
import static io.inboxcheck.check.CheckFixtures.view;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ObjectReconciliation.Reevaluation;
import io.inboxcheck.receiver.Ack;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Counters and acks: each finding on a hand-built step that passes and one that breaks. */
class RecordChecksTests {
  static final Card V3 = card(3, "open");
  private static final Card V4 = card(4, "closed");
  static final Envelope E1 = envelope("e-1", 4L, "closed");

  /** Step 2 delivers {@link #E1}, durably decided {@code decision}. */
  static StepContext delivery(Decision decision, Observation before, Observation after) {
    return context(V3, deliver(2, E1), delivered(decision), before, after);
  }

  /** Step 2 delivers {@link #E1} to a receiver holding only {@link #V3}, answered as given. */
  static StepContext answer(Decision decision, Ack ack, boolean fault, Observation after) {
    return context(
        V3, deliver(2, E1), answered(decision, ack, fault), view().card(V3).build(), after);
  }

  private static Observation counted(long event, long authoritative) {
    return view().card(V4).replacements(event, authoritative).build();
  }

  @Test
  void anAppliedDeliveryCountsOneEventReplacement() {
    assertThat(RecordChecks.countersWrong(delivery(Decision.APPLIED, counted(2, 1), counted(3, 1))))
        .isEmpty();
    List<Violation> found =
        RecordChecks.countersWrong(delivery(Decision.APPLIED, counted(2, 1), counted(2, 1)));
    assertThat(found).hasSize(1);
    assertThat(found.get(0).finding()).isEqualTo(Finding.COUNTERS_WRONG);
    assertThat(found.get(0).expected().values())
        .containsExactly(Map.entry("event +", 1L), Map.entry("authoritative +", 0L));
    assertThat(found.get(0).observed().values())
        .containsExactly(Map.entry("event +", 0L), Map.entry("authoritative +", 0L));
  }

  @Test
  void aNonAppliedDeliveryOrAClockAdvanceCountsNothing() {
    assertThat(RecordChecks.countersWrong(delivery(Decision.STALE, counted(2, 1), counted(3, 1))))
        .hasSize(1);
    assertThat(RecordChecks.countersWrong(delivery(Decision.STALE, counted(2, 1), counted(2, 2))))
        .hasSize(1);
    assertThat(RecordChecks.countersWrong(delivery(Decision.STALE, counted(2, 1), counted(2, 1))))
        .isEmpty();
    StepContext clock =
        context(V3, advance(2, Duration.ofHours(1)), advanced(), counted(0, 0), counted(1, 0));
    assertThat(RecordChecks.countersWrong(clock)).hasSize(1);
    assertThat(RecordChecks.countersWrong(answer(null, Ack.NO_ACK, false, counted(1, 0))))
        .as("a delivery that was not durable is judged by ACK_MEANS_DURABLE")
        .isEmpty();
  }

  @Test
  void aReconciliationCountsChangingAuthoritiesAndAppliedReevaluations() {
    HeldInput waiting = held(1, envelope("e-2", 6L, "later"), HeldReason.CARD_PAUSED);
    StepContext reconciliation =
        context(
            V3,
            reconcile(
                2,
                Map.of(
                    CARD,
                    authoritative(5, "authority"),
                    "card-2",
                    authoritative(1, "same"),
                    "card-3",
                    authoritative(1, "new"))),
            reconciled(
                reconciliation(
                    CARD,
                    V3,
                    card(6, "later"),
                    List.of(),
                    List.of(new Reevaluation(waiting, Decision.APPLIED))),
                reconciliation(
                    "card-2",
                    card(1, "same"),
                    card(1, "same"),
                    List.of(),
                    List.of(
                        new Reevaluation(waiting, Decision.STALE),
                        new Reevaluation(waiting, Decision.APPLIED)))),
            view().card(V3.pause()).card("card-2", card(1, "same")).replacements(4, 4).build(),
            view().replacements(6, 6).build());

    assertThat(RecordChecks.countersWrong(reconciliation))
        .as("two changing authorities (card-1 and the new card-3), two applied re-evaluations")
        .isEmpty();
    StepContext miscounted =
        context(
            V3,
            reconcile(2, Map.of(CARD, authoritative(3, "open"))),
            reconciled(),
            view().card(V3.pause()).build(),
            view().replacements(0, 1).build());
    List<Violation> found = RecordChecks.countersWrong(miscounted);
    assertThat(found).hasSize(1);
    assertThat(found.get(0).expected().values())
        .as("an authority equal to the card, pause aside, replaces nothing")
        .containsExactly(Map.entry("event +", 0L), Map.entry("authoritative +", 0L));
  }

  @Test
  void anAcknowledgedFailedWriteIsReported() {
    List<Violation> found =
        RecordChecks.ackOnFailedWrite(answer(Decision.APPLIED, Ack.ACK, true, counted(0, 0)));
    assertThat(found).hasSize(1);
    assertThat(found.get(0).finding()).isEqualTo(Finding.ACK_ON_FAILED_WRITE);
    assertThat(found.get(0).expected().values()).containsExactly(Map.entry("ack", Ack.NO_ACK));
    assertThat(found.get(0).observed().values())
        .containsExactly(Map.entry("ack", Ack.ACK), Map.entry("decision", Decision.APPLIED));
  }

  @Test
  void aRefusedFailedWriteOrAnAcknowledgedGoodWriteIsNoFailedWriteFinding() {
    assertThat(RecordChecks.ackOnFailedWrite(answer(null, Ack.NO_ACK, true, counted(0, 0))))
        .isEmpty();
    assertThat(
            RecordChecks.ackOnFailedWrite(answer(Decision.APPLIED, Ack.ACK, false, counted(1, 0))))
        .isEmpty();
    assertThat(
            RecordChecks.ackOnFailedWrite(
                context(
                    V3, advance(2, Duration.ofHours(1)), advanced(), counted(0, 0), counted(0, 0))))
        .isEmpty();
  }

  @Test
  void aDecisionWithoutAckOrAnAckWithoutDecisionIsReported() {
    List<Violation> found =
        RecordChecks.ackWithoutDecision(answer(Decision.APPLIED, Ack.NO_ACK, false, counted(0, 0)));
    assertThat(found).hasSize(1);
    assertThat(found.get(0).finding()).isEqualTo(Finding.ACK_WITHOUT_DECISION);
    assertThat(found.get(0).expected().values())
        .containsExactly(Map.entry("a decision exactly when acknowledged", true));
    assertThat(found.get(0).observed().values())
        .containsExactly(Map.entry("ack", Ack.NO_ACK), Map.entry("decision", Decision.APPLIED));
    assertThat(RecordChecks.ackWithoutDecision(answer(null, Ack.ACK, false, counted(0, 0))))
        .hasSize(1);
    assertThat(
            RecordChecks.ackWithoutDecision(
                answer(Decision.STALE, Ack.NO_ACK, true, counted(0, 0))))
        .as("a refused failed write must not carry a decision either")
        .hasSize(1);
  }

  @Test
  void aMatchedAckAndDecisionOrAnAcknowledgedFailedWriteIsNoAckDecisionFinding() {
    assertThat(RecordChecks.ackWithoutDecision(answer(null, Ack.NO_ACK, false, counted(0, 0))))
        .isEmpty();
    assertThat(
            RecordChecks.ackWithoutDecision(
                answer(Decision.APPLIED, Ack.ACK, false, counted(1, 0))))
        .isEmpty();
    assertThat(
            RecordChecks.ackWithoutDecision(answer(Decision.APPLIED, Ack.ACK, true, counted(0, 0))))
        .as("reported as ACK_ON_FAILED_WRITE instead")
        .isEmpty();
  }

  @Test
  void aRefusedDeliveryThatChangedAnythingIsReported() {
    List<Violation> found =
        RecordChecks.noAckChangedState(
            answer(
                null,
                Ack.NO_ACK,
                false,
                view().card(V4).audit(auditOf(2, E1, Decision.APPLIED)).build()));
    assertThat(found).hasSize(1);
    assertThat(found.get(0).finding()).isEqualTo(Finding.NO_ACK_CHANGED_STATE);
    assertThat(found.get(0).expected().values())
        .containsExactly(
            Map.entry("changed cards", List.of()), Map.entry("audit entries added", 0));
    assertThat(found.get(0).observed().values())
        .containsExactly(
            Map.entry("changed cards", List.of(CARD)), Map.entry("audit entries added", 1));
    HeldInput kept = held(2, E1, HeldReason.CARD_PAUSED);
    assertThat(noAck(view().card(V3).held(kept).build())).hasSize(1);
    assertThat(noAck(view().card(V3).replacements(1, 0).build())).hasSize(1);
    assertThat(noAck(view().card(V3).audit(auditOf(2, E1, Decision.APPLIED)).build())).hasSize(1);
    assertThat(noAck(view().card(V3.pause()).build())).as("a pause is a change").hasSize(1);
  }

  private static List<Violation> noAck(Observation after) {
    return RecordChecks.noAckChangedState(answer(null, Ack.NO_ACK, false, after));
  }

  @Test
  void aRefusedDeliveryMayOnlyPrune() {
    AuditEntry pruned = new AuditEntry.IdentityPruned(2, START, "e-0", START);
    assertThat(noAck(view().card(V3).build())).isEmpty();
    assertThat(noAck(view().card(V3).audit(pruned).build())).isEmpty();
    Observation before = view().card(V3).audit(auditOf(1, E1, Decision.APPLIED)).build();
    assertThat(
            RecordChecks.noAckChangedState(
                context(
                    V3,
                    deliver(2, E1),
                    answered(null, Ack.NO_ACK, false),
                    before,
                    view().card(V3).build())))
        .as("a shrunk audit is AUDIT_APPEND_ONLY's to report")
        .isEmpty();
    assertThat(
            RecordChecks.noAckChangedState(
                answer(Decision.APPLIED, Ack.NO_ACK, false, counted(1, 0))))
        .as("a refused delivery with a decision is ACK_WITHOUT_DECISION's")
        .isEmpty();
    assertThat(
            RecordChecks.noAckChangedState(answer(Decision.APPLIED, Ack.ACK, false, counted(1, 0))))
        .isEmpty();
  }
}
