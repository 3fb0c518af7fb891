package io.inboxcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.http.HttpReceiver;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** {@code inboxcheck --help} lists every command with a whole sentence; --version says both. */
class HelpAndVersionTests {

  private static String flat(String text) {
    return text.replaceAll("\\s+", " ").strip();
  }

  @Test
  void theCommandListShowsAWholeFirstSentenceOfEveryCommand() {
    CommandRun help = CommandRun.of("--help");
    Map<String, CommandLine> commands = new CommandLine(new Main()).getSubcommands();

    assertThat(help.exitCode()).isZero();
    assertThat(commands).containsKeys("replay", "check", "explore", "bench", "profiles");
    for (Map.Entry<String, CommandLine> command : commands.entrySet()) {
      CommandSpec spec = command.getValue().getCommandSpec();
      String summary = Main.summary(spec);
      String description = flat(String.join(" ", spec.usageMessage().description()));

      assertThat(summary).as(command.getKey()).endsWith(".").matches("^[A-Z].*");
      assertThat(description).as(command.getKey()).startsWith(summary);
      assertThat(summary.chars().filter(c -> c == '(').count())
          .as("%s: parentheses closed in %s", command.getKey(), summary)
          .isEqualTo(summary.chars().filter(c -> c == ')').count());
      assertThat(flat(help.out())).contains(command.getKey() + " " + summary);
    }
  }

  @Test
  void noListedCommandStopsMidSentence() {
    String out = CommandRun.of("--help").out();
    String list = out.substring(out.indexOf("Commands:"));
    // Each entry runs from its name to the next name; every one must end a sentence.
    Matcher entries =
        Pattern.compile("(?m)^  (\\S+)\\s+(.+?)(?=^  \\S|\\z)", Pattern.DOTALL).matcher(list);
    int found = 0;
    while (entries.find()) {
      found++;
      assertThat(flat(entries.group(2))).as(entries.group(1)).endsWith(".");
    }
    assertThat(found).isEqualTo(new CommandLine(new Main()).getSubcommands().size());
  }

  @Test
  void aDocumentNamedInACommandsHelpStaysWholeOnOneLine() {
    Pattern document = Pattern.compile("docs/[a-z-]+\\.md");
    int named = 0;
    for (String command : new CommandLine(new Main()).getSubcommands().keySet()) {
      CommandSpec spec = new CommandLine(new Main()).getSubcommands().get(command).getCommandSpec();
      String help = CommandRun.of(command, "--help").out();
      Matcher inDescription =
          document.matcher(flat(String.join(" ", spec.usageMessage().description())));
      while (inDescription.find()) {
        named++;
        assertThat(help).as("%s --help", command).contains(inDescription.group());
      }
    }
    assertThat(named).as("documents named in the commands' descriptions").isPositive();
  }

  @Test
  void aDescriptionWrittenOverLinesIsSummarisedAtItsFirstFullStop() {
    CommandSpec spec = CommandSpec.create();
    spec.usageMessage()
        .description(
            "Runs every order (identical deliveries are one class;",
            "the rest keep their places, e.g. advances), and reports.",
            "Exit codes: 0.");

    assertThat(Main.summary(spec))
        .isEqualTo(
            "Runs every order (identical deliveries are one class; the rest keep their places,"
                + " e.g. advances), and reports.");

    spec.usageMessage().header("One line of its own.");
    assertThat(Main.summary(spec)).isEqualTo("One line of its own.");
  }

  @Test
  void versionPrintsTheProjectVersionAndTheReceiverProtocol() throws IOException {
    String pom = Files.readString(ProjectPaths.root().resolve("pom.xml"));
    Matcher version =
        Pattern.compile("<artifactId>inboxcheck</artifactId>\\s*<version>([^<]+)</version>")
            .matcher(pom);
    assertThat(version.find()).isTrue();

    CommandRun run = CommandRun.of("--version");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out().lines())
        .containsExactly(
            "inboxcheck " + version.group(1), "receiver protocol " + HttpReceiver.PROTOCOL);
    assertThat(HttpReceiver.PROTOCOL).isEqualTo("inboxcheck-receiver-protocol/1");
  }
}
