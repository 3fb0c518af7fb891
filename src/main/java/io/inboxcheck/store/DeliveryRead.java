package io.inboxcheck.store;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.store.IdentityRows.StoredIdentity;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Everything a delivery reads, in one round trip (docs/storage-boundary.md 5): the identity lock,
 * the card-name locks of every card the id's rows name, the identity record read under those locks
 * (section 6), and the card rows. The statements run in the order the lock protocol prescribes;
 * under READ COMMITTED each one sees what was committed before its locks were granted. Every shape
 * of the read is a constant text, so the driver and the server prepare each once.
 *
 * <p>A delivery with an event id first locks the names it can know without reading: the id, then
 * the envelope's own card. When the id's rows name no other card, which is so for every first
 * arrival and every redelivery of the same content, that read is the slice. Otherwise the
 * transaction rolls back, releasing both locks, and reads again with every name the rows gave
 * locked in the protocol's order; no lock is ever taken out of that order.
 *
 * <p>The read again takes the names to lock from the id's rows in the statement that locks them, so
 * in that statement's snapshot, taken before any wait for a card lock. Only the identity lock,
 * granted in the statement before, keeps those rows as they were until the slice is read; the names
 * the slice gives must then equal the names locked, or the read is refused. A writer of the id's
 * rows without the identity lock (a prune missing it, say) is caught there
 * (docs/storage-boundary.md 13.1).
 *
 * <p>The read also begins the transaction: its first statement is BEGIN, on a connection whose
 * driver sends no BEGIN of its own ({@link DeliveryTransaction}), so the server answers the start
 * of the transaction and the reads in one reply instead of two.
 */
record DeliveryRead(SortedSet<String> names, Map<String, Card> cards, StoredIdentity identity) {
  /**
   * The names to lock: the envelope's card, then the cards the id's first record and variants name,
   * read under the identity lock that every writer of those rows holds; absent names left out.
   */
  static final String NAMES =
      "array_remove(ARRAY[?::text] || ARRAY(SELECT first_object_id FROM identity_records"
          + " WHERE event_id = ?) || ARRAY(SELECT object_id FROM identity_variants"
          + " WHERE event_id = ?), NULL)";

  /** The card rows of the names bound, in no particular order: they go into a sorted map. */
  private static final String CARDS = CardRows.SELECT;

  private static final String BEGIN = "BEGIN";

  /**
   * The identity lock, then the envelope's own card lock (none without a card), in one statement:
   * the subquery's row, and with it the identity lock, comes before the card lock of the row it
   * feeds (OFFSET 0 keeps the planner from merging the two).
   */
  private static final String LOCK_EVENT_THEN_OWN_CARD =
      "SELECT lock_card(?) FROM (SELECT lock_event(?) OFFSET 0) AS identity";

  /** The slice rows of the id ({@code part} 0 to 2), then the own card's row ({@code part} 3). */
  private static final int CARD_PART = 3;

  private static final String SLICE_AND_OWN_CARD =
      "SELECT slice.*, NULL::text AS object_id, NULL::bigint AS version, NULL::text AS state,"
          + " NULL::boolean AS paused FROM ("
          + IdentityRows.SLICE_OF_EVENT
          + ") AS slice UNION ALL SELECT "
          + CARD_PART
          // One NULL for each column of the slice after part.
          + ", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,"
          + " object_id, version, state, paused FROM cards WHERE object_id = ?";

  /** BEGIN, identity and own card locks, the id's slice with the own card: statements 0 to 2. */
  static final String OWN_CARD_FIRST =
      String.join(Sql.SEPARATOR, BEGIN, LOCK_EVENT_THEN_OWN_CARD, SLICE_AND_OWN_CARD);

  /** BEGIN, identity lock, card-name locks, the id's slice, the cards: statements 0 to 4. */
  static final String WITH_EVENT =
      String.join(
          Sql.SEPARATOR,
          BEGIN,
          "SELECT lock_event(?)",
          // The names are returned as locked, to check them against the record decoded below.
          "SELECT lock_cards(n), array_to_json(n)::text FROM (SELECT " + NAMES + " AS n) AS names",
          IdentityRows.SLICE_OF_EVENT,
          CARDS + " WHERE object_id = ANY(" + NAMES + ")");

