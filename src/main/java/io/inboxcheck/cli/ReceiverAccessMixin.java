package io.inboxcheck.cli;

import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.function.Function;
import picocli.CommandLine.Option;

/**
 * How to reach the receiver a {@code --receiver} names: the control secret of one over HTTP that is
 * already running ({@code http:URL}, see docs/receiver-protocol.md) and the options of the {@code
 * postgres} receiver, shared by every command that takes a receiver.
 */
final class ReceiverAccessMixin {
  @Option(
      names = "--receiver-secret",
      defaultValue = "${env:INBOXCHECK_CONTROL_SECRET}",
      description =
          "http:URL only: the control secret the running receiver was started with (env"
              + " INBOXCHECK_CONTROL_SECRET). exec: receivers get a fresh one from inboxcheck.")
  String secret;

  @Option(
      names = "--jdbc-url",
      defaultValue = "${env:INBOXCHECK_JDBC_URL}",
      description =
          "postgres only: an existing PostgreSQL server (env INBOXCHECK_JDBC_URL); each scenario"
              + " runs in a fresh schema that is dropped afterwards. Default: an embedded server.")
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

  /** The receivers {@code receiver} names, or null with the reason appended to {@code problem}. */
  Function<ReceiverSetup, Receiver> receivers(String receiver, StringBuilder problem) {
    return ReceiverChoice.parse(
        receiver,
        new ReceiverChoice.DatabaseOptions(jdbcUrl, databaseUser, databasePassword),
        secret,
        problem);
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
