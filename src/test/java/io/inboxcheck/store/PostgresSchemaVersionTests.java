package io.inboxcheck.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The schema's versions (V1__schema.sql, V2__enum_columns.sql, V3__lean_writes.sql): a store made
 * at version 1 is migrated when a receiver opens it and keeps every row; the enum columns of
 * version 2 and the domains of version 3 refuse what the CHECK constraints of version 1 refused,
 * and accept the rest; a store newer than the receiver is refused with one line.
 */
class PostgresSchemaVersionTests {
  /** A delivery, a card and a held input as a version-1 store holds them. */
  private static final String VERSION_1_ROWS =
      "INSERT INTO audit (kind, step, recorded_at, event_id, object_id, decision, reason, content)"
          + " VALUES ('delivery', 1, '2024-01-01T08:00:00Z', 'e-204', 'card-8', 'HELD',"
          + " 'MISSING_VERSION', '{}'),"
          + " ('authority', 2, '2024-01-01T08:00:01Z', NULL, 'card-8', NULL, NULL, NULL);"
          + " INSERT INTO cards (object_id, version, state, paused, origin)"
          + " VALUES ('card-8', 4, '{}', true, 'initial');"
          + " INSERT INTO held_inputs (delivery_seq, step, event_id, object_id, decision, reason,"
          + " status, content) VALUES (1, 1, 'e-204', 'card-8', 'HELD', 'MISSING_VERSION', 'held',"
          + " '{}')";

  @Test
  void aVersion1StoreIsMigratedWhenOpenedAndKeepsEveryRow() throws SQLException {
    String schema = TestPostgres.freshSchema("v1");
    execute("public", "CREATE SCHEMA " + schema);
    execute(schema, Schema.resourceText(Schema.MIGRATIONS.get(0)));
    execute(schema, VERSION_1_ROWS);
    Map<String, String> before = StoreFixtures.digest(schema);

    new PostgresReceiver(TestPostgres.connections(schema), schema, StoreFixtures.guide()).close();

    assertThat(query(schema, "SELECT max(version)::text FROM schema_version")).isEqualTo("4");
    assertThat(StoreFixtures.digest(schema)).as("every row, word for word").isEqualTo(before);
    assertThat(columnTypes(schema))
        .containsEntry("audit.kind", "audit_kind")
        .containsEntry("audit.decision", "decision_kind")
        .containsEntry("audit.outcome", "authority_outcome")
        .containsEntry("cards.origin", "card_origin")
        .containsEntry("held_inputs.status", "held_status")
        .containsEntry("held_inputs.resolution", "held_resolution");
    assertThat(columnDomains(schema))
        .containsEntry("cards.object_id", "nonempty_text")
        .containsEntry("cards.version", "card_version")
        .containsEntry("identity_records.event_id", "nonempty_text");
  }

  @Test
  void theDomainsRefuseWhatTheChecksRefused() throws SQLException {
    String schema = storeWithVersion1Rows("domains");
    String record =
        "INSERT INTO identity_records (event_id, first_content, first_step, first_received_at,"
            + " first_delivery_seq, first_decision) VALUES (%s, '{}', 1, now(), 1, 'HELD')";

    assertRefused(
        schema,
        "violates check constraint",
        "INSERT INTO cards (object_id, version, state, origin) VALUES ('', 1, '{}', 'initial')",
        "UPDATE cards SET version = -1 WHERE object_id = 'card-88'",
        String.format(record, "''"));
    assertRefused(schema, "not-null", String.format(record, "NULL"));
    execute(schema, "UPDATE cards SET version = 0 WHERE object_id = 'card-88'");
    execute(schema, String.format(record, "'e-205'"));
    assertThat(query(schema, "SELECT event_id || '/' || first_step FROM identity_records"))
        .isEqualTo("e-205/1");
  }

