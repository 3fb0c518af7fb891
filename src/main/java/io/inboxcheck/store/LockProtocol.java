package io.inboxcheck.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;

/**
 * How a transaction keeps what it decided from unchanged until COMMIT (docs/storage-boundary.md 4):
 * card names locked in one fixed order, the card rows it reads locked, and every card update
 * guarded by the row it read. The store always follows {@link #LOCKED}; these methods are the seams
 * the concurrency tests use to widen the window between deciding and writing, or to drop the locks
 * and show that the check catches the lost updates that follow.
 */
interface LockProtocol {
  /** The protocol of every receiver this package hands out. */
  LockProtocol LOCKED = new LockProtocol() {};

  /** Locks an event id's identity record, an id without a record included (rule 3.1 reads it). */
  default void lockEventId(Connection connection, String eventId) throws SQLException {
    Sql.query(connection, "SELECT lock_event(?)", row -> {}, eventId);
  }

  /** Locks the names of these cards, a card that does not exist yet included. */
  default void lockCardNames(Connection connection, Collection<String> names) throws SQLException {
    if (!names.isEmpty()) {
      Sql.query(connection, "SELECT lock_cards(?)", row -> {}, names);
    }
  }

  /** The clause a SELECT of card rows ends with, so the rows read stay as read. */
  default String rowLock() {
    return " FOR UPDATE";
  }

  /**
   * Whether a card update names the version and pause flag it read, so that a row changed meanwhile
   * is never overwritten (and the disagreement is an error, never a partial write).
   */
  default boolean guardsCardUpdates() {
    return true;
  }

  /** Called between deciding and writing; the store itself goes straight on. */
  default void raceWindow() {}
}
