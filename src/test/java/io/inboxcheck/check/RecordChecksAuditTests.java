package io.inboxcheck.check;

import static io.inboxcheck.check.CheckFixtures.CARD;
import static io.inboxcheck.check.CheckFixtures.START;
import static io.inboxcheck.check.CheckFixtures.advance;
import static io.inboxcheck.check.CheckFixtures.advanced;
import static io.inboxcheck.check.CheckFixtures.auditOf;
import static io.inboxcheck.check.CheckFixtures.authoritative;
import static io.inboxcheck.check.CheckFixtures.context;
import static io.inboxcheck.check.CheckFixtures.deliver;
import static io.inboxcheck.check.CheckFixtures.envelope;
import static io.inboxcheck.check.CheckFixtures.held;
import static io.inboxcheck.check.CheckFixtures.memory;
import static io.inboxcheck.check.CheckFixtures.reconcile;
import static io.inboxcheck.check.CheckFixtures.reconciled;
import static io.inboxcheck.check.CheckFixtures.view;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.receiver.Ack;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The audit and the held inputs: each finding on a hand-built step that passes and one that breaks.
 */
class RecordChecksAuditTests {
  private static final Card V3 = RecordChecksTests.V3;
  private static final Envelope E1 = RecordChecksTests.E1;

  private static StepContext delivery(Decision decision, Observation before, Observation after) {
    return RecordChecksTests.delivery(decision, before, after);
  }

  private static StepContext answer(Decision decision, Ack ack, boolean fault, Observation after) {
    return RecordChecksTests.answer(decision, ack, fault, after);
  }

  @Test
  void aRemovedOrRewrittenAuditEntryIsReported() {
    AuditEntry first = auditOf(1, E1, Decision.APPLIED);
    Observation before = view().audit(first).build();
    List<Violation> removed =
        RecordChecks.auditRewritten(delivery(Decision.STALE, before, view().build()));
    assertThat(removed).hasSize(1);
    assertThat(removed.get(0).finding()).isEqualTo(Finding.AUDIT_REWRITTEN);
    assertThat(removed.get(0).expected().values())
        .containsExactly(Map.entry("earlier entries unchanged", 1));
    assertThat(removed.get(0).observed().values())
        .containsExactly(
            Map.entry("entries", 0), Map.entry("starting with the earlier ones", false));
    Observation rewritten = view().audit(auditOf(1, E1, Decision.STALE)).build();
    assertThat(RecordChecks.auditRewritten(delivery(Decision.STALE, before, rewritten))).hasSize(1);
  }

  @Test
  void anAuditKeptOrAppendedToPasses() {
    AuditEntry first = auditOf(1, E1, Decision.APPLIED);
    Observation before = view().audit(first).build();
    assertThat(RecordChecks.auditRewritten(delivery(Decision.STALE, before, before))).isEmpty();
    Observation appended = view().audit(first).audit(auditOf(2, E1, Decision.STALE)).build();
    assertThat(RecordChecks.auditRewritten(delivery(Decision.STALE, before, appended))).isEmpty();
  }

  @Test
  void aDurableDeliveryRecordedNoneOrTwiceIsReported() {
    Observation none =
        view()
            .audit(auditOf(1, E1, Decision.APPLIED))
            .audit(new AuditEntry.IdentityPruned(2, START, "e-0", START))
            .build();
    List<Violation> found =
        RecordChecks.decisionNotRecordedOnce(delivery(Decision.STALE, view().build(), none));
    assertThat(found).hasSize(1);
    assertThat(found.get(0).finding()).isEqualTo(Finding.DECISION_NOT_RECORDED_ONCE);
    assertThat(found.get(0).expected().values())
        .containsExactly(Map.entry("recorded decisions for this delivery", 1));
    assertThat(found.get(0).observed().values())
        .containsExactly(Map.entry("recorded decisions for this delivery", 0L));
    Observation twice =
        view().audit(auditOf(2, E1, Decision.STALE)).audit(auditOf(2, E1, Decision.STALE)).build();
    assertThat(
            RecordChecks.decisionNotRecordedOnce(delivery(Decision.STALE, view().build(), twice)))
        .hasSize(1);
  }

