package io.inboxcheck.store;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Effects.CardWrite;
import io.inboxcheck.model.ReplacementCounters;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;

/** Cards as rows of the {@code cards} table: read after their name locks, and written. */
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

  /** The name locks of a set of cards, in the protocol's one order (section 4.3). */
  static final String LOCK_CARDS = "SELECT lock_cards(?)";

  /** Locks the names of these cards, a card that does not exist yet included. */
  static void lockNames(Connection connection, Collection<String> names) throws SQLException {
    if (!names.isEmpty()) {
      Sql.query(connection, LOCK_CARDS, row -> {}, names);
    }
  }

  /**
   * Locks the names first (a card that does not exist yet is locked too), then reads the rows that
   * exist, in a statement of their own, so it sees every write committed before the locks.
   */
  static Map<String, Card> lockAndLoad(Connection connection, SortedSet<String> names)
      throws SQLException {
    Map<String, Card> cards = new TreeMap<>();
    if (names.isEmpty()) {
      return cards;
    }
    lockNames(connection, names);
    Sql.query(
        connection,
        SELECT + " WHERE object_id = ANY(?) ORDER BY object_id",
        row -> put(cards, row),
        names);
    return cards;
  }

  /** The card an authority creates, with the replacements it counts. */
  static final String INSERT =
      "INSERT INTO cards (object_id, version, state, paused, origin, event_replacements,"
          + " authoritative_replacements) VALUES (?, ?, ?, ?, 'authority', ?, ?)";

  /**
   * A card written over the row it was read as: the guard states the negative space, never write
   * over a row changed since it was read, so the update changes one row or none.
   */
  static final String GUARDED_UPDATE =
      "UPDATE cards SET version = ?, state = ?, paused = ?,"
          + " event_replacements = event_replacements + ?,"
          + " authoritative_replacements = authoritative_replacements + ?"
          + " WHERE object_id = ? AND version = ? AND paused = ?";

  /**
   * The check of a guarded update whose changed rows {@code count} counts, as a SELECT item, with
   * the card's name bound: the count is compared in the statement, and {@code guard_card_write}
   * (V2__enum_columns.sql), which raises, is called only when it is not 1, because a PL/pgSQL call
   * sets up its evaluation state anew in every transaction, which every delivery would pay for a
   * check that passes (docs/performance.md, seventh pass).
   */
  static String guard(String count) {
    return "CASE WHEN " + count + " = 1 THEN 1 ELSE guard_card_write(?, " + count + ") END";
  }

  /** A guarded update on its own: the update, and the check of its count. */
  static final String GUARDED_UPDATE_ALONE =
      "WITH card AS ("
          + GUARDED_UPDATE
          + " RETURNING 1) SELECT "
          + guard("count(*)")
          + " FROM card";

  /** The values of {@link #INSERT} for a card an authority creates. */
  static Object[] insertValues(CardWrite write) {
    Card after = write.after();
    ReplacementCounters counted = write.counted();
    return new Object[] {
      write.objectId(),
      after.version(),
      after.state().canonicalText(),
      after.paused(),
      counted.event(),
      counted.authoritative()
    };
  }

  /** Adds the values of {@link #GUARDED_UPDATE} for {@code write} to {@code values}. */
  static void addUpdateValues(CardWrite write, List<Object> values) {
    Card after = write.after();
    ReplacementCounters counted = write.counted();
    values.add(after.version());
    values.add(after.state().canonicalText());
    values.add(after.paused());
    values.add(counted.event());
    values.add(counted.authoritative());
    values.add(write.objectId());
    values.add(write.before().version());
    values.add(write.before().paused());
  }
}
