package io.inboxcheck.cli;

import io.inboxcheck.http.HttpReceivers;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.report.ShellWords;
import io.inboxcheck.suite.Jobs;
import java.util.ArrayList;
import java.util.List;
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
   * The receivers of {@code count} jobs ({@code check --jobs}): job 0's are {@code first}, and each
   * other job builds its own from the same {@code receiver} text, as another run of the command
   * would: an {@code exec:} command started once more (its own process, data folder and port), a
   * class, the model or {@code postgres} (its own embedded server, or its own schemas on {@code
   * --jdbc-url}) made anew. A receiver at an {@code http:URL} is one running service that every
   * scenario resets, so it has no copy: more than one job is refused, null with {@code problem}
   * filled.
   */
  Jobs jobs(
      String receiver, Function<ReceiverSetup, Receiver> first, int count, StringBuilder problem) {
    if (count > 1 && receiver.startsWith(HttpReceivers.HTTP_PREFIX)) {
      problem
          .append("--jobs ")
          .append(count)
          .append(": a receiver at one URL cannot be copied, and every job needs its own;")
          .append(" give exec:COMMAND (started once per job) or --jobs 1");
      return null;
    }
    List<Function<ReceiverSetup, Receiver>> all = new ArrayList<>(List.of(first));
    for (int job = 1; job < count; job++) {
      Function<ReceiverSetup, Receiver> another = receivers(receiver, problem);
      if (another == null) {
        return null;
      }
      all.add(another);
    }
    return new Jobs(all);
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
