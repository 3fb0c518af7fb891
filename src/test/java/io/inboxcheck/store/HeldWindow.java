package io.inboxcheck.store;

import io.inboxcheck.store.IdentityRows.StoredIdentity;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Holds the first transaction that reaches one named window of the lock protocol open until the
 * test releases it, and says which database session it runs in. Everything else is the protocol it
 * wraps, the store's own or a broken one from {@link TestLocks}.
 */
final class HeldWindow {
  private final LockProtocol.Window window;
  private final AtomicBoolean armed = new AtomicBoolean(true);
  private final CountDownLatch arrived = new CountDownLatch(1);
  private final CountDownLatch released = new CountDownLatch(1);
  private volatile int backend;

  HeldWindow(LockProtocol.Window window) {
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

  /** {@code base}, stopping once at this window until {@link #release()}. */
  LockProtocol around(LockProtocol base) {
    return new LockProtocol() {
      @Override
      public boolean readsInOneRoundTrip() {
        // The one-round-trip read has no point between the identity read and the card locks.
        return base.readsInOneRoundTrip() && window != LockProtocol.Window.DELIVERY_IDENTITY_READ;
      }

      @Override
      public void lockEvent(Connection connection, String eventId) throws SQLException {
        base.lockEvent(connection, eventId);
      }

      @Override
      public void lockCardNames(Connection connection, Collection<String> names)
          throws SQLException {
        base.lockCardNames(connection, names);
      }

      @Override
      public StoredIdentity identityAfterCardLocks(
          Connection connection, String eventId, StoredIdentity read) throws SQLException {
        return base.identityAfterCardLocks(connection, eventId, read);
      }

      @Override
      public boolean guardsCardUpdates() {
        return base.guardsCardUpdates();
      }

      @Override
      public int viewIsolation() {
        return base.viewIsolation();
      }

      @Override
      public Instant pruneClock(Instant clock) {
        return base.pruneClock(clock);
      }

      @Override
      public void raceWindow() {
        base.raceWindow();
      }

      @Override
      public void reached(LockProtocol.Window reached, Connection connection) throws SQLException {
        if (reached == window && armed.compareAndSet(true, false)) {
          hold(connection);
        }
        base.reached(reached, connection);
      }
    };
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
