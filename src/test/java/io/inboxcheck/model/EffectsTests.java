package io.inboxcheck.model;

import static io.inboxcheck.model.Envelopes.snapshot;
import static io.inboxcheck.model.Envelopes.without;
import static io.inboxcheck.model.TestReceiver.DAY;
import static io.inboxcheck.model.TestReceiver.T;
import static io.inboxcheck.model.TestReceiver.authority;
import static io.inboxcheck.model.TestReceiver.card;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.inboxcheck.model.DeliveryOutcome.IdentityEffect;
import io.inboxcheck.model.Effects.CardWrite;
import io.inboxcheck.model.Effects.HeldChange;
import io.inboxcheck.model.Effects.IdentityChange;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Outcomes describe what they change as data, and that description is what the state applies (and
 * what the store writes): identity change, card writes with their counts, held changes, audit.
 */
class EffectsTests {
  private final ReceiverState state =
      new ReceiverState(
          Map.of("card-7", card(10, "queued", "Map"), "card-8", card(3, "ready", "Chart")),
          Set.of(Envelopes.SNAPSHOT),
          DAY,
          T);

  private Effects deliver(int step, Envelope envelope) {
    Effects effects = Reducer.decide(state, envelope).effects(state, step, envelope);
    state.apply(effects);
    return effects;
  }

  @Test
  void anAppliedDeliveryWritesItsFirstRecordItsCardAndOneEventReplacement() {
    Envelope envelope = snapshot("e-1", "card-7", 12, "ready", "Map");

    Effects effects = deliver(1, envelope);

    RecordedContent content =
        new RecordedContent(envelope.content(), 1, T, List.of(Decision.APPLIED));
    assertThat(effects.identity())
        .isEqualTo(new IdentityChange.FirstRecord("e-1", "card-7", content));
    CardWrite write = effects.cards().get(0);
    assertThat(effects.cards()).hasSize(1);
    assertThat(write.before()).isEqualTo(card(10, "queued", "Map"));
    assertThat(write.after()).isEqualTo(card(12, "ready", "Map"));
    assertThat(write.counted()).isEqualTo(new ReplacementCounters(1, 0));
    assertThat(write.changes()).isTrue();
    assertThat(effects.replacements()).isEqualTo(new ReplacementCounters(1, 0));
    assertThat(effects.held()).isEmpty();
    assertThat(effects.audit())
        .containsExactly(
            new AuditEntry.DeliveryRecorded(1, T, envelope, Decision.APPLIED, false, List.of()));
    assertThat(state.replacements()).isEqualTo(new ReplacementCounters(1, 0));
  }

  @Test
  void anIdConflictStoresNumberedVariantsAndPausesEveryCardEitherContentNames() {
    deliver(1, snapshot("e-1", "card-7", 12, "ready", "Map"));

    Effects first = deliver(2, snapshot("e-1", "card-8", 4, "ready", "Chart"));
    Effects second = deliver(3, snapshot("e-1", "card-8", 5, "ready", "Chart"));

    assertThat(first.identity()).isInstanceOf(IdentityChange.Variant.class);
    assertThat(((IdentityChange.Variant) first.identity()).number()).isEqualTo(1);
    assertThat(((IdentityChange.Variant) second.identity()).number()).isEqualTo(2);
    assertThat(first.cards()).extracting(CardWrite::objectId).containsExactly("card-7", "card-8");
    assertThat(first.cards()).allMatch(write -> write.after().paused());
    assertThat(first.cards()).allMatch(write -> write.counted().equals(ReplacementCounters.ZERO));
    assertThat(first.replacements()).isEqualTo(ReplacementCounters.ZERO);
    assertThat(((AuditEntry.DeliveryRecorded) first.audit().get(0)).pausedCards())
        .containsExactly("card-7", "card-8");
    assertThat(((AuditEntry.DeliveryRecorded) first.audit().get(0)).variant()).isTrue();
    assertThat(first.held())
        .containsExactly(
            new HeldChange.Added(
                new HeldInput(
                    2, snapshot("e-1", "card-8", 4, "ready", "Chart"), HeldReason.ID_CONFLICT)));
    // Pausing a card already paused writes nothing new.
    assertThat(second.cards()).noneMatch(CardWrite::changes);
    assertThat(state.identity("e-1").orElseThrow().variants()).hasSize(2);
  }

  @Test
  void aDuplicateChangesNothingButTheAudit() {
    Envelope envelope = snapshot("e-1", "card-7", 12, "ready", "Map");
    deliver(1, envelope);

    Effects again = deliver(2, envelope);

    assertThat(again.identity()).isEqualTo(IdentityChange.NONE);
    assertThat(again.cards()).isEmpty();
    assertThat(again.held()).isEmpty();
    assertThat(again.audit()).hasSize(1);
    assertThat(state.replacements()).isEqualTo(new ReplacementCounters(1, 0));
  }

  @Test
  void aCardWriteChangesSomethingOnlyWhenItCreatesAltersOrCounts() {
    Card card = card(3, "ready", "Chart");
    ReplacementCounters one = new ReplacementCounters(0, 1);

    assertThat(new CardWrite("c", card, card, ReplacementCounters.ZERO).changes()).isFalse();
    assertThat(new CardWrite("c", null, card, ReplacementCounters.ZERO).changes()).isTrue();
    assertThat(new CardWrite("c", card, card.pause(), ReplacementCounters.ZERO).changes()).isTrue();
    assertThat(new CardWrite("c", card, card, one).changes()).isTrue();
  }

