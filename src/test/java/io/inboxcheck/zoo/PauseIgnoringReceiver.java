package io.inboxcheck.zoo;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.Reducer;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Mistake 5: applies events to a paused card; the pause is stored but never consulted. */
public final class PauseIgnoringReceiver extends NaiveReceiver {
  public PauseIgnoringReceiver(ReceiverSetup setup) {
    super("pause-ignoring", setup);
  }

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    DeliveryOutcome ignoringPauses = Reducer.decide(new PausesIgnored(state), envelope);
    // The flag itself is kept: the card still shows as paused, it just does not stop anything.
    TreeMap<String, Card> cards = new TreeMap<>();
    for (Map.Entry<String, Card> entry : ignoringPauses.cardsAfter().entrySet()) {
      boolean wasPaused = state.card(entry.getKey()).map(Card::paused).orElse(false);
      cards.put(entry.getKey(), wasPaused ? entry.getValue().pause() : entry.getValue());
    }
    return new DeliveryOutcome(ignoringPauses.decision(), ignoringPauses.identityEffect(), cards);
  }

  /** The state with every card read as unpaused. */
  static final class PausesIgnored extends ForwardingView {
    PausesIgnored(ReceiverView delegate) {
      super(delegate);
    }

    @Override
    public Optional<Card> card(String objectId) {
      return super.card(objectId).map(card -> new Card(card.version(), card.state(), false));
    }
  }
}
