package io.inboxcheck.cli;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.time.Instant;
import java.util.List;
import java.util.SortedMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The model, counting how many of its instances were created and how many are still open: what a
 * receiver holding a connection or a process would leak if a command never closed it.
 */
public final class CountingReceiver implements Receiver {
  static final AtomicInteger CREATED = new AtomicInteger();
  static final AtomicInteger OPEN = new AtomicInteger();
  static final AtomicInteger MOST_OPEN = new AtomicInteger();

  private final ModelReceiver model;
  private boolean closed;

  public CountingReceiver(ReceiverSetup setup) {
    model = new ModelReceiver(setup);
    CREATED.incrementAndGet();
    MOST_OPEN.accumulateAndGet(OPEN.incrementAndGet(), Math::max);
  }

  static void reset() {
    CREATED.set(0);
    OPEN.set(0);
    MOST_OPEN.set(0);
  }

  @Override
  public String name() {
    return "counting";
  }

  @Override
  public void advanceClock(int step, Instant time) {
    model.advanceClock(step, time);
  }

  @Override
  public DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    return model.deliver(step, envelope, transport);
  }

  @Override
  public List<ObjectReconciliation> reconcile(
      int step, SortedMap<String, AuthoritativeCard> authority) {
    return model.reconcile(step, authority);
  }

  @Override
  public ReceiverView view() {
    return model.view();
  }

  @Override
  public void close() {
    if (closed) {
      throw new IllegalStateException("closed twice");
    }
    closed = true;
    OPEN.decrementAndGet();
  }
}
