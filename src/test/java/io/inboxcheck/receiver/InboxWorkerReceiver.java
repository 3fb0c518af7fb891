package io.inboxcheck.receiver;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import java.time.Instant;
import java.util.SortedMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A receiver of the small contract that acknowledges on acceptance (SPEC section 3.6), written as a
 * team would: {@code deliver} puts the delivery in its inbox (here a worker thread's queue) and
 * answers ACK at once; the worker decides each one, in order, by the reference model; clock moves
 * and reconciliations go through the same worker, so they fall in the same serial order; {@link
 * #settle} waits until the worker has drained the inbox.
 */
public final class InboxWorkerReceiver implements ContractReceiver {
  private final ThinModelReceiver decider;
  private final ExecutorService worker = Executors.newSingleThreadExecutor();

  public InboxWorkerReceiver(ReceiverSetup setup) {
    this.decider = new ThinModelReceiver(setup);
  }

  @Override
  public String name() {
    return "inbox-worker";
  }

  @Override
  public void advanceClock(Instant time) {
    worker.execute(() -> decider.advanceClock(time));
  }

  @Override
  public DeliveryResult deliver(Envelope envelope, Transport transport) {
    if (transport.storageFault()) {
      return DeliveryResult.NOT_DURABLE; // the inbox write failed: nothing accepted
    }
    worker.execute(() -> decider.deliver(envelope, Transport.PLAIN));
    return new DeliveryResult(null, Ack.ACK);
  }

  @Override
  public void reconcile(SortedMap<String, AuthoritativeCard> authority) {
    worker.execute(() -> decider.reconcile(authority));
  }

  @Override
  public void settle() {
    try {
      worker.submit(() -> {}).get(); // everything queued before it has been decided
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while settling", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("the worker failed", e.getCause());
    }
  }

  @Override
  public ObservedState observe() {
    return decider.observe();
  }

  @Override
  public void close() {
    worker.shutdownNow();
    decider.close();
  }
}
