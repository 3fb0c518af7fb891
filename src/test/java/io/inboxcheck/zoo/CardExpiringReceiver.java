package io.inboxcheck.zoo;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.ReceiverSetup;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Mistake 20: expires cards like identities. When the clock moves past a card's retention period
 * without news of it, the card is forgotten, although only deliveries and reconciliations may
 * change cards.
 */
public final class CardExpiringReceiver extends NaiveReceiver {
  private final Map<String, Instant> lastHeard = new HashMap<>();
  private final Set<String> forgotten = new HashSet<>();

  public CardExpiringReceiver(ReceiverSetup setup) {
    super("card-expiring", setup);
    setup.initialCards().keySet().forEach(id -> lastHeard.put(id, setup.start()));
  }

  @Override
  public void advanceClock(int step, Instant time) {
    super.advanceClock(step, time);
    lastHeard.forEach(
        (id, heard) -> {
          if (!heard.plus(state.retention()).isAfter(time)) {
            forgotten.add(id);
          }
        });
  }

  @Override
  protected void record(int step, Envelope envelope, DeliveryOutcome outcome) {
    super.record(step, envelope, outcome);
    envelope.objectId().filter(id -> !forgotten.contains(id)).ifPresent(this::heard);
  }

  @Override
  protected ObjectReconciliation reconcileObject(String objectId, AuthoritativeCard authority) {
    heard(objectId);
    return super.reconcileObject(objectId, authority);
  }

  private void heard(String objectId) {
    lastHeard.put(objectId, state.clock());
    forgotten.remove(objectId);
  }

  @Override
  public ReceiverView view() {
    return new ForwardingView(state) {
      @Override
      public Optional<Card> card(String objectId) {
        return forgotten.contains(objectId) ? Optional.empty() : super.card(objectId);
      }

      @Override
      public SortedMap<String, Card> cards() {
        TreeMap<String, Card> shown = new TreeMap<>(super.cards());
        shown.keySet().removeAll(forgotten);
        return shown;
      }
    };
  }
}
