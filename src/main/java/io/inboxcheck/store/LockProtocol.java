package io.inboxcheck.store;

import io.inboxcheck.store.IdentityRows.StoredIdentity;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;

/**
 * How a transaction keeps what it decided from unchanged until COMMIT (docs/storage-boundary.md 4):
 * the identity locked, card names locked in one fixed order, every card update guarded by the row
 * it read, and the view read in one snapshot. Card rows are read without a row lock: every writer
 * of a card row holds the card's name lock until COMMIT, and a read that decides starts after that
 * lock is granted, so the row cannot change under it (section 4.3). The store always follows {@link
 * #LOCKED}; these methods are the seams the concurrency tests use to widen or hold open the window
 * of a named race, or to drop one part of the protocol and show that a check catches what follows.
 * Every broken protocol lives in the tests (TestLocks, RaceWindows).
 */
interface LockProtocol {
  /** The protocol of every receiver this package hands out. */
  LockProtocol LOCKED =
      new LockProtocol() {
        @Override
        public boolean readsInOneRoundTrip() {
          return true;
        }
      };

  /**
   * Whether a delivery reads its slice in one round trip ({@link DeliveryRead}), with exactly the
   * locks and reads of this interface's defaults, in their order: first the id and the envelope's
   * own card, and, when the id's rows name another card, the whole set after a rollback. A protocol
   * that replaces any of them, or holds a delivery between its identity read and its card-name
   * locks, answers false and the delivery runs them one statement at a time through the methods
   * below.
   */
  default boolean readsInOneRoundTrip() {
    return false;
  }

  /** Where a transaction can be held open: the named race windows of storage-boundary.md. */
  enum Window {
    /** A delivery decided, nothing written yet: every lock it takes is held. */
    DELIVERY_DECIDED,
    /** A delivery holds its identity lock and read the record, before its card-name locks. */
    DELIVERY_IDENTITY_READ,
    /**
     * A delivery's first read found the id's rows naming a card it had not locked; it rolled back,
     * holding no lock, and reads again with every name locked.
     */
    DELIVERY_READ_AGAIN,
    /** Pruning decided to delete a record, nothing written yet. */
    PRUNE_DECIDED,
    /** A reconciliation of one object decided, nothing written yet. */
    RECONCILE_DECIDED,
    /** The view read the cards and counters and has not read the audit yet. */
    VIEW_COUNTERS_READ
  }

  /** Locks the name of an id, so that its record's absence is locked too (section 4.1). */
  default void lockEvent(Connection connection, String eventId) throws SQLException {
    Sql.query(connection, "SELECT lock_event(?)", row -> {}, eventId);
  }

  /** Locks the names of these cards, a card that does not exist yet included. */
  default void lockCardNames(Connection connection, Collection<String> names) throws SQLException {
    if (!names.isEmpty()) {
      Sql.query(connection, "SELECT lock_cards(?)", row -> {}, names);
    }
  }

  /**
   * The identity of {@code eventId} read again once the card-name locks are held, because a
   * reconciliation changes the decisions of its held inputs under those locks alone (section 6);
   * {@code read} is what the transaction read under the identity lock.
   */
  default StoredIdentity identityAfterCardLocks(
      Connection connection, String eventId, StoredIdentity read) throws SQLException {
    return IdentityRows.load(connection, eventId);
  }

  /**
   * Whether a card update names the version and pause flag it read, so that a row changed meanwhile
   * is never overwritten (and the disagreement is an error, never a partial write).
   */
  default boolean guardsCardUpdates() {
    return true;
  }

  /** The isolation of the view's transaction: one snapshot for every table it reads. */
  default int viewIsolation() {
    return Connection.TRANSACTION_REPEATABLE_READ;
  }

  /** The clock pruning compares first receipts with: the receiver clock itself (SPEC 5). */
  default Instant pruneClock(Instant clock) {
    return clock;
  }

  /** Called between deciding and writing; the store itself goes straight on. */
  default void raceWindow() {}

  /**
   * Called when a transaction on {@code connection} reaches {@code window}; the store goes straight
   * on, a deterministic race test holds it there until the other transaction has run.
   */
  default void reached(Window window, Connection connection) throws SQLException {}
}
