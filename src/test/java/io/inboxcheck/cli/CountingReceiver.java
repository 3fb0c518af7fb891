package io.inboxcheck.cli;

import io.inboxcheck.receiver.ReceiverSetup;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The model, counting how many of its instances were created and how many are still open: what a
 * receiver holding a connection or a process would leak if a command never closed it.
 */
public final class CountingReceiver extends ModelBackedReceiver {
  static final AtomicInteger CREATED = new AtomicInteger();
  static final AtomicInteger OPEN = new AtomicInteger();
  static final AtomicInteger MOST_OPEN = new AtomicInteger();

  private boolean closed;

  public CountingReceiver(ReceiverSetup setup) {
    super(setup);
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
  public void close() {
    if (closed) {
      throw new IllegalStateException("closed twice");
    }
    closed = true;
    OPEN.decrementAndGet();
  }
}
