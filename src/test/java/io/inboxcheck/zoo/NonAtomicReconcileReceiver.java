package io.inboxcheck.zoo;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverState;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.Reconciler;
import io.inboxcheck.receiver.ConcurrentReceiver;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.locks.LockSupport;

/**
 * Takes requests at once, each delivery under one lock, but reconciles in two parts: it reads the
 * card and its held inputs and decides under the lock, releases it while it confirms the object
 * with the provider, and writes what it decided under the lock again. A delivery for the card that
 * commits in between was held CARD_PAUSED and is neither re-evaluated nor kept paused: it stays
 * held on an unpaused card, which no serial order gives. Only {@code check --concurrency} sees it.
 */
public final class NonAtomicReconcileReceiver implements ConcurrentReceiver {
  /** How long the provider takes to confirm an object, with the lock released. */
  static final Duration CONFIRMATION = Duration.ofMillis(2);

  private final ReceiverState state;

  /** The model over the same state: deliveries and clock moves are the model's, under the lock. */
  private final ModelReceiver model;

  public NonAtomicReconcileReceiver(ReceiverSetup setup) {
    this.state =
        new ReceiverState(
            setup.initialCards(), setup.supportedTypes(), setup.retention(), setup.start());
    this.model = new ModelReceiver(state) {};
  }

  @Override
  public String name() {
    return "reconcile-not-atomic";
  }

  @Override
  public synchronized void advanceClock(int step, Instant time) {
    model.advanceClock(step, time);
  }

  @Override
  public synchronized DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    return model.deliver(step, envelope, transport);
  }

  @Override
  public List<ObjectReconciliation> reconcile(
      int step, SortedMap<String, AuthoritativeCard> authority) {
    List<ObjectReconciliation> results = new ArrayList<>();
    for (var entry : new TreeMap<>(authority).entrySet()) {
      ObjectReconciliation decided;
      synchronized (this) {
        decided = Reconciler.reconcile(state, entry.getKey(), entry.getValue());
      }
      // The mistake: the lock is released between deciding and writing.
      LockSupport.parkNanos(CONFIRMATION.toNanos());
      synchronized (this) {
        state.commit(step, decided);
      }
      results.add(decided);
    }
    return results;
  }

  @Override
  public synchronized ReceiverView view() {
    return state.copy();
  }
}
