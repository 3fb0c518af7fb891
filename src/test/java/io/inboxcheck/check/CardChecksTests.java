package io.inboxcheck.check;

import static io.inboxcheck.check.CheckFixtures.CARD;
import static io.inboxcheck.check.CheckFixtures.advance;
import static io.inboxcheck.check.CheckFixtures.advanced;
import static io.inboxcheck.check.CheckFixtures.answered;
import static io.inboxcheck.check.CheckFixtures.authoritative;
import static io.inboxcheck.check.CheckFixtures.card;
import static io.inboxcheck.check.CheckFixtures.context;
import static io.inboxcheck.check.CheckFixtures.deliver;
import static io.inboxcheck.check.CheckFixtures.delivered;
import static io.inboxcheck.check.CheckFixtures.envelope;
import static io.inboxcheck.check.CheckFixtures.memory;
import static io.inboxcheck.check.CheckFixtures.pausedCard;
import static io.inboxcheck.check.CheckFixtures.reconcile;
import static io.inboxcheck.check.CheckFixtures.reconciled;
import static io.inboxcheck.check.CheckFixtures.state;
import static io.inboxcheck.check.CheckFixtures.view;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.json.JsonString;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.Observable;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each card finding on one hand-built step that passes and one that breaks it. */
class CardChecksTests {
  private static final Card V3 = card(3, "open");
  private static final Card V4 = card(4, "closed");

  private static StepContext deliveryOf(Decision decision, Card before, Card after) {
    return context(
        before,
        deliver(2, envelope("e-1", 4L, "closed")),
        delivered(decision),
        view().card(before).build(),
        after == null ? view().build() : view().card(after).build());
  }

  private static StepContext clockAdvance(Card before, Card after) {
    return context(
        before,
        advance(2, Duration.ofHours(1)),
        advanced(),
        view().card(before).build(),
        after == null ? view().build() : view().card(after).build());
  }

  private static StepContext lostWrite(Card before, Card after) {
    return context(
        before,
        deliver(2, envelope("e-1", 4L, "closed")),
        answered(null, Ack.NO_ACK, false),
        view().card(before).build(),
        view().card(after).build());
  }

  @Test
  void aPausedCardChangedByADeliveryIsReportedWithBothVersions() {
    List<Violation> found =
        CardChecks.pausedCardChanged(
            deliveryOf(Decision.APPLIED, pausedCard(3, "open"), pausedCard(4, "closed")));

    assertThat(found).hasSize(1);
    Violation violation = found.get(0);
    assertThat(violation.finding()).isEqualTo(Finding.PAUSED_CARD_CHANGED);
    assertThat(violation.invariant()).isEqualTo(Invariant.PAUSED_FROZEN);
    assertThat(violation.step()).isEqualTo(2);
    assertThat(violation.stepKind()).isEqualTo("deliver");
    assertThat(violation.expected().values())
        .containsExactly(Map.entry("paused card", CARD), Map.entry("unchanged", V3.pause()));
    assertThat(violation.observed().values())
        .containsExactly(Map.entry("card", CARD), Map.entry("now", V4.pause()));
  }

  @Test
  void aPausedCardChangedOrDroppedByAClockAdvanceIsReported() {
    assertThat(CardChecks.pausedCardChanged(clockAdvance(pausedCard(3, "open"), V4)))
        .extracting(Violation::stepKind)
        .containsExactly("advance");
    List<Violation> dropped = CardChecks.pausedCardChanged(clockAdvance(V3.pause(), null));
    assertThat(dropped).hasSize(1);
    assertThat(dropped.get(0).observed().get("now")).isNull();
  }

  @Test
  void aPausedCardKeptOrAnUnpausedCardChangedIsNotAPausedFinding() {
    assertThat(CardChecks.pausedCardChanged(deliveryOf(Decision.APPLIED, V3.pause(), V3)))
        .as("unpausing alone keeps version and state")
        .isEmpty();
    assertThat(CardChecks.pausedCardChanged(deliveryOf(Decision.APPLIED, V3, V4))).isEmpty();
    assertThat(CardChecks.pausedCardChanged(lostWrite(V3.pause(), V4)))
        .as("a delivery that was not durable is judged by ACK_MEANS_DURABLE")
        .isEmpty();
  }

