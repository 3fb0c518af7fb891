package io.inboxcheck.zoo;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverState;
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
 * The plumbing of the zoo's race receivers: the reference receiver behind one lock, taking requests
 * at once. Each request holds the lock throughout unless a subclass lets go of it where its mistake
 * says, for {@link #WINDOW}.
 */
abstract class LockedModelReceiver implements ConcurrentReceiver {
  /**
   * How long a receiver holds its lock released, where its mistake releases it: long enough that a
   * request started with it, on a machine busy enough to wake its thread milliseconds late, still
   * takes the lock inside the window.
   */
  static final Duration WINDOW = Duration.ofMillis(20);

  /** The state the model decides on, which a subclass may also change by hand. */
  protected final ReceiverState state;

  protected final ModelReceiver model;
  private final String name;

  LockedModelReceiver(String name, ReceiverSetup setup) {
    this(name, setup, setup.retention());
  }

  /** A receiver whose state keeps identity records for {@code retention}. */
  LockedModelReceiver(String name, ReceiverSetup setup, Duration retention) {
    this.name = name;
    this.state =
        new ReceiverState(setup.initialCards(), setup.supportedTypes(), retention, setup.start());
    this.model = new ModelReceiver(state) {};
  }

  @Override
  public final String name() {
    return name;
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
  public synchronized List<ObjectReconciliation> reconcile(
      int step, SortedMap<String, AuthoritativeCard> authority) {
    return model.reconcile(step, authority);
  }

  @Override
  public final synchronized ReceiverView view() {
    return state.copy();
  }

  /** The window the mistake opens: the caller holds no lock. */
  static void lockReleased() {
    LockSupport.parkNanos(WINDOW.toNanos());
  }
}