  /** BEGIN, the own card's lock and its row: statements 0 to 2. */
  static final String WITHOUT_EVENT =
      String.join(Sql.SEPARATOR, BEGIN, "SELECT lock_card(?)", CARDS + " WHERE object_id = ?");

  /**
   * Begins the transaction and reads the slice of {@code envelope}; {@code hook} is told when a
   * first read found names it had not locked ({@link RaceHook.Window#DELIVERY_IDENTITY_READ}) and
   * when the read starts again ({@link RaceHook.Window#DELIVERY_READ_AGAIN}).
   */
  static DeliveryRead load(Connection connection, RaceHook hook, Envelope envelope)
      throws SQLException {
    String own = envelope.objectId().orElse(null);
    Optional<String> eventId = envelope.eventId();
    if (eventId.isEmpty()) {
      return own == null ? nothingToRead(connection) : withoutEvent(connection, own);
    }
    DeliveryRead read = ownCardFirst(connection, eventId.get(), own);
    if (read != null) {
      return read;
    }
    hook.reached(RaceHook.Window.DELIVERY_IDENTITY_READ, connection);
    Sql.update(connection, "ROLLBACK");
    hook.reached(RaceHook.Window.DELIVERY_READ_AGAIN, connection);
    return withEvent(connection, eventId.get(), own);
  }

  private static DeliveryRead nothingToRead(Connection connection) throws SQLException {
    // Nothing to lock or read: the transaction still begins, for the writes that follow.
    Sql.update(connection, BEGIN);
    return new DeliveryRead(new TreeSet<>(), new TreeMap<>(), null);
  }

  /**
   * The read with the identity and the own card locked, or null when the id's rows name a card that
   * is not locked; the transaction is then still open, holding both locks.
   */
  private static DeliveryRead ownCardFirst(Connection connection, String id, String own)
      throws SQLException {
    Map<String, Card> cards = new TreeMap<>();
    IdentityRows.Decoder decoder = new IdentityRows.Decoder(id);
    Sql.pipeline(
        connection,
        OWN_CARD_FIRST,
        new Object[] {own, id, id, id, id, own},
        (index, rows, count) -> {
          while (index == 2 && rows.next()) {
            if (rows.getInt("part") == CARD_PART) {
              CardRows.put(cards, rows);
            } else {
              decoder.row(rows);
            }
          }
        });
    StoredIdentity identity = decoder.identity();
    SortedSet<String> named = named(own, identity);
    return named.equals(named(own, null)) ? new DeliveryRead(named, cards, identity) : null;
  }

  private static DeliveryRead withEvent(Connection connection, String id, String own)
      throws SQLException {
    SortedSet<String> locked = new TreeSet<>();
    Map<String, Card> cards = new TreeMap<>();
    IdentityRows.Decoder decoder = new IdentityRows.Decoder(id);
    Sql.pipeline(
        connection,
        WITH_EVENT,
        new Object[] {id, own, id, id, id, id, id, own, id, id},
        (index, rows, count) -> {
          // BEGIN (statement 0) returns no rows, only its count.
          while (rows != null && rows.next()) {
            switch (index) {
              case 2 -> locked.addAll(Codec.names(rows.getString(2)));
              case 3 -> decoder.row(rows);
              case 4 -> CardRows.put(cards, rows);
              default -> {}
            }
          }
        });
    StoredIdentity identity = decoder.identity();
    SortedSet<String> named = named(own, identity);
    if (!named.equals(locked)) {
      throw new IllegalStateException(
          "the cards locked " + locked + " are not the cards the slice names " + named);
    }
    return new DeliveryRead(named, cards, identity);
  }

  private static DeliveryRead withoutEvent(Connection connection, String own) throws SQLException {
    Map<String, Card> cards = new TreeMap<>();
    Sql.pipeline(
        connection,
        WITHOUT_EVENT,
        new Object[] {own, own},
        (index, rows, count) -> {
          while (index == 2 && rows.next()) {
            CardRows.put(cards, rows);
          }
        });
    return new DeliveryRead(named(own, null), cards, null);
  }

  /** The envelope's own card and the cards the id's record names. */
  private static SortedSet<String> named(String own, StoredIdentity identity) {
    SortedSet<String> named = new TreeSet<>();
    if (own != null) {
      named.add(own);
    }
    if (identity != null) {
      named.addAll(identity.namedCards());
    }
    return named;
  }
}
