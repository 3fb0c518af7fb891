package io.inboxcheck.store;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * The one thing a test can put inside a receiver's transactions: a call at each named race window
 * of docs/storage-boundary.md 13.1, on the connection of the transaction that reached it. The store
 * runs the same statements either way; production passes {@link #NONE}, which goes straight on. A
 * deterministic race test holds a transaction at its window until another one has run; a randomised
 * one waits there a little, so that transactions really interleave. Mistakes in the lock protocol
 * are not made here: the tests plant them in the store's own SQL, through the connection.
 */
@FunctionalInterface
interface RaceHook {
  /** What every receiver this package hands out runs: nothing at any window. */
  RaceHook NONE = (window, connection) -> {};

  /** Called when a transaction on {@code connection} reaches {@code window}. */
  void reached(Window window, Connection connection) throws SQLException;

  /** Where a transaction can be held open: the named race windows of storage-boundary.md. */
  enum Window {
    /**
     * A delivery's first read found the id's rows naming a card it had not locked: it holds the
     * identity lock and its own card's, has read the record, and rolls back next.
     */
    DELIVERY_IDENTITY_READ,
    /**
     * That delivery rolled back, holding no lock, and reads again with every name locked; what
     * commits meanwhile is what it decides on.
     */
    DELIVERY_READ_AGAIN,
    /** A delivery decided, nothing written yet: every lock it takes is held. */
    DELIVERY_DECIDED,
    /** Pruning decided to delete a record, nothing written yet. */
    PRUNE_DECIDED,
    /** A reconciliation of one object decided, nothing written yet. */
    RECONCILE_DECIDED,
    /** The view read the cards and counters and has not read the audit yet. */
    VIEW_COUNTERS_READ
  }
}
