package io.inboxcheck.zoo;

import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;

/**
 * Decides each delivery as the model does, under one lock, but hands each decision to its answer
 * through one field every request thread shares (a "last result" kept for a metrics call made
 * between the commit and the answer). Two deliveries in flight together may each be answered the
 * other's decision: what it recorded is right, what it said is not. Only {@code check
 * --concurrency} sees it.
 */
public final class SharedAnswerReceiver extends LockedModelReceiver {
  /** The mistake: one slot for every request's answer. */
  private volatile DeliveryResult last;

  public SharedAnswerReceiver(ReceiverSetup setup) {
    super("shared-answer", setup);
  }

  @Override
  public DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    synchronized (this) {
      last = model.deliver(step, envelope, transport);
    }
    // The metrics call, between the commit and the answer, with the lock released.
    lockReleased();
    return last;
  }
}
