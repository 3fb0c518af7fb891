package io.inboxcheck.cli;

import io.inboxcheck.modes.CrashCheck;
import picocli.CommandLine.Option;

/** The options of {@code check --crash}, which replaces the rest of the check when given. */
final class CrashOptions {
  @Option(
      names = "--crash",
      description =
          "Instead of the above, the crash check of an exec: receiver: kills it with SIGKILL"
              + " right after an answer, while a delivery, a reconciliation or a clock move is in"
              + " flight, between steps and again while it starts up, at points drawn from "
              + "--seed; starts it again on the same INBOXCHECK_DATA, and checks that every "
              + "acknowledged delivery survived and the view equals the model's replay of its "
              + "audit. Prints the kills by where they landed; a failure is shrunk to the "
              + "fewest steps and kills and printed with the --reproduce code that reruns it.")
  boolean requested;

  @Option(
      names = "--kills",
      paramLabel = "N",
      description = "Kills in a --crash run (default: ${DEFAULT-VALUE}).")
  int kills = CrashCheck.DEFAULT_KILLS;
}