  @Test
  void aDeliveryRecordedOnceOrNotDurableIsNoMissingDecision() {
    Observation once = view().audit(auditOf(2, E1, Decision.STALE)).build();
    assertThat(RecordChecks.decisionNotRecordedOnce(delivery(Decision.STALE, view().build(), once)))
        .isEmpty();
    assertThat(
            RecordChecks.decisionNotRecordedOnce(answer(null, Ack.NO_ACK, false, view().build())))
        .isEmpty();
  }

  @Test
  void aHeldDeliveryMissingFromTheListIsReported() {
    SentMemory memory = memory(V3);
    memory.afterDelivery(deliver(1, E1), Decision.held(HeldReason.CARD_PAUSED));
    memory.afterDelivery(deliver(2, E1), Decision.held(HeldReason.CARD_PAUSED));
    HeldInput listed = held(1, E1, HeldReason.CARD_PAUSED);
    Observation once =
        view()
            .held(listed)
            .held(held(3, envelope(null, CARD, 2L, "x"), HeldReason.MALFORMED))
            .build();
    List<Violation> found =
        RecordChecks.heldDecisionNotListed(
            context(memory, advance(3, Duration.ofHours(1)), advanced(), once, once));

    assertThat(found).hasSize(1);
    assertThat(found.get(0).finding()).isEqualTo(Finding.HELD_DECISION_NOT_LISTED);
    assertThat(found.get(0).expected().values())
        .containsExactly(Map.entry("held event id", "e-1"), Map.entry("content", E1.content()));
    assertThat(found.get(0).observed().values())
        .containsExactly(Map.entry("held event ids", List.of("e-1", "(no id)")));
    Observation twice = view().held(listed).held(listed).build();
    assertThat(
            RecordChecks.heldDecisionNotListed(
                context(memory, advance(3, Duration.ofHours(1)), advanced(), twice, twice)))
        .isEmpty();
  }

  @Test
  void aListedHeldInputThatVanishesOutsideItsReconciliationIsReported() {
    HeldInput input = held(1, E1, HeldReason.CARD_PAUSED);
    Observation listed = view().held(input).build();
    List<Violation> found =
        RecordChecks.heldInputDropped(delivery(Decision.STALE, listed, view().build()));
    assertThat(found).hasSize(1);
    assertThat(found.get(0).finding()).isEqualTo(Finding.HELD_INPUT_DROPPED);
    assertThat(found.get(0).expected().values())
        .containsExactly(
            Map.entry("held event id", "e-1"),
            Map.entry("reason", HeldReason.CARD_PAUSED),
            Map.entry("listed until its card is reconciled", CARD));
    assertThat(found.get(0).observed().values())
        .containsExactly(Map.entry("held event ids", List.of()));
    StepContext otherCard =
        context(
            V3,
            reconcile(2, Map.of("card-2", authoritative(1, "x"))),
            reconciled(),
            listed,
            view().build());
    assertThat(RecordChecks.heldInputDropped(otherCard)).hasSize(1);
    Observation twice = view().held(input).held(input).build();
    assertThat(RecordChecks.heldInputDropped(delivery(Decision.STALE, twice, listed))).hasSize(1);
  }

  @Test
  void aHeldInputStillListedOrResolvedByItsCardsReconciliationPasses() {
    HeldInput input = held(1, E1, HeldReason.CARD_PAUSED);
    Observation listed = view().held(input).build();
    assertThat(RecordChecks.heldInputDropped(delivery(Decision.STALE, listed, listed))).isEmpty();
    StepContext reconciledCard =
        context(
            V3,
            reconcile(2, Map.of(CARD, authoritative(5, "x"))),
            reconciled(),
            listed,
            view().build());
    assertThat(RecordChecks.heldInputDropped(reconciledCard)).isEmpty();
  }
}
