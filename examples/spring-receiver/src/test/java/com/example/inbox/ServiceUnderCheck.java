package com.example.inbox;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The service as the checks start it: the packaged jar as a process of its own, on a database of
 * its own in one embedded PostgreSQL that this JVM starts on first use. A crash check kills the
 * service, never the database, so a restarted service finds what it committed.
 */
final class ServiceUnderCheck {
  private static EmbeddedPostgres postgres;

  private ServiceUnderCheck() {}

  /**
   * The command that starts the service on a fresh database {@code database}, with Spring
   * properties {@code properties} (e.g. {@code inbox.workers=3}).
   */
  static synchronized String command(String database, String... properties) {
    try {
      if (postgres == null) {
        postgres = EmbeddedPostgres.builder().start();
        Runtime.getRuntime().addShutdownHook(new Thread(ServiceUnderCheck::stopDatabase));
      }
      try (Connection admin = postgres.getPostgresDatabase().getConnection();
          Statement statement = admin.createStatement()) {
        statement.execute("DROP DATABASE IF EXISTS " + database);
        statement.execute("CREATE DATABASE " + database);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("the embedded PostgreSQL did not start", e);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create database " + database + ": " + e.getMessage(), e);
    }
    // The database's address goes in a file, not on the command line: inboxcheck names seeds and
    // counterexamples after the command, which must not change with the port of each run.
    Path settings = Path.of("target", "databases", database + ".properties");
    try {
      Files.createDirectories(settings.getParent());
      Files.writeString(
          settings,
          "spring.datasource.url=jdbc:postgresql://localhost:"
              + postgres.getPort()
              + "/"
              + database
              + "\nspring.datasource.username=postgres\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + settings, e);
    }
    // Spring properties first, as system properties: inboxcheck names a run after the command's
    // beginning, so a planted mistake shows in the verdict block's lines. A quick start matters
    // more than peak speed: the crash check starts the service many times.
    StringBuilder command = new StringBuilder("java");
    for (String property : properties) {
      command.append(" -D").append(property);
    }
    return command
        + " -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar target/spring-receiver.jar"
        + " --spring.config.import=file:"
        + settings;
  }

  private static void stopDatabase() {
    try {
      postgres.close();
    } catch (IOException ignored) {
      // the JVM is ending; the data folder is a temporary one
    }
  }
}
