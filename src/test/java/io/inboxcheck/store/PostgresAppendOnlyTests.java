package io.inboxcheck.store;

import static io.inboxcheck.store.StoreFixtures.snapshot;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.inboxcheck.receiver.Transport;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * AUDIT_APPEND_ONLY and FIRST_RECORD_KEPT enforced by the database itself (V1__schema.sql): the
 * triggers refuse UPDATE, DELETE and TRUNCATE on the audit and UPDATE of a first record, even for
 * the owner of the tables, and a refused statement changes nothing.
 */
class PostgresAppendOnlyTests {
  private static String schema;

  @BeforeAll
  static void oneRecordedDelivery() {
    schema = TestPostgres.freshSchema("append");
    try (PostgresReceiver receiver =
        new PostgresReceiver(
            TestPostgres.receiverConnections(schema, StoreFixtures.guide()),
            schema,
            StoreFixtures.guide())) {
      receiver.deliver(1, snapshot("e-201", "card-7", 12L, "Map"), Transport.PLAIN);
    }
  }

  @Test
  void theAuditRefusesUpdateDeleteAndTruncate() {
    Map<String, String> before = StoreFixtures.digest(schema);
    for (String change :
        List.of(
            "UPDATE audit SET decision = 'STALE'", "DELETE FROM audit", "TRUNCATE audit CASCADE")) {
      assertThatThrownBy(() -> execute(change))
          .as(change)
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("refused: the table is append-only");
    }
    assertThat(StoreFixtures.digest(schema)).isEqualTo(before);
  }

  @Test
  void aFirstRecordRefusesUpdate() {
    Map<String, String> before = StoreFixtures.digest(schema);

    assertThatThrownBy(() -> execute("UPDATE identity_records SET first_content = '{}'"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("UPDATE on identity_records refused");
    assertThat(StoreFixtures.digest(schema)).isEqualTo(before);
  }

  @Test
  void appendingStillWorks() {
    try (PostgresReceiver receiver =
        new PostgresReceiver(
            TestPostgres.receiverConnections(schema, StoreFixtures.guide()),
            schema,
            StoreFixtures.guide())) {
      assertThat(receiver.deliver(2, snapshot("e-202", "card-7", 13L, "Map v2"), Transport.PLAIN))
          .extracting(result -> result.decision().describe())
          .isEqualTo("APPLIED");
      assertThat(receiver.view().audit()).hasSizeGreaterThanOrEqualTo(2);
    }
  }

  private static void execute(String sql) throws SQLException {
    try (Connection connection = TestPostgres.connections(schema).open();
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }
}
