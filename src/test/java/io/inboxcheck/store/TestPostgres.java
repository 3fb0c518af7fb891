package io.inboxcheck.store;

import io.inboxcheck.receiver.ReceiverSetup;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One embedded PostgreSQL per test JVM, shared by every test; each receiver gets a fresh schema, so
 * tests never see each other's rows and nobody waits for a second server to start.
 */
final class TestPostgres {
  private static final AtomicInteger SCHEMAS = new AtomicInteger();
  private static EmbeddedServer server;
  private static PostgresReceiver lastFresh;

  private TestPostgres() {}

  static synchronized EmbeddedServer server() {
    if (server == null) {
      server = EmbeddedServer.start();
      Runtime.getRuntime().addShutdownHook(new Thread(server::close));
    }
    return server;
  }

  /** A schema name no other test in this JVM uses. */
  static String freshSchema(String prefix) {
    return prefix + "_" + ProcessHandle.current().pid() + "_" + SCHEMAS.incrementAndGet();
  }

  /** Connections as the owner of every schema: for setting up and inspecting, not for receivers. */
  static ConnectionSource connections(String schema) {
    return server().connections(schema);
  }

  /**
   * What receivers connect with: the least-privileged application role, after the owner created
   * {@code schema} with {@code setup}'s initial cards (docs/postgres.md, "Roles").
   */
  static ConnectionSource receiverConnections(String schema, ReceiverSetup setup) {
    return server().applicationConnections(schema, setup);
  }

  /**
   * A receiver on a fresh schema: what a factory hands each generated scenario. Harness runs are
   * sequential and never touch a receiver after the next one is made, so the previous one is closed
   * here; otherwise every scenario of a property run would keep two connections open.
   */
  static synchronized PostgresReceiver freshReceiver(ReceiverSetup setup) {
    String schema;
    if (lastFresh != null) {
      lastFresh.close();
      schema = lastFresh.schema();
      empty(schema);
    } else {
      schema = freshSchema("t");
    }
    lastFresh = new PostgresReceiver(receiverConnections(schema, setup), schema, setup);
    return lastFresh;
  }

  /**
   * Deletes every row of a test schema, so the next receiver starts from its own initial cards
   * without the cost of creating a schema. The append-only triggers are bypassed the only way a
   * superuser can: replica mode skips ordinary triggers for this transaction.
   */
  static void empty(String schema) {
    try (Connection connection = connections(schema).open();
        Statement statement = connection.createStatement()) {
      connection.setAutoCommit(false);
      statement.execute(
          "SET LOCAL session_replication_role = replica;"
              + " DELETE FROM held_inputs; DELETE FROM identity_variants;"
              + " DELETE FROM identity_records; DELETE FROM cards; DELETE FROM audit");
      connection.commit();
    } catch (SQLException e) {
      throw new IllegalStateException("cannot empty test schema " + schema, e);
    }
  }

  /** A receiver on an existing schema calling {@code hook} at each race window. */
  static PostgresReceiver receiver(String schema, ReceiverSetup setup, RaceHook hook) {
    return new PostgresReceiver(receiverConnections(schema, setup), schema, setup, hook);
  }

  /**
   * Connections to an existing schema, as the application role, with {@code planted} in the SQL the
   * receiver sends (none: the store as built).
   */
  static PlantedConnections plantedConnections(
      String schema, ReceiverSetup setup, Set<PlantedMistake> planted) {
    return new PlantedConnections(receiverConnections(schema, setup), schema, planted);
  }
}
