package io.inboxcheck.zoo;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.ConcurrentReceiver;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.SortedMap;
import java.util.concurrent.locks.LockSupport;

/**
 * Decides each delivery as the model does, under one lock, but hands each decision to its answer
 * through one field every request thread shares (a "last result" kept for a metrics call made
 * between the commit and the answer). Two deliveries in flight together may each be answered the
 * other's decision: what it recorded is right, what it said is not. Only {@code check
 * --concurrency} sees it.
 */
public final class SharedAnswerReceiver implements ConcurrentReceiver {
  /** How long the metrics call takes, between the commit and the answer. */
  static final Duration METRICS = Duration.ofMillis(2);

  private final ModelReceiver model;

  /** The mistake: one slot for every request's answer. */
  private volatile DeliveryResult last;

  public SharedAnswerReceiver(ReceiverSetup setup) {
    this.model = new ModelReceiver(setup);
  }

  @Override
  public String name() {
    return "shared-answer";
  }

  @Override
  public synchronized void advanceClock(int step, Instant time) {
    model.advanceClock(step, time);
  }

  @Override
  public DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    synchronized (this) {
      last = model.deliver(step, envelope, transport);
    }
    LockSupport.parkNanos(METRICS.toNanos());
    return last;
  }

  @Override
  public synchronized List<ObjectReconciliation> reconcile(
      int step, SortedMap<String, AuthoritativeCard> authority) {
    return model.reconcile(step, authority);
  }

  @Override
  public synchronized ReceiverView view() {
    return model.view();
  }
}
