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
import static io.inboxcheck.check.CheckFixtures.envelope;
import static io.inboxcheck.check.CheckFixtures.memory;
import static io.inboxcheck.check.CheckFixtures.reconcile;
import static io.inboxcheck.check.CheckFixtures.reconciled;
import static io.inboxcheck.check.CheckFixtures.view;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.scenario.HistoryStep;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What a step's checks read: which deliveries count as durable, and what changed. */
class StepContextTests {
  private static final Card V3 = card(3, "open");
  private static final Envelope E1 = envelope("e-1", 4L, "closed");

  private static StepContext answer(HistoryStep.Detail answer, Set<Observable> shown) {
    return context(memory(V3), deliver(2, E1), answer, view().build(), view().build(), shown);
  }

  @Test
  void anAcknowledgedDecidedDeliveryWithoutFaultIsDurable() {
    StepContext durable =
        answer(answered(Decision.APPLIED, Ack.ACK, false), Observable.RICHEST_LEVEL);
    assertThat(durable.durableDelivery()).isTrue();
    assertThat(durable.undurableDelivery()).isFalse();
    assertThat(durable.quiet()).isFalse();
    assertThat(durable.decision()).isEqualTo(Decision.APPLIED);
    assertThat(durable.delivery().orElseThrow().envelope()).isEqualTo(E1);
  }

  @Test
  void aRefusedFaultyOrUndecidedDeliveryIsNotDurable() {
    Set<Observable> all = Observable.RICHEST_LEVEL;
    assertThat(answer(answered(Decision.APPLIED, Ack.NO_ACK, false), all).durableDelivery())
        .isFalse();
    assertThat(answer(answered(Decision.APPLIED, Ack.ACK, true), all).durableDelivery()).isFalse();
    StepContext undecided = answer(answered(null, Ack.ACK, false), all);
    assertThat(undecided.durableDelivery()).isFalse();
    assertThat(undecided.undurableDelivery()).isTrue();
    assertThat(undecided.decision()).isNull();
  }

  @Test
  void withoutDecisionsShownAnAcknowledgedDeliveryIsDurable() {
    StepContext ackOnly =
        answer(answered(null, Ack.ACK, false), EnumSet.of(Observable.ACK, Observable.CARDS));
    assertThat(ackOnly.durableDelivery()).isTrue();
    assertThat(ackOnly.undurableDelivery()).isFalse();
  }

  @Test
  void aReconciliationOrClockAdvanceIsNoDelivery() {
    StepContext reconciliation =
        context(
            V3,
            reconcile(2, Map.of(CARD, authoritative(5, "x"))),
            reconciled(),
            view().build(),
            view().build());
    assertThat(reconciliation.delivery()).isEmpty();
    assertThat(reconciliation.delivered()).isEmpty();
    assertThat(reconciliation.decision()).isNull();
    assertThat(reconciliation.durableDelivery()).isFalse();
    assertThat(reconciliation.undurableDelivery()).isFalse();
    assertThat(reconciliation.quiet()).isFalse();
    StepContext clock =
        context(V3, advance(2, Duration.ofHours(1)), advanced(), view().build(), view().build());
    assertThat(clock.quiet()).isTrue();
    assertThat(clock.durableDelivery()).isFalse();
  }

  @Test
  void changedCardsAreThoseWhoseVersionOrStateDifferOrThatAppearedOrVanished() {
    Observation before = view().card("a", V3).card("b", V3).card("c", V3).card("d", V3).build();
    Observation after =
        view()
            .card("a", V3.pause())
            .card("b", card(4, "open"))
            .card("c", card(3, "x"))
            .card("e", V3)
            .build();
    assertThat(Observation.changedCards(before, after)).containsExactly("b", "c", "d", "e");
    assertThat(Observation.contentChanged(null, null)).isFalse();
    assertThat(Observation.contentChanged(V3, null)).isTrue();
    assertThat(Observation.contentChanged(null, V3)).isTrue();
    assertThat(Observation.contentChanged(V3, V3.pause())).isFalse();
  }

  @Test
  void anObservationCopiesWhatTheReceiverShows() {
    ModelReceiver receiver = new ModelReceiver(CheckFixtures.scenario(Map.of(CARD, V3)).setup());
    receiver.advanceClock(1, START.plusSeconds(60));
    receiver.deliver(1, E1, Transport.PLAIN);

    Observation observed = Observation.of(receiver.view());
    IdentityRecord record = receiver.view().identities().iterator().next();
    assertThat(observed.cards()).containsExactly(Map.entry(CARD, card(4, "closed")));
    assertThat(observed.firstRecords()).containsExactly(Map.entry("e-1", record.firstRecord()));
    assertThat(observed.held()).isEmpty();
    assertThat(observed.audit()).hasSize(1);
    assertThat(observed.replacements().event()).isEqualTo(1);
    receiver.deliver(2, envelope("e-2", 5L, "later"), Transport.PLAIN);
    assertThat(observed.audit()).as("a copy, not a live view").hasSize(1);
    assertThat(observed.cards()).containsExactly(Map.entry(CARD, card(4, "closed")));
    assertThat(List.copyOf(observed.firstRecords().keySet())).containsExactly("e-1");
  }
}
