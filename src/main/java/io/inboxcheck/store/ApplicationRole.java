package io.inboxcheck.store;

import io.inboxcheck.receiver.ReceiverSetup;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Least privilege (docs/postgres.md, "Roles"): the schema's owner migrates it, and the receiver
 * runs as an application role that may read and append but owns nothing. The database then refuses
 * the role what the append-only triggers refuse everybody, and the role cannot drop the triggers or
 * switch them off ({@code session_replication_role} needs a superuser).
 */
public final class ApplicationRole {
  /** The role the embedded server's receivers connect as. */
  public static final String NAME = "inboxcheck_app";

  static final String GRANTS_FILE = "/db/application_grants.sql";

  private ApplicationRole() {}

  /** Creates {@code role} unless it exists: it may log in, and holds no other attribute. */
  static void create(Connection owner, String role) throws SQLException {
    requirePlainName(role);
    try (Statement statement = owner.createStatement()) {
      statement.execute(
          "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '"
              + role
              + "') THEN CREATE ROLE "
              + role
              + " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;"
              + " END IF; END $$");
    }
  }

  /**
   * As the owner: creates {@code schema} from the versioned SQL file with its initial cards, then
   * grants {@code role} exactly what a receiver needs in it. One transaction.
   */
  static void prepare(ConnectionSource owner, String schema, ReceiverSetup setup, String role) {
    requirePlainName(role);
    try (Connection connection = owner.open()) {
      connection.setAutoCommit(false);
      Schema.ensure(connection, schema, setup);
      // Receivers sharing a schema prepare it in turn; granting twice at once can collide.
      if (!Sql.queryTrue(connection, "SELECT has_schema_privilege(?, ?, 'USAGE')", role, schema)) {
        try (Statement statement = connection.createStatement()) {
          String grants = Schema.resourceText(GRANTS_FILE);
          statement.execute(grants.replace("{schema}", schema).replace("{role}", role));
        }
      }
      connection.commit();
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot prepare schema " + schema + " for role " + role + ": " + e.getMessage(), e);
    }
  }

  private static void requirePlainName(String role) {
    if (!Schema.validName(role)) {
      throw new IllegalArgumentException(
          "role name \"" + role + "\" is not a lower-case identifier ([a-z_][a-z0-9_]*)");
    }
  }
}
