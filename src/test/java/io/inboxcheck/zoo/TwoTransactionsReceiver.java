package io.inboxcheck.zoo;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.Effects;
import io.inboxcheck.model.ReceiverState;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.List;
import java.util.SortedMap;

/**
 * The reference receiver, served by {@link ZooProcess} as {@code two-transactions}: the process
 * records a delivery's decision and audit entry, publishes the event, and only then writes the card
 * it moved, in a second step of its journal. A restart after a kill between the two finds the
 * decision without its card, which {@link #unwrite} puts back as it was. Every decision is the
 * model's, so only {@code check --crash} sees the mistake: an audit that says APPLIED over a card
 * that never moved.
 */
final class TwoTransactionsReceiver extends ModelReceiver {
  private final ReceiverState state;

  TwoTransactionsReceiver(ReceiverSetup setup) {
    this(
        new ReceiverState(
            setup.initialCards(), setup.supportedTypes(), setup.retention(), setup.start()));
  }

  private TwoTransactionsReceiver(ReceiverState state) {
    super(state);
    this.state = state;
  }

  /** The cards as they stand, to put back after a delivery whose card write never happened. */
  SortedMap<String, Card> cards() {
    return state.cards();
  }

  /** Puts every card a delivery moved back as it was before it: its second step never ran. */
  void unwrite(SortedMap<String, Card> before) {
    before.forEach(
        (objectId, card) -> {
          Card now = state.card(objectId).orElseThrow();
          if (!now.equals(card)) {
            state.apply(
                new Effects(
                    Effects.IdentityChange.NONE,
                    List.of(new Effects.CardWrite(objectId, now, card, ReplacementCounters.ZERO)),
                    List.of(),
                    List.of()));
          }
        });
  }
}
