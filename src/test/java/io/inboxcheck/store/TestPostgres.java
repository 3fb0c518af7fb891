package io.inboxcheck.store;

import io.inboxcheck.receiver.ReceiverSetup;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One embedded PostgreSQL per test JVM, shared by every test; each receiver gets a fresh schema, so
 * tests never see each other's rows and nobody waits for a second server to start.
 */
final class TestPostgres {
  private static final AtomicInteger SCHEMAS = new AtomicInteger();
  private static EmbeddedServer server;

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

  static ConnectionSource connections(String schema) {
    return server().connections(schema);
  }

  /** A receiver on a fresh schema: what a factory hands each generated scenario. */
  static PostgresReceiver freshReceiver(ReceiverSetup setup) {
    String schema = freshSchema("t");
    return new PostgresReceiver(connections(schema), schema, setup);
  }

  /** A receiver on an existing schema, with the lock protocol and race window given. */
  static PostgresReceiver receiver(
      String schema, ReceiverSetup setup, boolean cardLocks, Duration raceWindow) {
    return new PostgresReceiver(connections(schema), schema, setup, cardLocks, raceWindow);
  }
}
