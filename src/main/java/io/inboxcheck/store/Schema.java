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
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** Creates the store's schema from the versioned SQL files on first use, and migrates it. */
final class Schema {
  /** The versioned schema files on the class path, in order: file {@code i} makes version i+1. */
  static final List<String> MIGRATIONS =
      List.of(
          "/db/V1__schema.sql",
          "/db/V2__enum_columns.sql",
          "/db/V3__lean_writes.sql",
          "/db/V4__lock_card.sql");

  static final int VERSION = MIGRATIONS.size();

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
    int version = 0;
    if (Sql.queryTrue(
        connection, "SELECT to_regclass(? || '.schema_version') IS NOT NULL", schema)) {
      int[] found = new int[1];
      Sql.query(
          connection, "SELECT max(version) FROM schema_version", row -> found[0] = row.getInt(1));
      version = found[0];
    }
    if (version > VERSION) {
      throw new IllegalStateException(
          "schema " + schema + " is at version " + version + "; this receiver needs " + VERSION);
    }
    // Each file applies once, in order, in the caller's transaction: a failed one leaves nothing.
    for (int next = version; next < VERSION; next++) {
      try (Statement statement = connection.createStatement()) {
        statement.execute(resourceText(MIGRATIONS.get(next)));
      }
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