  @Test
  void theEnumColumnsRefuseTheWordsTheChecksRefused() throws SQLException {
    String schema = storeWithVersion1Rows("enums");

    assertRefused(
        schema,
        "invalid input value for enum",
        "INSERT INTO audit (kind, step, recorded_at) VALUES ('deliveries', 3, now())",
        "INSERT INTO audit (kind, step, recorded_at, decision)"
            + " VALUES ('delivery', 3, now(), 'APPLY')",
        "INSERT INTO audit (kind, step, recorded_at, outcome)"
            + " VALUES ('authority', 3, now(), 'REPLACE')",
        "UPDATE cards SET origin = 'event' WHERE object_id = 'card-88'",
        "UPDATE held_inputs SET status = 'gone'",
        "UPDATE held_inputs SET status = 'resolved', resolution = 'manual'");
    // Resolved without a resolution.
    assertRefused(schema, "held_inputs_check", "UPDATE held_inputs SET status = 'resolved'");
    execute(schema, "UPDATE held_inputs SET status = 'resolved', resolution = 'reevaluated'");
    assertThat(query(schema, "SELECT status || '/' || resolution FROM held_inputs"))
        .isEqualTo("resolved/reevaluated");
  }

  @Test
  void aStoreNewerThanTheReceiverIsRefused() throws SQLException {
    String schema = TestPostgres.freshSchema("newer");
    new PostgresReceiver(TestPostgres.connections(schema), schema, StoreFixtures.guide()).close();
    int newer = Schema.VERSION + 1;
    execute(schema, "INSERT INTO schema_version (version) VALUES (" + newer + ")");

    // Twice: a refusal releases the schema lock, so the second is refused for the same reason
    // rather than after waiting for the lock.
    for (int attempt = 1; attempt <= 2; attempt++) {
      assertThatThrownBy(
              () ->
                  new PostgresReceiver(
                      TestPostgres.connections(schema), schema, StoreFixtures.guide()))
          .as("attempt %d", attempt)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining(
              "schema " + schema + " is at version " + newer + "; this receiver needs 4");
    }
  }

  /** A store opened by the receiver at the current version, holding the version-1 rows. */
  private static String storeWithVersion1Rows(String name) throws SQLException {
    String schema = TestPostgres.freshSchema(name);
    new PostgresReceiver(TestPostgres.connections(schema), schema, StoreFixtures.guide()).close();
    execute(schema, VERSION_1_ROWS.replace("'card-8', 4", "'card-88', 4"));
    return schema;
  }

  /** Each statement fails with an error whose message contains {@code message}. */
  private static void assertRefused(String schema, String message, String... statements) {
    for (String refused : statements) {
      assertThatThrownBy(() -> execute(schema, refused))
          .as(refused)
          .isInstanceOf(SQLException.class)
          .hasMessageContaining(message);
    }
  }

  private static Map<String, String> columnTypes(String schema) throws SQLException {
    return columns(schema, "udt_name");
  }

  private static Map<String, String> columnDomains(String schema) throws SQLException {
    return columns(schema, "domain_name");
  }

  /** One field of information_schema.columns, by table.column, where it is not NULL. */
  private static Map<String, String> columns(String schema, String field) throws SQLException {
    Map<String, String> values = new TreeMap<>();
    try (Connection connection = TestPostgres.connections(schema).open()) {
      Sql.query(
          connection,
          "SELECT table_name || '.' || column_name, "
              + field
              + " FROM information_schema.columns WHERE table_schema = ? AND "
              + field
              + " IS NOT NULL",
          row -> values.put(row.getString(1), row.getString(2)),
          schema);
    }
    return values;
  }

  private static String query(String schema, String sql) throws SQLException {
    StringBuilder result = new StringBuilder();
    try (Connection connection = TestPostgres.connections(schema).open()) {
      Sql.query(connection, sql, row -> result.append(row.getString(1)));
    }
    return result.toString();
  }

  private static void execute(String schema, String sql) throws SQLException {
    try (Connection connection = TestPostgres.connections(schema).open();
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }
}
