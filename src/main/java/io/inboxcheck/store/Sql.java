package io.inboxcheck.store;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;

/** Small JDBC helpers; every statement a transaction runs goes through a prepared statement. */
final class Sql {
  private Sql() {}

  /** Binds {@code values} in order; a {@code Collection<String>} becomes a {@code text[]}. */
  static PreparedStatement prepare(Connection connection, String sql, Object... values)
      throws SQLException {
    PreparedStatement statement = connection.prepareStatement(sql);
    try {
      for (int index = 0; index < values.length; index++) {
        Object value = values[index];
        if (value instanceof Collection<?> names) {
          Array array = connection.createArrayOf("text", names.toArray());
          statement.setArray(index + 1, array);
        } else {
          statement.setObject(index + 1, value);
        }
      }
      return statement;
    } catch (SQLException e) {
      statement.close();
      throw e;
    }
  }

  /** Runs a statement that returns nothing of interest; returns the update count. */
  static int update(Connection connection, String sql, Object... values) throws SQLException {
    try (PreparedStatement statement = prepare(connection, sql, values)) {
      if (statement.execute()) {
        return 0;
      }
      return statement.getUpdateCount();
    }
  }

  /** Runs a query and hands every row to {@code reader}. */
  static void query(Connection connection, String sql, RowReader reader, Object... values)
      throws SQLException {
    try (PreparedStatement statement = prepare(connection, sql, values);
        ResultSet rows = statement.executeQuery()) {
      while (rows.next()) {
        reader.read(rows);
      }
    }
  }

  /** Runs an {@code INSERT ... RETURNING seq} and returns the one value. */
  static long insertReturning(Connection connection, String sql, Object... values)
      throws SQLException {
    return one(connection, sql, row -> row.getLong(1), values);
  }

  /**
   * Runs a query whose one row holds one boolean, e.g. {@code SELECT to_regclass(?) IS NOT NULL}.
   */
  static boolean queryTrue(Connection connection, String sql, Object... values)
      throws SQLException {
    return one(connection, sql, row -> row.getBoolean(1), values);
  }

  private static <T> T one(Connection connection, String sql, RowValue<T> value, Object... values)
      throws SQLException {
    try (PreparedStatement statement = prepare(connection, sql, values);
        ResultSet rows = statement.executeQuery()) {
      if (!rows.next()) {
        throw new SQLException("no row returned by: " + sql);
      }
      return value.read(rows);
    }
  }

  /** Reads one value from a result row. */
  @FunctionalInterface
  private interface RowValue<T> {
    T read(ResultSet row) throws SQLException;
  }

  /** Reads one result row. */
  @FunctionalInterface
  interface RowReader {
    void read(ResultSet row) throws SQLException;
  }
}
