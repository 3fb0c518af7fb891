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
import java.util.function.Supplier;

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
  public void advanceClock(int step, Instant time) {
    serially(
        () -> {
          receiver.advanceClock(step, time);
          return null;
        });
  }

  @Override
  public DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    return serially(() -> receiver.deliver(step, envelope, transport));
  }

  @Override
  public List<ObjectReconciliation> reconcile(
      int step, SortedMap<String, AuthoritativeCard> authority) {
    return serially(() -> receiver.reconcile(step, authority));
  }

  @Override
  public ReceiverView view() {
    return serially(receiver::view);
  }

  /** Every operation goes through here: the one lock that makes requests wait for each other. */
  private synchronized <T> T serially(Supplier<T> operation) {
    return operation.get();
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
