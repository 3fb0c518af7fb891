package io.inboxcheck.cli;

import picocli.CommandLine.Option;

/** The options of the {@code postgres} receiver, shared by every command that takes one. */
final class DatabaseMixin {
  @Option(
      names = "--jdbc-url",
      defaultValue = "${env:INBOXCHECK_JDBC_URL}",
      description = {
        "postgres only: an existing PostgreSQL server (env INBOXCHECK_JDBC_URL); each scenario",
        "runs in a fresh schema that is dropped afterwards. Default: an embedded server."
      })
  String jdbcUrl;

  @Option(
      names = "--db-user",
      defaultValue = "${env:INBOXCHECK_DB_USER}",
      description = "postgres with --jdbc-url: the user (env INBOXCHECK_DB_USER).")
  String databaseUser;

  @Option(
      names = "--db-password",
      defaultValue = "${env:INBOXCHECK_DB_PASSWORD}",
      description = "postgres with --jdbc-url: the password (env INBOXCHECK_DB_PASSWORD).")
  String databasePassword;

  ReceiverChoice.DatabaseOptions options() {
    return new ReceiverChoice.DatabaseOptions(jdbcUrl, databaseUser, databasePassword);
  }

  /**
   * The options as a replay command should repeat them: the server and user, never the password
   * (the replay reads it from INBOXCHECK_DB_PASSWORD, as the check may have).
   */
  String replayArguments() {
    StringBuilder arguments = new StringBuilder();
    if (jdbcUrl != null && !jdbcUrl.isBlank()) {
      arguments.append(" --jdbc-url ").append(ShellWords.quote(jdbcUrl));
    }
    if (databaseUser != null && !databaseUser.isBlank()) {
      arguments.append(" --db-user ").append(ShellWords.quote(databaseUser));
    }
    return arguments.toString();
  }
}
