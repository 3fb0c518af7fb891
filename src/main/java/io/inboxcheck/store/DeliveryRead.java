package io.inboxcheck.store;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.store.IdentityRows.StoredIdentity;
import java.sql.Array;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Everything a delivery reads, in one round trip (docs/storage-boundary.md 5): the identity lock,
 * the card-name locks of every card the id's rows name, the identity record read again under those
 * locks (section 6), and the card rows locked. The statements run in the order the lock protocol
 * prescribes; under READ COMMITTED each one sees what was committed before its locks were granted.
 */
record DeliveryRead(SortedSet<String> names, Map<String, Card> cards, StoredIdentity identity) {
  /**
   * The names to lock: the envelope's card, then the cards the id's first record and variants name,
   * read under the identity lock that every writer of those rows holds.
   */
  private static final String NAMES =
      "?::text[] || ARRAY(SELECT first_object_id FROM identity_records WHERE event_id = ?)"
          + " || ARRAY(SELECT object_id FROM identity_variants WHERE event_id = ?)";

  private static final String CARDS =
      "SELECT object_id, version, state, paused FROM cards WHERE object_id = ANY(";

  /** Reads the slice of {@code envelope} with the store's own lock protocol. */
  static DeliveryRead load(Connection connection, Envelope envelope) throws SQLException {
    List<String> own = envelope.objectId().map(List::of).orElse(List.of());
    Optional<String> eventId = envelope.eventId();
    List<Sql.Bound> statements = new ArrayList<>();
    String names;
    Object[] nameValues;
    if (eventId.isPresent()) {
      String id = eventId.get();
      statements.add(Sql.Bound.of("SELECT lock_event(?)", id));
      names = NAMES;
      nameValues = new Object[] {own, id, id};
      // The names are returned as locked, to check them against the record decoded below.
      statements.add(
          Sql.Bound.of(
              "SELECT lock_cards(n), n FROM (SELECT " + NAMES + " AS n) AS names", nameValues));
      statements.add(Sql.Bound.of(IdentityRows.SLICE_OF_EVENT, id, id, id));
    } else if (!own.isEmpty()) {
      names = "?::text[]";
      nameValues = new Object[] {own};
      statements.add(Sql.Bound.of("SELECT lock_cards(?), ?::text[]", own, own));
    } else {
      return new DeliveryRead(new TreeSet<>(), new TreeMap<>(), null);
    }
    int cardsAt = statements.size();
    statements.add(
        Sql.Bound.of(
            CARDS + names + ") ORDER BY object_id" + LockProtocol.LOCKED.rowLock(), nameValues));
    int namesAt = eventId.isPresent() ? 1 : 0;
    IdentityRows.Decoder decoder = eventId.map(IdentityRows.Decoder::new).orElse(null);
    SortedSet<String> locked = new TreeSet<>();
    Map<String, Card> cards = new TreeMap<>();
    Sql.pipeline(
        connection,
        statements,
        (index, rows, count) -> {
          while (rows.next()) {
            if (index == namesAt) {
              Array array = rows.getArray(2);
              for (Object name : (Object[]) array.getArray()) {
                if (name != null) {
                  locked.add((String) name);
                }
              }
            } else if (index == cardsAt) {
              cards.put(rows.getString("object_id"), CardRows.read(rows));
            } else if (index == namesAt + 1) {
              decoder.row(rows);
            }
          }
        });
    StoredIdentity identity = decoder == null ? null : decoder.identity();
    SortedSet<String> named = new TreeSet<>(own);
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
