package io.inboxcheck.store;

import io.inboxcheck.store.IdentityRows.StoredIdentity;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;

/**
 * Lock protocols only tests use: the store's own with a race window between deciding and writing,
 * and deliberately broken stores, each missing one part of the protocol, that a check must catch
 * (or, for pruning without the identity lock alone, that a test shows is still serialisable).
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
   * The broken store: no card-name lock and no update guard, so a transaction writes back what it
   * read and decided on, a plain read-modify-write under READ COMMITTED. The identity lock stays,
   * so what goes wrong is the cards alone.
   */
  static LockProtocol withoutCardLocks(Duration window) {
    return new LockProtocol() {
      @Override
      public void lockCardNames(Connection connection, Collection<String> names) {}

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
      public void lockEvent(Connection connection, String eventId) {}

      @Override
      public void raceWindow() {
        hold(window);
      }
    };
  }

  /** The delivery takes no identity lock: two first arrivals of one id both decide on no record. */
  static LockProtocol withoutIdentityLock() {
    return new LockProtocol() {
      @Override
      public void lockEvent(Connection connection, String eventId) {}
    };
  }

  /**
   * The delivery decides on the identity it read before its card-name locks: the decisions a
   * reconciliation re-evaluated meanwhile are missed (the bug of docs/storage-boundary.md 6).
   */
  static LockProtocol withoutIdentityReread() {
    return new LockProtocol() {
      @Override
      public StoredIdentity identityAfterCardLocks(
          Connection connection, String eventId, StoredIdentity read) {
        return read;
      }
    };
  }

  /** The view reads each table in a snapshot of its own, under READ COMMITTED. */
  static LockProtocol viewUnderReadCommitted() {
    return new LockProtocol() {
      @Override
      public int viewIsolation() {
        return Connection.TRANSACTION_READ_COMMITTED;
      }
    };
  }

  /** Pruning compares first receipts with a clock one second behind: records go a second late. */
  static LockProtocol pruningOneSecondLate() {
    return new LockProtocol() {
      @Override
      public Instant pruneClock(Instant clock) {
        return clock.minusSeconds(1);
      }
    };
  }

  /** Takes neither identity nor card-name locks: for a pruning receiver, pruning unlocked. */
  static LockProtocol withoutNameLocks() {
    return new LockProtocol() {
      @Override
      public void lockEvent(Connection connection, String eventId) {}

      @Override
      public void lockCardNames(Connection connection, Collection<String> names) {}
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
