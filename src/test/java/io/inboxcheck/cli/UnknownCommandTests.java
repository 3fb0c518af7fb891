package io.inboxcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/** An unknown command is exit 2 with one line, whatever comes before or after it. */
class UnknownCommandTests {
  private static final Set<String> COMMANDS = new CommandLine(new Main()).getSubcommands().keySet();

  @ParameterizedTest(name = "inboxcheck {0}")
  @ValueSource(
      strings = {
        "NOSUCH",
        "NOSUCH --help",
        "NOSUCH -h",
        "NOSUCH --version",
        "NOSUCH replay scenarios",
        "--help NOSUCH",
        "-- NOSUCH",
        "chek --receiver model"
      })
  void isRejectedWithOneLineNamingItAndTheCommands(String arguments) {
    CommandRun run = CommandRun.of(arguments.split(" "));
    String command = arguments.replaceFirst("^(--help |-- )", "").split(" ")[0];

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).as("no help page, no version").isEmpty();
    assertThat(run.err().lines())
        .containsExactly(
            "inboxcheck: unknown command \""
                + command
                + "\"; the commands are "
                + String.join(", ", COMMANDS)
                + " (inboxcheck --help)");
    assertThat(COMMANDS).startsWith("replay", "check");
  }

  @ParameterizedTest(name = "inboxcheck {0}")
  @ValueSource(strings = {"--help", "-h", "replay --help", "--version", "check -h"})
  void knownCommandsAndTheTopLevelOptionsStillAnswer(String arguments) {
    CommandRun run = CommandRun.of(arguments.split(" "));

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).isNotEmpty();
    assertThat(run.err()).isEmpty();
  }
}
