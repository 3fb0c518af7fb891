package io.inboxcheck.store;

import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Hands out PostgreSQL receivers, each on a fresh schema so every scenario starts from its own
 * initial state: on an existing server when a JDBC URL is given, else on an embedded one started on
 * first use. Closing drops the scratch schemas and stops the embedded server.
 */
public final class PostgresReceivers implements Function<ReceiverSetup, Receiver>, AutoCloseable {
  private final String jdbcUrl;
  private final String user;
  private final String password;

  /** Factories made in this process so far: two made in one millisecond (two jobs) differ. */
  private static final AtomicInteger MADE = new AtomicInteger();

  private final String runId =
      Long.toString(System.currentTimeMillis(), 36) + "_" + MADE.incrementAndGet();
  private final List<PostgresReceiver> opened = new ArrayList<>();
  private EmbeddedServer embedded;

  /** Receivers on {@code jdbcUrl}, or on an embedded server when it is null or blank. */
  public PostgresReceivers(String jdbcUrl, String user, String password) {
    boolean given = jdbcUrl != null && !jdbcUrl.isBlank();
    this.jdbcUrl = given ? jdbcUrl : null;
    this.user = given ? user : EmbeddedServer.USER;
    this.password = given ? password : null;
  }

  @Override
  public Receiver apply(ReceiverSetup setup) {
    String schema = "inboxcheck_" + runId + "_" + (opened.size() + 1);
    PostgresReceiver receiver =
        new PostgresReceiver(receiverConnections(schema, setup), schema, setup);
    opened.add(receiver);
    return receiver;
  }

  /**
   * A receiver on a fresh schema that takes {@code connections} deliveries at once, one connection
   * each ({@code check --concurrency}); closed with the rest.
   */
  public SharedPostgresReceiver concurrent(ReceiverSetup setup, int connections) {
    String schema = "inboxcheck_" + runId + "_" + (opened.size() + 1);
    SharedPostgresReceiver shared =
        new SharedPostgresReceiver(
            receiverConnections(schema, setup), schema, setup, RaceHook.NONE, connections);
    opened.addAll(shared.members());
    return shared;
  }

  /**
   * What the receiver connects with: on the embedded server, the least-privileged application role;
   * on a given server, the user given (whose grants are the operator's business).
   */
  private ConnectionSource receiverConnections(String schema, ReceiverSetup setup) {
    if (jdbcUrl != null) {
      return connections(schema);
    }
    return embedded().applicationConnections(schema, setup);
  }

  private ConnectionSource connections(String schema) {
    if (jdbcUrl != null) {
      return ConnectionSource.jdbc(jdbcUrl, user, password, schema);
    }
    return embedded().connections(schema);
  }

  /** The embedded server, started on first use. */
  private EmbeddedServer embedded() {
    if (embedded == null) {
      embedded = EmbeddedServer.start();
    }
    return embedded;
  }

  @Override
  public void close() {
    for (PostgresReceiver receiver : opened) {
      receiver.close();
      if (jdbcUrl != null) {
        dropSchema(receiver.schema());
      }
    }
    opened.clear();
    if (embedded != null) {
      embedded.close();
      embedded = null;
    }
  }

  private void dropSchema(String schema) {
    try (Connection connection = connections(schema).open();
        Statement statement = connection.createStatement()) {
      statement.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    } catch (SQLException e) {
      throw new IllegalStateException("cannot drop scratch schema " + schema, e);
    }
  }
}