  @Test
  void aReconciliationListsResolutionsReevaluationsAndInputsLeftUnresolved() {
    TestReceiver receiver =
        TestReceiver.start(
            Map.of("card-1", card(1, "queued", "Map")), Set.of(Envelopes.SNAPSHOT), DAY);
    receiver.deliver(snapshot("e-1", "card-1", 2, "ready", "A"));
    receiver.deliver(snapshot("e-2", "card-1", 2, "ready", "B"));
    receiver.deliver(snapshot("e-3", "card-1", 5, "ready", "C"));
    receiver.deliver(without(snapshot("e-4", "card-1", 6, "ready", "D"), Envelope.OBJECT_VERSION));
    ObjectReconciliation result =
        Reconciler.reconcile(receiver.view(), "card-1", authority(4, "ready", "Authority"));

    Effects effects = result.effects(9, T);

    assertThat(effects.identity()).isEqualTo(IdentityChange.NONE);
    assertThat(effects.held())
        .extracting(change -> change.getClass().getSimpleName() + " " + change.input().step())
        .containsExactly("ResolvedByAuthority 2", "Reevaluated 3", "LeftUnresolved 4");
    assertThat(effects.audit())
        .extracting(entry -> entry.getClass().getSimpleName())
        .containsExactly("AuthorityApplied", "ResolvedByAuthority", "Reevaluated");
    assertThat(effects.cards())
        .containsExactly(
            new CardWrite(
                "card-1",
                card(2, "ready", "A").pause(),
                card(5, "ready", "C"),
                new ReplacementCounters(1, 1)));
  }

  @Test
  void aReevaluatedInputHeldAgainKeepsItsPlaceWithItsNewReasonAndDecision() {
    TestReceiver receiver =
        TestReceiver.start(
            Map.of("card-1", card(1, "queued", "Map")), Set.of(Envelopes.SNAPSHOT), DAY);
    receiver.deliver(snapshot("e-1", "card-1", 2, "ready", "A"));
    receiver.deliver(snapshot("e-2", "card-1", 2, "ready", "B"));
    receiver.deliver(snapshot("e-3", "card-1", 5, "ready", "C"));
    receiver.deliver(snapshot("e-4", "card-1", 5, "ready", "D"));
    receiver.deliver(snapshot("e-5", "card-9", 1, "ready", "E"));

    ObjectReconciliation result =
        Reconciler.reconcile(receiver.view(), "card-1", authority(2, "ready", "A"));
    assertThat(result.effects(6, T).held())
        .extracting(change -> change.getClass().getSimpleName() + " " + change.input().step())
        .containsExactly("ResolvedByAuthority 2", "Reevaluated 3", "Reevaluated 4");
    receiver.reconcile(Map.of("card-1", authority(2, "ready", "A")));

    // e-3 applies, e-4 then conflicts with it and pauses the card again; e-5 waits for card-9.
    assertThat(receiver.view().held())
        .extracting(input -> input.step() + " " + input.reason())
        .containsExactly("4 VERSION_CONFLICT", "5 UNKNOWN_OBJECT");
    assertThat(receiver.identity("e-4").firstRecord().decisions())
        .containsExactly(
            Decision.held(HeldReason.CARD_PAUSED), Decision.held(HeldReason.VERSION_CONFLICT));
  }

  @Test
  void aPrunedIdentityIsLetGoWithOneAuditEntry() {
    deliver(1, snapshot("e-1", "card-7", 12, "ready", "Map"));
    IdentityRecord record = state.identity("e-1").orElseThrow();

    Effects effects = Effects.identityPruned(2, T.plus(DAY), record);
    state.apply(effects);

    assertThat(effects.identity()).isEqualTo(new IdentityChange.Pruned("e-1"));
    assertThat(effects.cards()).isEmpty();
    assertThat(effects.audit())
        .containsExactly(new AuditEntry.IdentityPruned(2, T.plus(DAY), "e-1", T));
    assertThat(state.identity("e-1")).isEmpty();
  }

  @Test
  void anOutcomeThatCannotBeWrittenIsRefused() {
    Envelope envelope = snapshot("e-1", "card-7", 12, "ready", "Map");
    DeliveryOutcome appliedWithoutItsCard =
        new DeliveryOutcome(Decision.APPLIED, IdentityEffect.FIRST_RECORD, new TreeMap<>());
    DeliveryOutcome variantWithoutRecord =
        new DeliveryOutcome(
            Decision.held(HeldReason.ID_CONFLICT), IdentityEffect.VARIANT, new TreeMap<>());

    assertThatThrownBy(() -> appliedWithoutItsCard.effects(state, 1, envelope))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("APPLIED");
    assertThatThrownBy(() -> variantWithoutRecord.effects(state, 1, envelope))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("first record");
  }

  @Test
  void retentionEndsExactlyAtFirstReceiptPlusTheWindowAndWaitsForHeldDeliveries() {
    assertThat(Retention.expired(T, T.plus(DAY).minusNanos(1), DAY)).isFalse();
    assertThat(Retention.expired(T, T.plus(DAY), DAY)).isTrue();
    deliver(1, snapshot("e-1", "card-7", 12, "ready", "Map"));
    IdentityRecord record = state.identity("e-1").orElseThrow();

    assertThat(Retention.stillOwed(record, step -> step == 1)).isTrue();
    assertThat(Retention.stillOwed(record, step -> step == 2)).isFalse();
  }
}
