package io.inboxcheck.zoo;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.Reducer;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Mistake 26: stores the pause on the card but decides from a bounded in-memory list of paused
 * cards, here of one; pausing another card evicts the one paused before, which then takes events
 * again as if an authority had unpaused it.
 */
public final class BoundedPauseListReceiver extends NaiveReceiver {
  /** Paused cards the list holds. */
  static final int CAPACITY = 1;

  private final LinkedHashSet<String> pauseList = new LinkedHashSet<>();
  private final Set<String> evicted = new HashSet<>();

  public BoundedPauseListReceiver(ReceiverSetup setup) {
    super("bounded-pause-list", setup);
  }

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    return Reducer.decide(asTheListSeesIt(), envelope);
  }

  @Override
  protected void record(int step, Envelope envelope, DeliveryOutcome outcome) {
    super.record(step, envelope, outcome);
    outcome.cardsAfter().forEach(this::written);
  }

  @Override
  protected ObjectReconciliation reconcileObject(String objectId, AuthoritativeCard authority) {
    ObjectReconciliation reconciliation = super.reconcileObject(objectId, authority);
    written(objectId, reconciliation.cardAfter());
    return reconciliation;
  }

  private void written(String objectId, Card card) {
    pauseList.remove(objectId);
    evicted.remove(objectId);
    if (!card.paused()) {
      return;
    }
    pauseList.add(objectId);
    if (pauseList.size() > CAPACITY) {
      String oldest = pauseList.iterator().next();
      pauseList.remove(oldest);
      evicted.add(oldest);
    }
  }

  /** The cards as the list sees them: an evicted card reads as unpaused. */
  private ReceiverView asTheListSeesIt() {
    return new ForwardingView(state) {
      @Override
      public Optional<Card> card(String objectId) {
        return super.card(objectId)
            .map(
                card ->
                    evicted.contains(objectId)
                        ? new Card(card.version(), card.state(), false)
                        : card);
      }
    };
  }
}
