package io.inboxcheck.store;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.StrictJson;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.ReceiverSetup;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Envelopes, the guide's setup and exact table contents for the store's tests. */
final class StoreFixtures {
  static final Instant T = Instant.parse("2024-01-01T08:00:00Z");
  static final List<String> TABLES =
      List.of("audit", "cards", "identity_records", "identity_variants", "held_inputs");

  private StoreFixtures() {}

  /** The guide's initial cards: card-7 v10 queued/Map, card-8 v3 ready/Chart. */
  static ReceiverSetup guide() {
    TreeMap<String, Card> cards = new TreeMap<>();
    cards.put("card-7", new Card(10, state("queued", "Map"), false));
    cards.put("card-8", new Card(3, state("ready", "Chart"), false));
    return new ReceiverSetup(cards, Set.of("card.snapshot"), Duration.ofHours(24), T);
  }

  static JsonObject state(String stage, String label) {
    return (JsonObject) parse("{\"stage\":\"" + stage + "\",\"label\":\"" + label + "\"}");
  }

  static Envelope snapshot(String eventId, String objectId, Long version, String label) {
    String versionMember = version == null ? "" : "\"object_version\":" + version + ",";
    String text =
        "{\"event_id\":\""
            + eventId
            + "\",\"object_id\":\""
            + objectId
            + "\","
            + versionMember
            + "\"occurred_at\":\"2024-01-01T08:00:00Z\",\"type\":\"card.snapshot\","
            + "\"state\":{\"stage\":\"ready\",\"label\":\""
            + label
            + "\"}}";
    return new Envelope(parse(text), text);
  }

  /** A content of {@code eventId} without {@code object_id}: it names no card (HELD MALFORMED). */
  static Envelope namingNoCard(String eventId) {
    return text(
        "{\"event_id\":\""
            + eventId
            + "\",\"occurred_at\":\"2024-01-01T08:00:00Z\",\"type\":\"card.snapshot\","
            + "\"state\":{}}");
  }

  static Envelope text(String text) {
    return new Envelope(parse(text), text);
  }

  private static io.inboxcheck.json.JsonValue parse(String text) {
    try {
      return new StrictJson().parse("test", text);
    } catch (InputRejected rejected) {
      throw new IllegalArgumentException(rejected.getMessage());
    }
  }

  /**
   * Every row of every table of {@code schema}, as text: equal digests, equal databases. The audit
   * sequence is left out on purpose: a rolled-back insert leaves a gap, which is not an entry.
   */
  static Map<String, String> digest(String schema) {
    Map<String, String> tables = new LinkedHashMap<>();
    try (Connection connection = TestPostgres.connections(schema).open();
        Statement statement = connection.createStatement()) {
      for (String table : TABLES) {
        try (ResultSet rows =
            statement.executeQuery(
                "SELECT coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '') FROM "
                    + table
                    + " t")) {
          rows.next();
          tables.put(table, rows.getString(1));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
    return tables;
  }
}
