package io.inboxcheck.receiver;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import java.time.Instant;
import java.util.SortedMap;

/**
 * A receiver of the small contract that acknowledges on acceptance and gets settling wrong: its
 * worker decides a delivery only when the next one arrives (it waits for a batch of two), and it
 * keeps the default {@link #settle}, which waits for nothing. The last delivery before each look is
 * acknowledged and not yet decided, deterministically, with no thread involved.
 */
public final class BatchingInboxReceiver implements ContractReceiver {
  private final ThinModelReceiver decider;
  private Envelope waiting;

  public BatchingInboxReceiver(ReceiverSetup setup) {
    this.decider = new ThinModelReceiver(setup);
  }

  @Override
  public String name() {
    return "batching-inbox";
  }

  @Override
  public void advanceClock(Instant time) {
    decider.advanceClock(time);
  }

  @Override
  public DeliveryResult deliver(Envelope envelope, Transport transport) {
    if (transport.storageFault()) {
      return DeliveryResult.NOT_DURABLE;
    }
    if (waiting != null) {
      decider.deliver(waiting, Transport.PLAIN);
    }
    waiting = envelope;
    return new DeliveryResult(null, Ack.ACK);
  }

  @Override
  public void reconcile(SortedMap<String, AuthoritativeCard> authority) {
    decider.reconcile(authority);
  }

  @Override
  public ObservedState observe() {
    return decider.observe();
  }
}
