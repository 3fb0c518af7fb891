package io.inboxcheck.store;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/** Opens connections to one schema of one PostgreSQL database; each receiver owns its own. */
@FunctionalInterface
public interface ConnectionSource {

  /** A new connection whose search path is the receiver's schema. */
  Connection open() throws SQLException;

  /**
   * Connections through PgJDBC to {@code jdbcUrl}, as {@code user} (and {@code password} when not
   * null), with {@code schema} as the search path.
   */
  static ConnectionSource jdbc(String jdbcUrl, String user, String password, String schema) {
    return () -> {
      Properties properties = new Properties();
      if (user != null) {
        properties.setProperty("user", user);
      }
      if (password != null) {
        properties.setProperty("password", password);
      }
      properties.setProperty("currentSchema", schema);
      // Every wait is bounded (docs/storage-boundary.md 8): a dead server never hangs a receiver.
      properties.setProperty("connectTimeout", "10");
      properties.setProperty("tcpKeepAlive", "true");
      return DriverManager.getConnection(jdbcUrl, properties);
    };
  }
}
