package io.inboxcheck.cli;

import picocli.CommandLine.Option;

/** The options of {@code check --crash}, which replaces the rest of the check when given. */
final class CrashOptions {
  @Option(
      names = "--crash",
      description =
          "Instead of the above, the crash check of an exec: receiver: kills it with SIGKILL"
              + " at --seed's random points (between steps, and while a delivery may be in "
              + "flight), starts it again on the same INBOXCHECK_DATA, and checks that every "
              + "acknowledged delivery survived and the view equals the model's replay of its "
              + "audit.")
  boolean requested;

  @Option(
      names = "--kills",
      paramLabel = "N",
      description = "Kills in a --crash run (default: ${DEFAULT-VALUE}).")
  int kills = 20;
}
