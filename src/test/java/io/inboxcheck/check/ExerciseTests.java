package io.inboxcheck.check;

import static io.inboxcheck.check.CheckFixtures.CARD;
import static io.inboxcheck.check.CheckFixtures.START;
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
import static io.inboxcheck.check.CheckFixtures.memoryAfter;
import static io.inboxcheck.check.CheckFixtures.reconcile;
import static io.inboxcheck.check.CheckFixtures.reconciled;
import static io.inboxcheck.check.CheckFixtures.recordedContent;
import static io.inboxcheck.check.CheckFixtures.view;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.receiver.Ack;
import java.time.Duration;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** How often each invariant was exercised: checked on a step where it could have failed. */
class ExerciseTests {
  private static final Card V3 = card(3, "open");
  private static final Envelope E1 = envelope("e-1", 4L, "closed");
  private static final Envelope VARIANT = envelope("e-1", 5L, "archived");
  private static final Set<Invariant> ALL = EnumSet.allOf(Invariant.class);

  private static Map<Invariant, Long> count(StepContext context) {
    return count(context, ALL);
  }

  private static Map<Invariant, Long> count(StepContext context, Set<Invariant> checked) {
    EnumMap<Invariant, Long> tally = new EnumMap<>(Invariant.class);
    InvariantChecker.countExercise(context, checked, tally);
    return tally;
  }

  private static Observation twoPaused() {
    return view().card(V3.pause()).card("card-2", card(1, "x").pause()).card("card-3", V3).build();
  }

  @Test
  void aClockAdvanceExercisesPausesTheClockAndTheRecords() {
    Observation before =
        view()
            .card(V3.pause())
            .card("card-2", card(1, "x").pause())
            .firstRecord("e-0", recordedContent(E1, 1, START))
            .firstRecord("e-9", recordedContent(E1, 1, START))
            .build();
    Observation after = view().firstRecord("e-0", recordedContent(E1, 1, START)).build();
    assertThat(count(context(V3, advance(2, Duration.ofHours(1)), advanced(), before, after)))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                Invariant.FIRST_RECORD_KEPT, 1L,
                Invariant.PAUSED_FROZEN, 2L,
                Invariant.CLOCK_CHANGES_NO_CARD, 1L,
                Invariant.COUNTS_HONEST, 1L,
                Invariant.NO_INVENTED_CARDS, 1L,
                Invariant.AUDIT_APPEND_ONLY, 1L));
  }

  @Test
  void aLostWriteExercisesOnlyAckMeansDurableAndTheWholeState() {
    assertThat(
            count(
                context(
                    V3,
                    deliver(2, E1),
                    answered(null, Ack.NO_ACK, true),
                    view().build(),
                    view().build())))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                Invariant.ACK_MEANS_DURABLE, 1L,
                Invariant.NO_INVENTED_CARDS, 1L,
                Invariant.AUDIT_APPEND_ONLY, 1L));
  }

  @Test
  void anAppliedDeliveryExercisesReplacementAndThePausedCards() {
    assertThat(
            count(
                context(V3, deliver(2, E1), delivered(Decision.APPLIED), twoPaused(), twoPaused())))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                Invariant.NOTHING_LOST, 1L,
                Invariant.VERSION_MONOTONIC, 1L,
                Invariant.PAUSED_FROZEN, 2L,
                Invariant.FULL_REPLACEMENT, 1L,
                Invariant.COUNTS_HONEST, 1L,
                Invariant.NO_INVENTED_CARDS, 1L,
                Invariant.AUDIT_APPEND_ONLY, 1L));
  }

  @Test
  void aHeldDeliveryExercisesHeldNoEffectAndNotReplacement() {
    Map<Invariant, Long> counted =
        count(
            context(
                V3,
                deliver(2, E1),
                delivered(Decision.held(HeldReason.CARD_PAUSED)),
                view().build(),
                view().build()));
    assertThat(counted).containsEntry(Invariant.HELD_NO_EFFECT, 1L);
    assertThat(counted)
        .doesNotContainKeys(
            Invariant.FULL_REPLACEMENT, Invariant.PAUSED_FROZEN, Invariant.IDEMPOTENT_REDELIVERY);
  }

  @Test
  void aRedeliveryOrAVariantOfARetainedIdIsExercisedAsSuch() {
    StepContext redelivery =
        context(
            memoryAfter(V3, deliver(1, E1), Decision.APPLIED),
            deliver(2, E1),
            delivered(new Decision.Duplicate(Decision.APPLIED)),
            view().build(),
            view().build());
    assertThat(count(redelivery))
        .containsEntry(Invariant.IDEMPOTENT_REDELIVERY, 1L)
        .doesNotContainKeys(Invariant.NO_VARIANT_APPLIED, Invariant.HELD_NO_EFFECT);
    StepContext variant =
        context(
            memoryAfter(V3, deliver(1, E1), Decision.APPLIED),
            deliver(2, VARIANT),
            delivered(Decision.held(HeldReason.ID_CONFLICT)),
            view().build(),
            view().build());
    assertThat(count(variant))
        .containsEntry(Invariant.NO_VARIANT_APPLIED, 1L)
        .doesNotContainKey(Invariant.IDEMPOTENT_REDELIVERY);
    StepContext fresh =
        context(
            memory(V3),
            deliver(2, E1),
            delivered(Decision.APPLIED),
            view().build(),
            view().build());
    assertThat(count(fresh))
        .doesNotContainKeys(Invariant.NO_VARIANT_APPLIED, Invariant.IDEMPOTENT_REDELIVERY);
  }

  @Test
  void aReconciliationExercisesTheCountersAndTheCards() {
    assertThat(
            count(
                context(
                    V3,
                    reconcile(2, Map.of(CARD, authoritative(5, "x"))),
                    reconciled(),
                    twoPaused(),
                    twoPaused())))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                Invariant.COUNTS_HONEST, 1L,
                Invariant.NO_INVENTED_CARDS, 1L,
                Invariant.AUDIT_APPEND_ONLY, 1L));
  }

  @Test
  void onlyCheckedInvariantsAreTalliedAndTalliesAddUp() {
    EnumMap<Invariant, Long> tally = new EnumMap<>(Invariant.class);
    StepContext clock =
        context(V3, advance(2, Duration.ofHours(1)), advanced(), view().build(), view().build());
    Set<Invariant> checked = EnumSet.of(Invariant.AUDIT_APPEND_ONLY, Invariant.PAUSED_FROZEN);
    InvariantChecker.countExercise(clock, checked, tally);
    InvariantChecker.countExercise(clock, checked, tally);
    assertThat(tally)
        .as("PAUSED_FROZEN had no paused card to guard, so it was not exercised")
        .containsExactly(Map.entry(Invariant.AUDIT_APPEND_ONLY, 2L));
  }
}
