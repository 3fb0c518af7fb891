package io.inboxcheck.store;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/** Small JDBC helpers; every statement a transaction runs goes through a prepared statement. */
final class Sql {
  /** What separates the statements of a multi-statement. */
  static final String SEPARATOR = ";\n";

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

  /**
   * Runs {@code statements} as one multi-statement, which the driver sends in one round trip, and
   * hands each statement's result to {@code reader} in order: its rows, or its update count.
   */
  static void pipeline(Connection connection, List<Bound> statements, ResultReader reader)
      throws SQLException {
    StringBuilder sql = new StringBuilder();
    List<Object> values = new ArrayList<>();
    for (Bound statement : statements) {
      if (sql.length() > 0) {
        sql.append(SEPARATOR);
      }
      sql.append(statement.sql());
      values.addAll(Arrays.asList(statement.values()));
    }
    pipeline(connection, sql.toString(), values.toArray(), reader);
  }

  /** Runs the multi-statement {@code sql} with {@code values} in one round trip, as above. */
  static void pipeline(Connection connection, String sql, Object[] values, ResultReader reader)
      throws SQLException {
    try (PreparedStatement statement = prepare(connection, sql, values)) {
      boolean rows = statement.execute();
      for (int index = 0; ; index++) {
        if (rows) {
          try (ResultSet result = statement.getResultSet()) {
            reader.read(index, result, -1);
          }
        } else {
          int count = statement.getUpdateCount();
          if (count == -1) {
            return;
          }
          reader.read(index, null, count);
        }
        rows = statement.getMoreResults();
      }
    }
  }

  /** Reads the result of the statement at {@code index} of a pipeline. */
  @FunctionalInterface
  interface ResultReader {
    /**
     * @param rows the statement's rows, or null when it returned none
     * @param updateCount its update count, or -1 when it returned rows
     */
    void read(int index, ResultSet rows, int updateCount) throws SQLException;
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

  /** A statement and the values of its {@code ?} placeholders, in order. */
  record Bound(String sql, Object... values) {}

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
