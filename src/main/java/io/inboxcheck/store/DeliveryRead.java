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
 * the card-name locks of every card the id's rows name, the identity record read again under those
 * locks (section 6), and the card rows. The statements run in the order the lock protocol
 * prescribes; under READ COMMITTED each one sees what was committed before its locks were granted.
 * Both shapes of the read are constant texts, so the driver and the server prepare each once.
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
  private static final String NAMES =
      "array_remove(ARRAY[?::text] || ARRAY(SELECT first_object_id FROM identity_records"
          + " WHERE event_id = ?) || ARRAY(SELECT object_id FROM identity_variants"
          + " WHERE event_id = ?), NULL)";

  /** The envelope's own card alone, for an envelope without an event id. */
  private static final String OWN_NAME = "array_remove(ARRAY[?::text], NULL)";

  /** The names are returned as locked, to check them against the record decoded below. */
  private static String lockCards(String names) {
    return "SELECT lock_cards(n), array_to_json(n)::text FROM (SELECT " + names + " AS n) AS names";
  }

  private static String cards(String names) {
    // In no particular order: the rows go into a sorted map.
    return "SELECT object_id, version, state, paused FROM cards WHERE object_id = ANY("
        + names
        + ")";
  }

  private static final String BEGIN = "BEGIN";

  /** BEGIN, identity lock, card-name locks, the id's slice, the cards: statements 0 to 4. */
  private static final String WITH_EVENT =
      String.join(
          Sql.SEPARATOR,
          BEGIN,
          "SELECT lock_event(?)",
          lockCards(NAMES),
          IdentityRows.SLICE_OF_EVENT,
          cards(NAMES));

  /** BEGIN, card-name locks and the cards: statements 0 to 2. */
  private static final String WITHOUT_EVENT =
      String.join(Sql.SEPARATOR, BEGIN, lockCards(OWN_NAME), cards(OWN_NAME));

  /**
   * Begins the transaction and reads the slice of {@code envelope} with the store's own lock
   * protocol.
   */
  static DeliveryRead load(Connection connection, Envelope envelope) throws SQLException {
    String own = envelope.objectId().orElse(null);
    Optional<String> eventId = envelope.eventId();
    if (eventId.isEmpty() && own == null) {
      // Nothing to lock or read: the transaction still begins, for the writes that follow.
      Sql.update(connection, BEGIN);
      return new DeliveryRead(new TreeSet<>(), new TreeMap<>(), null);
    }
    SortedSet<String> locked = new TreeSet<>();
    Map<String, Card> cards = new TreeMap<>();
    IdentityRows.Decoder decoder = eventId.map(IdentityRows.Decoder::new).orElse(null);
    int namesAt = decoder == null ? 1 : 2;
    int sliceAt = decoder == null ? -1 : 3;
    int cardsAt = decoder == null ? 2 : 4;
    Sql.ResultReader reader =
        (index, rows, count) -> {
          // BEGIN (statement 0) returns no rows, only its count.
          while (rows != null && rows.next()) {
            if (index == namesAt) {
              locked.addAll(Codec.names(rows.getString(2)));
            } else if (index == sliceAt) {
              decoder.row(rows);
            } else if (index == cardsAt) {
              cards.put(rows.getString("object_id"), CardRows.read(rows));
            }
          }
        };
    if (decoder == null) {
      Sql.pipeline(connection, WITHOUT_EVENT, new Object[] {own, own}, reader);
    } else {
      String id = eventId.get();
      Sql.pipeline(
          connection, WITH_EVENT, new Object[] {id, own, id, id, id, id, id, own, id, id}, reader);
    }
    StoredIdentity identity = decoder == null ? null : decoder.identity();
    SortedSet<String> named = new TreeSet<>();
    if (own != null) {
      named.add(own);
    }
    if (identity != null) {
      named.addAll(identity.namedCards());
    }
    if (!named.equals(locked)) {
      throw new IllegalStateException(
          "the cards locked " + locked + " are not the cards the slice names " + named);
    }
    return new DeliveryRead(named, cards, identity);
  }
}
