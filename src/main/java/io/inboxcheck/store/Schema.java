package io.inboxcheck.store;

import io.inboxcheck.model.Card;
import io.inboxcheck.receiver.ReceiverSetup;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.regex.Pattern;

/** Creates the store's schema from the versioned SQL file on first use. */
final class Schema {
  /** The versioned schema file, on the class path. */
  static final String SCHEMA_FILE = "/db/V1__schema.sql";

  static final int VERSION = 1;

  private static final Pattern SCHEMA_NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

  private Schema() {}

  /** Whether {@code name} is a plain lower-case identifier this store accepts as a schema name. */
  static boolean validName(String name) {
    return SCHEMA_NAME.matcher(name).matches();
  }

  /**
   * Creates {@code schema} and its tables unless they exist, and stores the initial cards when the
   * store has never recorded anything. Serialised by an advisory lock, so receivers that start
   * together create it once.
   */
  static void ensure(Connection connection, String schema, ReceiverSetup setup)
      throws SQLException {
    if (!validName(schema)) {
      throw new IllegalArgumentException(
          "schema name \"" + schema + "\" is not a lower-case identifier ([a-z_][a-z0-9_]*)");
    }
    Sql.query(
        connection,
        "SELECT pg_advisory_xact_lock(hashtextextended('inboxcheck:schema', 0))",
        row -> {});
    boolean schemaExists =
        Sql.queryTrue(connection, "SELECT to_regnamespace(?) IS NOT NULL", schema);
    try (Statement statement = connection.createStatement()) {
      // An application role may not create schemas; its owner made this one already.
      if (!schemaExists) {
        statement.execute("CREATE SCHEMA " + schema);
      }
      statement.execute("SET LOCAL search_path TO " + schema);
    }
    if (!Sql.queryTrue(
        connection, "SELECT to_regclass(? || '.schema_version') IS NOT NULL", schema)) {
      try (Statement statement = connection.createStatement()) {
        statement.execute(schemaText());
      }
    }
    int[] version = new int[1];
    Sql.query(
        connection, "SELECT max(version) FROM schema_version", row -> version[0] = row.getInt(1));
    if (version[0] != VERSION) {
      throw new IllegalStateException(
          "schema " + schema + " is at version " + version[0] + "; this receiver needs " + VERSION);
    }
    if (Sql.queryTrue(
        connection,
        "SELECT NOT EXISTS (SELECT 1 FROM cards) AND NOT EXISTS (SELECT 1 FROM audit)")) {
      for (Map.Entry<String, Card> card : setup.initialCards().entrySet()) {
        Sql.update(
            connection,
            "INSERT INTO cards (object_id, version, state, paused, origin)"
                + " VALUES (?, ?, ?, ?, 'initial')",
            card.getKey(),
            card.getValue().version(),
            card.getValue().state().canonicalText(),
            card.getValue().paused());
      }
    }
  }

  static String schemaText() {
    return resourceText(SCHEMA_FILE);
  }

  /** A SQL file shipped on the class path. */
  static String resourceText(String path) {
    try (InputStream in = Schema.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException(path + " is missing from the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
