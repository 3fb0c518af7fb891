package io.inboxcheck.store;

import java.sql.Connection;
import java.util.List;

/**
 * The known mistakes of a lock protocol, each planted in the store's own SQL: a receiver whose
 * connections come from {@link PlantedConnections} sends production's statements with these edits
 * made, and nothing else changes. Each edit names the production statement it changes and the text
 * it replaces, so a statement that no longer contains that text fails {@code PlantedMistakeTests}
 * instead of silently running the correct store. A check's power is shown by catching the receiver
 * with one of these planted (docs/storage-boundary.md 13.1).
 */
enum PlantedMistake {
  /**
   * The delivery's read takes no identity lock: two first arrivals of one id both find no record.
   */
  IDENTITY_LOCK_DROPPED_FROM_THE_READ(
      null,
      false,
      Edit.in(DeliveryRead.OWN_CARD_FIRST, "lock_event(?)", PlantedMistake.NO_LOCK),
      Edit.in(DeliveryRead.WITH_EVENT, "lock_event(?)", PlantedMistake.NO_LOCK)),

  /**
   * No card-name lock and no update guard, in deliveries and reconciliations alike: a transaction
   * writes back what it read and decided on, a plain read-modify-write under READ COMMITTED. The
   * identity lock stays, so what goes wrong is the cards alone.
   */
  CARD_LOCKS_DROPPED(
      null,
      false,
      Edit.in(DeliveryRead.OWN_CARD_FIRST, "lock_card(?)", PlantedMistake.NO_LOCK),
      Edit.in(DeliveryRead.WITHOUT_EVENT, "lock_card(?)", PlantedMistake.NO_LOCK),
      Edit.in(DeliveryRead.WITH_EVENT, "lock_cards(n)", "num_nulls(n)"),
      Edit.in(CardRows.LOCK_CARDS, "lock_cards(?)", "num_nulls(?::text[])"),
      Edit.wherever(
          CardRows.GUARDED_UPDATE,
          " AND version = ? AND paused = ?",
          " AND (version = ? OR true) AND (paused = ? OR true)")),

  /**
   * The delivery reads the id's record, its held inputs' latest decisions included, under the
   * identity lock alone and never again: the card locks are taken after it, just before the card
   * rows are read, so the cards themselves are still read after their locks. A reconciliation
   * re-evaluating a held input under the card lock meanwhile is missed (storage-boundary.md 6).
   */
  IDENTITY_READ_BEFORE_THE_CARD_LOCKS(
      // A PL/pgSQL function runs each statement in a snapshot of its own, so the rows it returns
      // are read after the locks it takes; the statement that calls it read the slice before.
      "CREATE OR REPLACE FUNCTION planted_cards_after_lock(names text[])"
          + " RETURNS TABLE (object_id text, version bigint, state text, paused boolean)"
          + " LANGUAGE plpgsql AS $$ BEGIN PERFORM lock_cards(names); RETURN QUERY"
          + " SELECT c.object_id::text, c.version::bigint, c.state, c.paused FROM cards c"
          + " WHERE c.object_id = ANY(names); END $$",
      false,
      Edit.in(DeliveryRead.OWN_CARD_FIRST, "lock_card(?)", PlantedMistake.NO_LOCK),
      Edit.in(
          DeliveryRead.OWN_CARD_FIRST,
          " FROM cards WHERE object_id = ?",
          " FROM planted_cards_after_lock(ARRAY[?::text])"),
      Edit.in(DeliveryRead.WITH_EVENT, "lock_cards(n)", "num_nulls(n)"),
      Edit.in(
          DeliveryRead.WITH_EVENT,
          "FROM cards WHERE object_id = ANY(" + DeliveryRead.NAMES + ")",
          "FROM planted_cards_after_lock(" + DeliveryRead.NAMES + ")")),

  /** The view reads each table in a snapshot of its own, under READ COMMITTED. */
  VIEW_UNDER_READ_COMMITTED(null, true),

  /** Pruning takes no identity lock; it still locks the cards the record names. */
  PRUNING_WITHOUT_THE_IDENTITY_LOCK(
      null, false, Edit.in(PruneTransaction.LOCK_EVENT, "lock_event(?)", PlantedMistake.NO_LOCK)),

  /**
   * Pruning reads the record without its held inputs, so it lets go of a record whose delivery is
   * still held (SPEC 5). Only pruning reads the slice of an id as a statement of its own.
   */
  PRUNING_WITHOUT_THE_HELD_INPUTS(
      null,
      false,
      Edit.in(
          IdentityRows.SLICE_OF_EVENT,
          " FROM held_inputs WHERE event_id = ?",
          " FROM held_inputs WHERE event_id = ? AND false")),

  /** Pruning lists the records whose window ended one second ago: each goes a second late. */
  PRUNE_CUTOFF_ONE_SECOND_LATE(
      null,
      false,
      Edit.in(
          PostgresReceiver.PRUNE_CANDIDATES,
          "first_received_at <= ?",
          "first_received_at <= ?::timestamptz - interval '1 second'"));

  /** What a lock call becomes: an expression of the same argument that locks nothing. */
  private static final String NO_LOCK = "num_nulls(?::text)";

  /** SQL the schema's owner runs before the receiver connects, or null. */
  final String install;

  /** Whether the view's transaction is lowered from its isolation to READ COMMITTED. */
  final boolean lowersViewIsolation;

  final List<Edit> edits;

  PlantedMistake(String install, boolean lowersViewIsolation, Edit... edits) {
    this.install = install;
    this.lowersViewIsolation = lowersViewIsolation;
    this.edits = List.of(edits);
  }

  /** The isolation a planted view mistake replaces, and the one it runs with instead. */
  static final int VIEW_ISOLATION = ViewReader.ISOLATION;

  static final int LOWERED_ISOLATION = Connection.TRANSACTION_READ_COMMITTED;

  /**
   * One edit of the production SQL: in {@code statement} (the whole text a transaction prepares,
   * or, when {@code wherever}, any text that contains {@code from}, of which {@code statement} is
   * one), {@code from} becomes {@code to}.
   */
  record Edit(String statement, boolean wherever, String from, String to) {
    static Edit in(String statement, String from, String to) {
      return new Edit(statement, false, from, to);
    }

    static Edit wherever(String statement, String from, String to) {
      return new Edit(statement, true, from, to);
    }

    /** Whether this edit changes {@code sql}, as prepared by the store. */
    boolean applies(String sql) {
      return wherever ? sql.contains(from) : sql.equals(statement);
    }
  }
}
