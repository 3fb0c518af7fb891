package io.inboxcheck.store;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Effects.CardWrite;
import io.inboxcheck.model.ReplacementCounters;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;

/** Cards as rows of the {@code cards} table: read under the lock protocol, and written. */
final class CardRows {
  private CardRows() {}

  /** The card one row with columns {@code version, state, paused} holds. */
  private static Card read(ResultSet row) throws SQLException {
    return new Card(
        row.getLong("version"),
        (JsonObject) Codec.json(row.getString("state")),
        row.getBoolean("paused"));
  }

  /** The columns {@link #put} reads, from every card; add a {@code WHERE} to narrow it. */
  static final String SELECT = "SELECT object_id, version, state, paused FROM cards";

  /** Puts the card of one row of {@link #SELECT} in {@code cards}. */
  static void put(Map<String, Card> cards, ResultSet row) throws SQLException {
    cards.put(row.getString("object_id"), read(row));
  }

  /**
   * Locks the names first (a card that does not exist yet is locked too), then reads the rows that
   * exist, in a statement of their own, so it sees every write committed before the locks.
   */
  static Map<String, Card> lockAndLoad(
      Connection connection, LockProtocol locks, SortedSet<String> names) throws SQLException {
    Map<String, Card> cards = new TreeMap<>();
    if (names.isEmpty()) {
      return cards;
    }
    locks.lockCardNames(connection, names);
    Sql.query(
        connection,
        SELECT + " WHERE object_id = ANY(?) ORDER BY object_id",
        row -> put(cards, row),
        names);
    return cards;
  }

  /** The statement that writes one card, or null when the write changes nothing. */
  static Sql.Bound statement(LockProtocol locks, CardWrite write) {
    Card after = write.after();
    ReplacementCounters counted = write.counted();
    if (write.before() == null) {
      return Sql.Bound.of(
          "INSERT INTO cards (object_id, version, state, paused, origin, event_replacements,"
              + " authoritative_replacements) VALUES (?, ?, ?, ?, 'authority', ?, ?)",
          write.objectId(),
          after.version(),
          after.state().canonicalText(),
          after.paused(),
          counted.event(),
          counted.authoritative());
    }
    if (!write.changes()) {
      return null;
    }
    String update =
        "UPDATE cards SET version = ?, state = ?, paused = ?,"
            + " event_replacements = event_replacements + ?,"
            + " authoritative_replacements = authoritative_replacements + ?"
            + " WHERE object_id = ?";
    Object[] values = {
      after.version(),
      after.state().canonicalText(),
      after.paused(),
      counted.event(),
      counted.authoritative(),
      write.objectId()
    };
    if (!locks.guardsCardUpdates()) {
      return Sql.Bound.of(update, values);
    }
    // The guard states the negative space: never write over a row changed since it was read.
    Object[] guarded = Arrays.copyOf(values, values.length + 2);
    guarded[values.length] = write.before().version();
    guarded[values.length + 1] = write.before().paused();
    return Sql.Bound.of(update + " AND version = ? AND paused = ?", guarded);
  }

  /**
   * Whether the update of {@code write} names the row it read, and so must change exactly one row:
   * the statement then checks its count with {@code guard_card_write} (V2__enum_columns.sql), in
   * the database, before any COMMIT that follows it.
   */
  static boolean guarded(LockProtocol locks, CardWrite write) {
    return write.before() != null && locks.guardsCardUpdates();
  }

  /**
   * The check of a guarded update whose changed rows {@code count} counts, as a SELECT item. The
   * count is compared in the statement, and {@code guard_card_write}, which raises, is called only
   * when it is not 1: a PL/pgSQL call sets up its evaluation state anew in every transaction, which
   * every delivery would pay for a check that passes (docs/performance.md, seventh pass).
   */
  static Sql.Bound guard(CardWrite write, String count) {
    return Sql.Bound.of(
        "CASE WHEN " + count + " = 1 THEN 1 ELSE guard_card_write(?, " + count + ") END",
        write.objectId());
  }
}
