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
 * The receiver runs as {@link ApplicationRole}: it can record deliveries, and the database refuses
 * it every way of rewriting the evidence (docs/postgres.md, "Roles"). Refusals are checked by
 * SQLSTATE 42501 (insufficient privilege), so they come from the grants, not from the triggers a
 * table's owner could drop.
 */
class PostgresLeastPrivilegeTests {
  private static final String INSUFFICIENT_PRIVILEGE = "42501";
  private static String schema;

  @BeforeAll
  static void oneDeliveryRecordedByTheApplicationRole() {
    schema = TestPostgres.freshSchema("least");
    try (PostgresReceiver receiver =
        new PostgresReceiver(
            TestPostgres.receiverConnections(schema, StoreFixtures.guide()),
            schema,
            StoreFixtures.guide())) {
      assertThat(receiver.deliver(1, snapshot("e-201", "card-7", 12L, "Map"), Transport.PLAIN))
          .extracting(result -> result.decision().describe())
          .isEqualTo("APPLIED");
    }
  }

  @Test
  void theReceiverConnectsAsTheApplicationRoleWhichOwnsNothing() throws SQLException {
    try (Connection connection = applicationConnection();
        Statement statement = connection.createStatement()) {
      var row =
          statement.executeQuery(
              "SELECT current_user, r.rolsuper, r.rolcreaterole, r.rolcreatedb,"
                  + " (SELECT count(*) FROM pg_tables t WHERE t.tableowner = current_user)"
                  + " FROM pg_roles r WHERE r.rolname = current_user");
      assertThat(row.next()).isTrue();
      assertThat(row.getString(1)).isEqualTo(ApplicationRole.NAME);
      assertThat(List.of(row.getBoolean(2), row.getBoolean(3), row.getBoolean(4)))
          .containsOnly(false);
      assertThat(row.getLong(5)).isZero();
    }
  }

  @Test
  void theRoleCannotRewriteTheAuditOrAFirstRecord() {
    assertRefusedChangingNothing(
        "UPDATE audit SET decision = 'STALE'",
        "DELETE FROM audit",
        "TRUNCATE audit CASCADE",
        "UPDATE identity_records SET first_content = '{}'",
        "DELETE FROM held_inputs");
  }

  @Test
  void theRoleCannotSwitchOffOrDropTheGuards() {
    assertRefusedChangingNothing(
        "ALTER TABLE audit DISABLE TRIGGER audit_append_only",
        "DROP TRIGGER first_record_kept ON identity_records",
        "SET session_replication_role = replica",
        "CREATE TABLE audit_copy (seq bigint)",
        "DROP TABLE cards");
  }

  @Test
  void theRoleStillRecordsAndPrunes() {
    try (PostgresReceiver receiver =
        new PostgresReceiver(
            TestPostgres.receiverConnections(schema, StoreFixtures.guide()),
            schema,
            StoreFixtures.guide())) {
      receiver.deliver(2, snapshot("e-202", "card-7", 13L, "Map v2"), Transport.PLAIN);
      receiver.advanceClock(3, receiver.view().clock().plus(StoreFixtures.guide().retention()));
      assertThat(receiver.view().identities()).isEmpty();
      assertThat(receiver.view().card("card-7").orElseThrow().version()).isEqualTo(13L);
    }
  }

  private static void assertRefusedChangingNothing(String... changes) {
    Map<String, String> before = StoreFixtures.digest(schema);
    for (String change : changes) {
      assertRefused(change);
    }
    assertThat(StoreFixtures.digest(schema)).isEqualTo(before);
  }

  private static void assertRefused(String sql) {
    assertThatThrownBy(
            () -> {
              try (Connection connection = applicationConnection();
                  Statement statement = connection.createStatement()) {
                statement.execute(sql);
              }
            })
        .as(sql)
        .isInstanceOfSatisfying(
            SQLException.class,
            refused -> assertThat(refused.getSQLState()).isEqualTo(INSUFFICIENT_PRIVILEGE));
  }

  private static Connection applicationConnection() throws SQLException {
    return TestPostgres.receiverConnections(schema, StoreFixtures.guide()).open();
  }
}
