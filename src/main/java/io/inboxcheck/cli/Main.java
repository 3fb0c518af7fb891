package io.inboxcheck.cli;

import io.inboxcheck.http.ReceiverFailure;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The {@code inboxcheck} command line; the only place that prints. */
@Command(
    name = "inboxcheck",
    mixinStandardHelpOptions = true,
    version = "inboxcheck 0.1.0",
    description = "A model-checking test harness for receivers of inbound events.",
    subcommands = {
      ReplayCommand.class,
      CheckCommand.class,
      ExploreCommand.class,
      BenchCommand.class,
      ProfilesCommand.class
    })
public final class Main implements Runnable {

  @Spec CommandSpec spec;

  public static void main(String[] args) {
    System.exit(run(args));
  }

  /** Runs the command line and returns its exit code, for tests. */
  public static int run(String... args) {
    return run(
        new PrintWriter(System.out, true, StandardCharsets.UTF_8),
        new PrintWriter(System.err, true, StandardCharsets.UTF_8),
        args);
  }

  /** Runs the command line with the given streams and returns its exit code. */
  public static int run(PrintWriter out, PrintWriter err, String... args) {
    CommandLine commandLine = new CommandLine(new Main());
    commandLine.setOut(out);
    commandLine.setErr(err);
    commandLine.setExecutionExceptionHandler(
        (exception, command, parseResult) -> {
          if (exception instanceof ReceiverFailure failure) {
            // A receiver over HTTP that hangs or answers garbage is a finding about it.
            command.getErr().println("inboxcheck: " + failure.getMessage());
            return ExitCodes.FAILED;
          }
          // A bug in inboxcheck itself: still one line, never a stack trace.
          command.getErr().println("inboxcheck: internal error: " + exception);
          return ExitCodes.INTERNAL_ERROR;
        });
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
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
