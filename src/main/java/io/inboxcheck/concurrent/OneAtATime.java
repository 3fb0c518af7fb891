package io.inboxcheck.concurrent;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.ConcurrentReceiver;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.Transport;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;

/**
 * A receiver that takes one request at a time (the model, a {@code class:} receiver that is no
 * {@link ConcurrentReceiver}), behind a lock: requests sent at once wait for each other, as they
 * would at a single-threaded server. The check still runs, and says the requests were serialised.
 */
public final class OneAtATime implements ConcurrentReceiver {
  private final Receiver receiver;

  public OneAtATime(Receiver receiver) {
    this.receiver = receiver;
  }

  @Override
  public String name() {
    return receiver.name();
  }

  @Override
  public synchronized void advanceClock(int step, Instant time) {
    receiver.advanceClock(step, time);
  }

  @Override
  public synchronized DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    return receiver.deliver(step, envelope, transport);
  }

  @Override
  public synchronized List<ObjectReconciliation> reconcile(
      int step, SortedMap<String, AuthoritativeCard> authority) {
    return receiver.reconcile(step, authority);
  }

  @Override
  public synchronized ReceiverView view() {
    return receiver.view();
  }

  @Override
  public Set<Observable> shows() {
    return receiver.shows();
  }

  @Override
  public void close() {
    receiver.close();
  }
}
