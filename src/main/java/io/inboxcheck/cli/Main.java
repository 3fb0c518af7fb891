package io.inboxcheck.cli;

import io.inboxcheck.http.ReceiverFailure;
import io.inboxcheck.receiver.ViewContradiction;
import io.inboxcheck.store.EmbeddedBinaries;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.TextTable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;
import picocli.CommandLine.Spec;

/** The {@code inboxcheck} command line; the only place that prints. */
@Command(
    name = "inboxcheck",
    mixinStandardHelpOptions = true,
    versionProvider = VersionLines.class,
    description = "A model-checking test harness for receivers of inbound events.",
    subcommands = {
      ReplayCommand.class,
      CheckCommand.class,
      ExploreCommand.class,
      BenchCommand.class,
      ProfilesCommand.class,
      ConformCommand.class
    })
public final class Main implements Runnable {
  /** A sentence ends at a full stop followed by a capital letter or the end ("e.g. x" goes on). */
  private static final Pattern FIRST_SENTENCE = Pattern.compile("^(.+?[.!?])(?=\\s+[A-Z]|\\s*$)");

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
    commandLine
        .getHelpSectionMap()
        .put(UsageMessageSpec.SECTION_KEY_COMMAND_LIST, Main::commandList);
    HelpWrapping.install(commandLine);
    commandLine.setOut(out);
    commandLine.setErr(err);
    commandLine.setExecutionExceptionHandler(
        (exception, command, parseResult) -> {
          if (exception instanceof ReceiverFailure failure) {
            // A receiver over HTTP that hangs or answers garbage is a finding about it.
            command.getErr().println("inboxcheck: " + failure.getMessage());
            return ExitCodes.FAILED;
          }
          if (exception instanceof EmbeddedBinaries.Missing missing) {
            // The machine lacks what the postgres receiver needs: say what to add, in one line.
            command.getErr().println("inboxcheck: " + missing.getMessage());
            return ExitCodes.REJECTED;
          }
          if (exception instanceof ViewContradiction contradiction) {
            // Read outside a checked run (a crash or concurrency check): still a finding.
            command
                .getErr()
                .println(
                    "inboxcheck: the receiver's view contradicts its audit: "
                        + contradiction.getMessage());
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
    Optional<String> unknown = unknownCommand(commandLine, args);
    if (unknown.isPresent()) {
      // Whatever follows (even --help), an unknown command is a mistake to name, not to forgive.
      err.println(
          "inboxcheck: unknown command \""
              + unknown.get()
              + "\"; the commands are "
              + String.join(", ", commandLine.getSubcommands().keySet())
              + " (inboxcheck --help)");
      err.flush();
      return ExitCodes.REJECTED;
    }
    return commandLine.execute(args);
  }

  /**
   * The list of commands in {@code inboxcheck --help}, each with the first whole sentence of its
   * description. Picocli would show the first line of the description, which for a description
   * written over several lines stops mid-sentence.
   */
  private static String commandList(Help help) {
    Map<String, Help> commands = help.subcommands();
    if (commands.isEmpty()) {
      return "";
    }
    int nameWidth = commands.keySet().stream().mapToInt(String::length).max().orElse(0) + 4;
    int width = help.commandSpec().usageMessage().width();
    TextTable table =
        TextTable.forColumns(
            help.colorScheme(),
            new Column(nameWidth, 2, Column.Overflow.SPAN),
            new Column(width - nameWidth, 2, Column.Overflow.WRAP));
    commands.forEach((name, command) -> table.addRowValues(name, summary(command.commandSpec())));
    return table.toString();
  }

  /** A command's header when it has one, else the first sentence of its description. */
  static String summary(CommandSpec command) {
    String[] header = command.usageMessage().header();
    String text =
        String.join(" ", header.length > 0 ? header : command.usageMessage().description())
            .replaceAll("\\s+", " ")
            .strip();
    Matcher sentence = FIRST_SENTENCE.matcher(text);
    return sentence.find() ? sentence.group(1) : text;
  }

  /**
   * The first argument that stands where a command goes (after the top-level options and their
   * values) when it names no command.
   */
  private static Optional<String> unknownCommand(CommandLine commandLine, String... args) {
    CommandSpec top = commandLine.getCommandSpec();
    boolean optionsEnded = false;
    for (int index = 0; index < args.length; index++) {
      String argument = args[index];
      if (argument.equals("--") && !optionsEnded) {
        optionsEnded = true;
        continue;
      }
      if (argument.startsWith("-") && !optionsEnded) {
        OptionSpec option = top.findOption(argument);
        boolean valueFollows =
            option != null && option.arity().max() > 0 && !argument.contains("=");
        index += valueFollows ? 1 : 0;
        continue;
      }
      return commandLine.getSubcommands().containsKey(argument)
          ? Optional.empty()
          : Optional.of(argument);
    }
    return Optional.empty();
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