  @Test
  void aClockAdvanceThatChangesACardNamesTheCard() {
    List<Violation> found = CardChecks.cardChangedByClock(clockAdvance(V3, V4));

    assertThat(found).hasSize(1);
    assertThat(found.get(0).finding()).isEqualTo(Finding.CARD_CHANGED_BY_CLOCK);
    assertThat(found.get(0).expected().get("changed cards")).isEqualTo(List.of());
    assertThat(found.get(0).observed().get("changed cards")).isEqualTo(List.of(CARD));
  }

  @Test
  void aQuietClockOrADeliveryThatChangesACardIsNoClockFinding() {
    assertThat(CardChecks.cardChangedByClock(clockAdvance(V3, V3.pause()))).isEmpty();
    assertThat(CardChecks.cardChangedByClock(deliveryOf(Decision.APPLIED, V3, V4))).isEmpty();
  }

  @Test
  void aLoweredOrDroppedVersionIsReported() {
    List<Violation> lowered = CardChecks.versionLowered(deliveryOf(Decision.APPLIED, V4, V3));
    assertThat(lowered).hasSize(1);
    assertThat(lowered.get(0).finding()).isEqualTo(Finding.VERSION_LOWERED);
    assertThat(lowered.get(0).expected().values())
        .containsExactly(Map.entry("card", CARD), Map.entry("at least version", 4L));
    assertThat(lowered.get(0).observed().values())
        .containsExactly(Map.entry("card", CARD), Map.entry("version", 3L));

    List<Violation> dropped = CardChecks.versionLowered(clockAdvance(V4, null));
    assertThat(dropped).hasSize(1);
    assertThat(dropped.get(0).observed().get("version")).isNull();
    assertThat(CardChecks.versionLowered(clockAdvance(V4, V3))).hasSize(1);
  }

  @Test
  void anEqualOrHigherVersionOrALostWriteIsNoLoweredVersion() {
    assertThat(CardChecks.versionLowered(deliveryOf(Decision.SAME_STATE, V3, V3))).isEmpty();
    assertThat(CardChecks.versionLowered(deliveryOf(Decision.APPLIED, V3, V4))).isEmpty();
    assertThat(CardChecks.versionLowered(lostWrite(V4, V3))).isEmpty();
  }

  @Test
  void aHeldDecisionThatChangesACardIsReportedWithTheDecision() {
    Decision held = Decision.held(HeldReason.CARD_PAUSED);
    List<Violation> found = CardChecks.heldChangedCard(deliveryOf(held, V3, V4));

    assertThat(found).hasSize(1);
    assertThat(found.get(0).finding()).isEqualTo(Finding.HELD_CHANGED_CARD);
    assertThat(found.get(0).expected().get("changed cards")).isEqualTo(List.of());
    assertThat(found.get(0).observed().values())
        .containsExactly(Map.entry("decision", held), Map.entry("changed cards", List.of(CARD)));
  }

  @Test
  void aHeldDecisionWithoutChangesOrAnotherDecisionIsNoHeldFinding() {
    Decision held = Decision.held(HeldReason.CARD_PAUSED);
    assertThat(CardChecks.heldChangedCard(deliveryOf(held, V3, V3.pause()))).isEmpty();
    assertThat(CardChecks.heldChangedCard(deliveryOf(Decision.APPLIED, V3, V4))).isEmpty();
    StepContext undecided =
        context(
            memory(V3),
            deliver(2, envelope("e-1", 4L, "closed")),
            delivered(null),
            view().card(V3).build(),
            view().card(V4).build(),
            EnumSet.of(Observable.ACK, Observable.CARDS));
    assertThat(undecided.durableDelivery()).isTrue();
    assertThat(CardChecks.heldChangedCard(undecided)).isEmpty();
    assertThat(
            CardChecks.heldChangedCard(
                context(
                    V3,
                    deliver(2, envelope("e-1", 4L, "closed")),
                    answered(held, Ack.ACK, true),
                    view().card(V3).build(),
                    view().card(V4).build())))
        .isEmpty();
  }

