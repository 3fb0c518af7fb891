package io.inboxcheck.store;

import java.sql.Connection;
import java.time.Duration;
import java.util.Collection;

/**
 * Lock protocols only tests use: the store's own with a race window between deciding and writing,
 * and deliberately broken stores, without card locks or without the identity lock, that the
 * concurrency checks must catch.
 */
final class TestLocks {
  private TestLocks() {}

  /** The store's protocol, waiting {@code window} between deciding and writing. */
  static LockProtocol withRaceWindow(Duration window) {
    return new LockProtocol() {
      @Override
      public void raceWindow() {
        hold(window);
      }
    };
  }

  /**
   * The broken store: no card-name lock, no row lock and no update guard, so a transaction writes
   * back what it read and decided on, a plain read-modify-write under READ COMMITTED. The identity
   * lock stays, so what goes wrong is the cards alone.
   */
  static LockProtocol withoutCardLocks(Duration window) {
    return new LockProtocol() {
      @Override
      public void lockCardNames(Connection connection, Collection<String> names) {}

      @Override
      public String rowLock() {
        return "";
      }

      @Override
      public boolean guardsCardUpdates() {
        return false;
      }

      @Override
      public void raceWindow() {
        hold(window);
      }
    };
  }

  /**
   * The broken store: no lock on the event id's identity record, so two copies of one new id both
   * find no record and both decide it new; the card locks stay, so what goes wrong is identity
   * alone (the second insert of the record is a unique violation, or two first decisions).
   */
  static LockProtocol withoutIdentityLock(Duration window) {
    return new LockProtocol() {
      @Override
      public void lockEventId(Connection connection, String eventId) {}

      @Override
      public void raceWindow() {
        hold(window);
      }
    };
  }

  private static void hold(Duration window) {
    try {
      Thread.sleep(window.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
