package io.inboxcheck.cli;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.receiver.ConcurrentReceiver;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.time.Instant;
import java.util.List;
import java.util.SortedMap;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The model behind a lock that first waits until both requests of a round of two have arrived, so
 * every round's two requests are in flight at once whatever the scheduler does: a check of coverage
 * measured from start and finish that does not depend on timing. Its decisions are the model's. A
 * round's requests are deliveries, reconciliations and clock moves, so each of them meets.
 */
public class RendezvousModelReceiver extends ModelBackedReceiver implements ConcurrentReceiver {
  /** How long one request waits for the other before it goes on alone. */
  private static final long WAIT_SECONDS = 5;

  private final CyclicBarrier bothArrived = new CyclicBarrier(2);

  public RendezvousModelReceiver(ReceiverSetup setup) {
    super(setup);
  }

  @Override
  public String name() {
    return "rendezvous-model";
  }

  @Override
  public final DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    meet();
    synchronized (model) {
      return decide(step, envelope, transport);
    }
  }

  @Override
  public final List<ObjectReconciliation> reconcile(
      int step, SortedMap<String, AuthoritativeCard> authority) {
    meet();
    synchronized (model) {
      return model.reconcile(step, authority);
    }
  }

  @Override
  public final void advanceClock(int step, Instant time) {
    meet();
    synchronized (model) {
      model.advanceClock(step, time);
    }
  }

  /** Waits for the other request of the round, at most {@link #WAIT_SECONDS}. */
  private void meet() {
    try {
      bothArrived.await(WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the other request", e);
    } catch (BrokenBarrierException | TimeoutException alone) {
      bothArrived.reset();
    }
  }

  /** Decides one delivery once both requests arrived, under the lock; the model's by default. */
  DeliveryResult decide(int step, Envelope envelope, Transport transport) {
    return model.deliver(step, envelope, transport);
  }
}
