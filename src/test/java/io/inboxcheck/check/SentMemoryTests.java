package io.inboxcheck.check;

import static io.inboxcheck.check.CheckFixtures.CARD;
import static io.inboxcheck.check.CheckFixtures.START;
import static io.inboxcheck.check.CheckFixtures.at;
import static io.inboxcheck.check.CheckFixtures.authoritative;
import static io.inboxcheck.check.CheckFixtures.card;
import static io.inboxcheck.check.CheckFixtures.deliver;
import static io.inboxcheck.check.CheckFixtures.delivered;
import static io.inboxcheck.check.CheckFixtures.envelope;
import static io.inboxcheck.check.CheckFixtures.held;
import static io.inboxcheck.check.CheckFixtures.memory;
import static io.inboxcheck.check.CheckFixtures.reconcile;
import static io.inboxcheck.check.CheckFixtures.reconciled;
import static io.inboxcheck.check.CheckFixtures.reconciliation;
import static io.inboxcheck.check.CheckFixtures.recorded;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ObjectReconciliation.Reevaluation;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The harness's memory: retention, held deliveries and what each id recorded. */
class SentMemoryTests {
  private static final Card V3 = card(3, "open");
  private static final Envelope E1 = envelope("e-1", 4L, "closed");
  private static final Envelope E1_VARIANT = envelope("e-1", 5L, "archived");

  private static void see(SentMemory memory, ScenarioStep.Deliver deliver, Decision decision) {
    memory.beforeChecks(deliver, recorded(deliver, delivered(decision)));
    memory.afterDelivery(deliver, decision);
  }

  @Test
  void anIdIsRetainedUntilExactlyItsRetentionHasPassed() {
    SentMemory memory = memory(V3);
    assertThat(memory.clock).isEqualTo(START);
    assertThat(memory.allowedCards).containsExactly(CARD);
    memory.clock = at(Duration.ofHours(24).minusSeconds(1));
    assertThat(memory.retained(START)).isTrue();
    memory.clock = at(Duration.ofHours(24));
    assertThat(memory.retained(START)).isFalse();
  }

  @Test
  void aStepMovesTheClockAndAReconciliationAllowsTheCardsItLists() {
    SentMemory memory = memory(V3);
    ScenarioStep.Reconcile reconcile =
        reconcile(1, Map.of("card-9", authoritative(1, "x")), Duration.ofHours(2));
    memory.beforeChecks(reconcile, recorded(reconcile, reconciled()));
    assertThat(memory.clock).isEqualTo(at(Duration.ofHours(2)));
    assertThat(memory.allowedCards).containsExactlyInAnyOrder(CARD, "card-9");
    ScenarioStep.Advance untimed = new ScenarioStep.Advance(2, Duration.ZERO, null, null);
    memory.beforeChecks(untimed, recorded(untimed, CheckFixtures.advanced()));
    assertThat(memory.clock)
        .as("a step without a time leaves the clock")
        .isEqualTo(at(Duration.ofHours(2)));
  }

