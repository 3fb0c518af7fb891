package io.inboxcheck.conform;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ObjectVersion;
import io.inboxcheck.model.ReceiverState;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.Reducer;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.time.Instant;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The classic mistake, in Java: whatever arrives last for an unpaused card is applied, whatever its
 * version (as the Python example's {@code --mistake last-arrival-wins}). Everything else is the
 * model's.
 */
final class LastArrivalWins implements Receiver {
  private final ReceiverState state;

  LastArrivalWins(ReceiverSetup setup) {
    this.state =
        new ReceiverState(
            setup.initialCards(), setup.supportedTypes(), setup.retention(), setup.start());
  }

  @Override
  public String name() {
    return "last-arrival-wins";
  }

  @Override
  public void advanceClock(int step, Instant time) {
    state.advanceClock(step, time);
  }

  @Override
  public DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    DeliveryOutcome outcome = Reducer.decide(state, envelope);
    if (transport.storageFault()) {
      return DeliveryResult.NOT_DURABLE;
    }
    Decision decision = outcome.decision();
    boolean versioned =
        decision.equals(Decision.STALE)
            || decision.equals(Decision.SAME_STATE)
            || decision.reason() == HeldReason.VERSION_CONFLICT;
    if (versioned) {
      long version = ((ObjectVersion.Valid) envelope.version()).value();
      String objectId = envelope.objectId().orElseThrow();
      TreeMap<String, Card> cards = new TreeMap<>();
      cards.put(objectId, new Card(version, envelope.state().orElseThrow(), false));
      outcome =
          new DeliveryOutcome(Decision.APPLIED, DeliveryOutcome.IdentityEffect.FIRST_RECORD, cards);
    }
    state.commit(step, envelope, outcome);
    return DeliveryResult.recorded(outcome.decision());
  }

  @Override
  public List<ObjectReconciliation> reconcile(
      int step, SortedMap<String, AuthoritativeCard> authority) {
    return state.reconcile(step, authority);
  }

  @Override
  public ReceiverView view() {
    return state;
  }
}
