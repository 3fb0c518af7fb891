package io.inboxcheck.store;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Refuses a server whose settings would let COMMIT return before the record is durable: with those,
 * an ACK could outlive the decision it acknowledges (docs/storage-boundary.md 8).
 */
final class Durability {
  private Durability() {}

  static void check(Connection connection) throws SQLException {
    StringBuilder problems = new StringBuilder();
    Sql.query(
        connection,
        "SELECT name, setting FROM pg_settings"
            + " WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes')",
        row -> {
          String name = row.getString("name");
          String setting = row.getString("setting");
          if ("off".equals(setting)) {
            problems.append(problems.length() == 0 ? "" : ", ").append(name).append(" = off");
          }
        });
    if (problems.length() > 0) {
      throw new IllegalStateException(
          "refusing a server with "
              + problems
              + ": a crash could lose an acknowledged decision; set them to on");
    }
  }
}