  @Test
  void aDurableDeliveryIsRememberedUnderItsIdAndHeldOnesAreExpectedListed() {
    SentMemory memory = memory(V3);
    see(memory, deliver(1, E1), Decision.APPLIED);
    see(memory, deliver(2, E1_VARIANT), Decision.held(HeldReason.ID_CONFLICT));

    assertThat(memory.recordedContents.get("e-1"))
        .containsExactlyInAnyOrder(E1.content(), E1_VARIANT.content());
    SentMemory.IdentityTrack track = memory.identities.get("e-1");
    assertThat(track.firstReceivedAt).isEqualTo(at(Duration.ofMinutes(1)));
    assertThat(track.latestDecisions)
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                E1.content(),
                Decision.APPLIED,
                E1_VARIANT.content(),
                Decision.held(HeldReason.ID_CONFLICT)));
    assertThat(memory.expectedHeld)
        .containsExactly(new SentMemory.HeldKey("e-1", E1_VARIANT.content()));
  }

  @Test
  void aDuplicateOrAnIdlessDeliveryRecordsNothingUnderAnId() {
    SentMemory memory = memory(V3);
    see(memory, deliver(1, E1), new Decision.Duplicate(Decision.APPLIED));
    assertThat(memory.recordedContents).isEmpty();
    assertThat(memory.identities).isEmpty();
    Envelope idless = envelope(null, CARD, 4L, "closed");
    see(memory, deliver(2, idless), Decision.held(HeldReason.MALFORMED));
    assertThat(memory.recordedContents).isEmpty();
    assertThat(memory.identities).isEmpty();
    assertThat(memory.expectedHeld).containsExactly(new SentMemory.HeldKey(null, idless.content()));
  }

  @Test
  void anExpiredIdDeliveredAgainStartsANewTrackUnlessTheReceiverStillCalledItAVariant() {
    SentMemory memory = memory(V3);
    see(memory, deliver(1, E1, Duration.ZERO), Decision.APPLIED);
    see(
        memory,
        deliver(2, E1_VARIANT, Duration.ofHours(25)),
        Decision.held(HeldReason.ID_CONFLICT));
    assertThat(memory.identities.get("e-1").firstReceivedAt).isEqualTo(START);
    assertThat(memory.identities.get("e-1").latestDecisions).hasSize(2);

    see(memory, deliver(3, E1, Duration.ofHours(26)), Decision.STALE);
    SentMemory.IdentityTrack renewed = memory.identities.get("e-1");
    assertThat(renewed.firstReceivedAt).isEqualTo(at(Duration.ofHours(26)));
    assertThat(renewed.latestDecisions).containsExactly(Map.entry(E1.content(), Decision.STALE));
  }

  @Test
  void aRetainedIdKeepsItsFirstReceiptTime() {
    SentMemory memory = memory(V3);
    see(memory, deliver(1, E1, Duration.ZERO), Decision.APPLIED);
    see(memory, deliver(2, E1, Duration.ofHours(23)), Decision.STALE);
    assertThat(memory.identities.get("e-1").firstReceivedAt).isEqualTo(START);
    assertThat(memory.identities.get("e-1").latestDecisions)
        .containsExactly(Map.entry(E1.content(), Decision.STALE));
  }

  @Test
  void aReconciliationResolvesOrReevaluatesHeldDeliveries() {
    SentMemory memory = memory(V3);
    Envelope paused = envelope("e-2", 6L, "later");
    Envelope stillPaused = envelope("e-3", 7L, "latest");
    see(memory, deliver(1, E1), Decision.APPLIED);
    see(memory, deliver(2, E1_VARIANT), Decision.held(HeldReason.ID_CONFLICT));
    see(memory, deliver(3, paused), Decision.held(HeldReason.CARD_PAUSED));
    see(memory, deliver(4, stillPaused), Decision.held(HeldReason.CARD_PAUSED));
    HeldInput conflict = held(2, E1_VARIANT, HeldReason.ID_CONFLICT);
    ScenarioStep.Reconcile reconcile = reconcile(5, Map.of(CARD, authoritative(5, "x")));
    memory.beforeChecks(
        reconcile,
        recorded(
            reconcile,
            reconciled(
                reconciliation(
                    CARD,
                    V3,
                    card(6, "later"),
                    List.of(conflict),
                    List.of(
                        new Reevaluation(held(3, paused, HeldReason.CARD_PAUSED), Decision.APPLIED),
                        new Reevaluation(
                            held(4, stillPaused, HeldReason.CARD_PAUSED),
                            Decision.held(HeldReason.CARD_PAUSED)),
                        new Reevaluation(
                            held(9, envelope(null, CARD, 8L, "x"), HeldReason.MALFORMED),
                            Decision.held(HeldReason.MALFORMED)))))));

    assertThat(memory.expectedHeld)
        .containsExactly(new SentMemory.HeldKey("e-3", stillPaused.content()));
    assertThat(memory.identities.get("e-2").latestDecisions)
        .containsExactly(Map.entry(paused.content(), Decision.APPLIED));
    assertThat(memory.identities.get("e-3").latestDecisions)
        .containsExactly(Map.entry(stillPaused.content(), Decision.held(HeldReason.CARD_PAUSED)));
  }

  @Test
  void aCopyIsIndependentOfItsOriginal() {
    SentMemory memory = memory(V3);
    see(memory, deliver(1, E1), Decision.held(HeldReason.CARD_PAUSED));
    SentMemory copy = new SentMemory(memory);
    see(copy, deliver(2, E1_VARIANT, Duration.ofHours(2)), Decision.APPLIED);
    copy.allowedCards.add("card-9");

    assertThat(copy.retention).isEqualTo(memory.retention);
    assertThat(copy.expectedHeld).isEqualTo(memory.expectedHeld);
    assertThat(memory.clock).isEqualTo(at(Duration.ofMinutes(1)));
    assertThat(copy.clock).isEqualTo(at(Duration.ofHours(2)));
    assertThat(memory.allowedCards).containsExactly(CARD);
    assertThat(memory.recordedContents.get("e-1")).containsExactly(E1.content());
    assertThat(copy.recordedContents.get("e-1")).hasSize(2);
    assertThat(memory.identities.get("e-1").latestDecisions).hasSize(1);
    assertThat(copy.identities.get("e-1").latestDecisions).hasSize(2);
    assertThat(copy.identities.get("e-1").firstReceivedAt).isEqualTo(at(Duration.ofMinutes(1)));
  }
}
