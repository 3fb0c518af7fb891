package io.inboxcheck.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code inboxcheck} command line; the only place that prints. */
@Command(
    name = "inboxcheck",
    mixinStandardHelpOptions = true,
    version = "inboxcheck 0.1.0",
    description = "A model-checking test harness for receivers of inbound events.",
    subcommands = {ReplayCommand.class})
public final class Main implements Runnable {

  public static void main(String[] args) {
    System.exit(run(args));
  }

  /** Runs the command line and returns its exit code, for tests. */
  public static int run(String... args) {
    CommandLine commandLine = new CommandLine(new Main());
    commandLine.setParameterExceptionHandler(
        (exception, arguments) -> {
          CommandLine command = exception.getCommandLine();
          command.getErr().println("inboxcheck: " + exception.getMessage());
          command
              .getErr()
              .println("Try '" + command.getCommandSpec().qualifiedName() + " --help'.");
          return ExitCodes.REJECTED;
        });
    return commandLine.execute(args);
  }

  @Override
  public void run() {
    new CommandLine(this).usage(System.out);
  }
}
