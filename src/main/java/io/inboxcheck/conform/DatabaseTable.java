package io.inboxcheck.conform;

import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.StrictJson;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * A log read straight from a database table over JDBC: the rows of one query, in its order, in a
 * read-only transaction, fetched a batch at a time so a table of millions of rows is streamed. The
 * query's column labels name the fields, as a CSV header does.
 */
public final class DatabaseTable implements LogSource {
  /** Rows fetched per round trip: few enough to stream, enough to keep the round trips cheap. */
  static final int FETCH_SIZE = 10_000;

  private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

  private final String jdbcUrl;
  private final String user;
  private final String password;
  private final String schema;
  private final String query;
  private final Map<String, String> columns;

  /**
   * @param password the password from the environment, never from the command line; may be null
   * @param schema the schema the query's unqualified names resolve in, or null for the default
   */
  public DatabaseTable(
      String jdbcUrl,
      String user,
      String password,
      String schema,
      String query,
      Map<String, String> columns) {
    this.jdbcUrl = jdbcUrl;
    this.user = user;
    this.password = password;
    this.schema = schema;
    this.query = query;
    this.columns = Map.copyOf(columns);
  }

  /** Whether {@code schema} is a plain lower-case identifier, the only kind accepted. */
  public static boolean plainSchemaName(String schema) {
    return IDENTIFIER.matcher(schema).matches();
  }

  @Override
  public String name() {
    return jdbcUrl.replaceAll("password=[^&]*", "password=***")
        + (schema == null ? "" : " schema " + schema);
  }

  @Override
  public Lines open() throws InputRejected {
    Connection connection = null;
    try {
      Properties properties = new Properties();
      if (user != null && !user.isBlank()) {
        properties.setProperty("user", user);
      }
      if (password != null && !password.isEmpty()) {
        properties.setProperty("password", password);
      }
      connection = DriverManager.getConnection(jdbcUrl, properties);
      // Read only: a query that would change the receiver's records fails instead.
      connection.setAutoCommit(false);
      connection.setReadOnly(true);
      Statement statement = connection.createStatement();
      if (schema != null) {
        statement.execute("SET LOCAL search_path TO " + schema);
      }
      statement.setFetchSize(FETCH_SIZE);
      ResultSet rows = statement.executeQuery(query);
      return new Rows(name(), connection, rows, layout(rows.getMetaData()));
    } catch (SQLException e) {
      close(connection);
      throw new InputRejected(name(), "the query", oneLine(e));
    } catch (InputRejected rejected) {
      close(connection);
      throw rejected;
    }
  }

  private RowLayout layout(ResultSetMetaData metadata) throws SQLException, InputRejected {
    List<String> labels = new ArrayList<>();
    for (int column = 1; column <= metadata.getColumnCount(); column++) {
      labels.add(metadata.getColumnLabel(column));
    }
    return RowLayout.of(name(), labels, columns);
  }

  static String oneLine(SQLException e) {
    String message = e.getMessage() == null ? e.toString() : e.getMessage();
    return message.lines().findFirst().orElse(message) + " (SQLSTATE " + e.getSQLState() + ")";
  }

  private static void close(Connection connection) {
    if (connection != null) {
      try {
        connection.rollback();
        connection.close();
      } catch (SQLException e) {
        // Nothing was written in the read-only transaction: failing to end it changes nothing.
      }
    }
  }

  /** The rows of one open query. */
  private static final class Rows implements Lines {
    private final String source;
    private final Connection connection;
    private final ResultSet rows;
    private final RowLayout layout;
    private final int[] types;
    private final StrictJson json = new StrictJson();
    private long number;

    Rows(String source, Connection connection, ResultSet rows, RowLayout layout)
        throws SQLException {
      this.source = source;
      this.connection = connection;
      this.rows = rows;
      this.layout = layout;
      ResultSetMetaData metadata = rows.getMetaData();
      this.types = new int[metadata.getColumnCount()];
      for (int column = 0; column < types.length; column++) {
        types[column] = metadata.getColumnType(column + 1);
      }
    }

    @Override
    public LineFields next() throws InputRejected {
      try {
        if (!rows.next()) {
          return null;
        }
        number++;
        Object[] cells = new Object[types.length];
        for (int column = 0; column < types.length; column++) {
          cells[column] = cell(column + 1, types[column]);
        }
        return new RowFields(LinePosition.row(source, number), layout, cells, json);
      } catch (SQLException e) {
        throw new InputRejected(source, "row " + (number + 1), oneLine(e));
      }
    }

    private Object cell(int column, int type) throws SQLException {
      return switch (type) {
        case Types.TIMESTAMP_WITH_TIMEZONE, Types.TIMESTAMP ->
            rows.getObject(column, OffsetDateTime.class);
        case Types.BOOLEAN, Types.BIT -> {
          boolean value = rows.getBoolean(column);
          yield rows.wasNull() ? null : value;
        }
        default -> rows.getString(column);
      };
    }

    @Override
    public void close() {
      DatabaseTable.close(connection);
    }
  }
}