  @Test
  void anAppliedEventReplacesTheWholeCard() {
    assertThat(CardChecks.stateNotReplaced(deliveryOf(Decision.APPLIED, V3, V4))).isEmpty();
  }

  @Test
  void anAppliedEventLeftMergedOrAtAnotherVersionIsReported() {
    Card merged = new Card(4, state("closed").with("extra", new JsonString("kept")), false);
    List<Violation> found = CardChecks.stateNotReplaced(deliveryOf(Decision.APPLIED, V3, merged));

    assertThat(found).hasSize(1);
    assertThat(found.get(0).finding()).isEqualTo(Finding.STATE_NOT_REPLACED);
    assertThat(found.get(0).expected().values())
        .containsExactly(
            Map.entry("card", CARD),
            Map.entry("version", "4"),
            Map.entry("state", state("closed")));
    assertThat(found.get(0).observed().values())
        .containsExactly(Map.entry("card", CARD), Map.entry("now", merged));
    assertThat(CardChecks.stateNotReplaced(deliveryOf(Decision.APPLIED, V3, card(3, "closed"))))
        .hasSize(1);
    assertThat(CardChecks.stateNotReplaced(deliveryOf(Decision.APPLIED, V3, null))).hasSize(1);
  }

  @Test
  void anAppliedEnvelopeWithoutAStateOrObjectCannotHaveBeenReplaced() {
    Envelope noState = envelope("e-1", CARD, 4L, null);
    StepContext stateless =
        context(
            V3,
            deliver(2, noState),
            delivered(Decision.APPLIED),
            view().card(V3).build(),
            view().card(V4).build());
    assertThat(CardChecks.stateNotReplaced(stateless)).hasSize(1);
    StepContext noObject =
        context(
            V3,
            deliver(2, envelope("e-1", null, 4L, "closed")),
            delivered(Decision.APPLIED),
            view().card(V3).build(),
            view().card(V4).build());
    List<Violation> found = CardChecks.stateNotReplaced(noObject);
    assertThat(found).hasSize(1);
    assertThat(found.get(0).observed().get("card")).isNull();
  }

  @Test
  void onlyADurableAppliedDecisionIsCheckedForReplacement() {
    assertThat(CardChecks.stateNotReplaced(deliveryOf(Decision.STALE, V3, V3))).isEmpty();
    assertThat(CardChecks.stateNotReplaced(lostWrite(V3, V3))).isEmpty();
  }

  @Test
  void aCardNeitherInitialNorListedByAnAuthorityIsInvented() {
    List<Violation> found =
        CardChecks.inventedCard(
            context(
                V3,
                deliver(2, envelope("e-1", "card-9", 1L, "new")),
                delivered(Decision.APPLIED),
                view().card(V3).build(),
                view().card(V3).card("card-9", card(1, "new")).build()));

    assertThat(found).hasSize(1);
    assertThat(found.get(0).finding()).isEqualTo(Finding.INVENTED_CARD);
    assertThat(found.get(0).expected().values())
        .containsExactly(Map.entry("cards from", "initial or authority"));
    assertThat(found.get(0).observed().values()).containsExactly(Map.entry("card", "card-9"));
  }

  @Test
  void initialCardsAndCardsAnAuthorityListedAreNotInvented() {
    assertThat(CardChecks.inventedCard(deliveryOf(Decision.APPLIED, V3, V4))).isEmpty();
    StepContext listed =
        context(
            V3,
            reconcile(2, Map.of("card-9", authoritative(1, "new"))),
            reconciled(),
            view().card(V3).build(),
            view().card(V3).card("card-9", card(1, "new")).build());
    assertThat(CardChecks.inventedCard(listed)).isEmpty();
  }
}
