package io.inboxcheck.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Holds the first transaction that reaches one named window of the store open until the test
 * releases it, and says which database session it runs in. The receiver it is given to runs the
 * store's own statements, with or without a planted mistake ({@link PlantedConnections}).
 */
final class HeldWindow implements RaceHook {
  private final Window window;
  private final AtomicBoolean armed = new AtomicBoolean(true);
  private final CountDownLatch arrived = new CountDownLatch(1);
  private final CountDownLatch released = new CountDownLatch(1);
  private volatile int backend;

  HeldWindow(Window window) {
    this.window = window;
  }

  boolean arrived() {
    return arrived.getCount() == 0;
  }

  /** The server process of the held transaction; other sessions' lock waits name it. */
  int backend() {
    return backend;
  }

  void release() {
    released.countDown();
  }

  @Override
  public void reached(Window reached, Connection connection) throws SQLException {
    if (reached == window && armed.compareAndSet(true, false)) {
      hold(connection);
    }
  }

  private void hold(Connection connection) throws SQLException {
    Sql.query(connection, "SELECT pg_backend_pid()", row -> backend = row.getInt(1));
    arrived.countDown();
    try {
      released.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while held at " + window, e);
    }
  }
}
