package io.inboxcheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.inboxcheck.DocumentedCommands.Command;
import io.inboxcheck.DocumentedCommands.Expectation;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The rule that picks the documented commands out of Markdown ({@link DocumentedCommands}); the
 * commands themselves run after package, in {@link DocumentedCommandsTests}.
 */
class DocumentedCommandsRuleTests {
  private static final Path PAGE = Path.of("docs/page.md");
  private static final String REPLAY = "java -jar target/inboxcheck.jar replay scenarios";

  @Test
  void aCommandIsALineOfAShellOrPlainBlockStartingWithTheJar() {
    List<Command> commands =
        commands(
            "Run `java -jar target/inboxcheck.jar replay inline.json` in a sentence: not run.",
            "```",
            REPLAY,
            "mvn -B verify",
            "```",
            "```json",
            "java -jar target/inboxcheck.jar replay in-json.json",
            "```",
            "```console",
            "$ java -jar target/inboxcheck.jar profiles",
            "Replay against model: java -jar target/inboxcheck.jar replay output.json",
            "```",
            "~~~sh",
            "  java -jar target/inboxcheck.jar check \\",
            "      --tries 5",
            "~~~");

    assertThat(commands)
        .extracting(Command::line, Command::text)
        .containsExactly(
            tuple(3, REPLAY),
            tuple(10, "java -jar target/inboxcheck.jar profiles"),
            tuple(14, "java -jar target/inboxcheck.jar check --tries 5"));
    assertThat(commands).allMatch(command -> command.expectation().equals(Expectation.DEFAULT));
  }

  @Test
  void aMarkerRightBeforeABlockSetsWhatItsCommandsMustDo() {
    List<Command> commands =
        commands(
            "<!-- docs-test: exit 1 -->",
            "",
            "```",
            REPLAY + " one",
            REPLAY + " two",
            "```",
            "<!-- docs-test: slow, exit 3 -->",
            "```sh",
            REPLAY + " three",
            "```",
            "<!-- docs-test: skip it needs a running server -->",
            "```",
            REPLAY + " four",
            "```",
            "<!-- docs-test: exit 1 -->",
            "A sentence between the marker and the block cancels it.",
            "```",
            REPLAY + " five",
            "```");

    assertThat(commands)
        .extracting(Command::expectation)
        .containsExactly(
            new Expectation(1, false, null),
            new Expectation(1, false, null),
            new Expectation(3, true, null),
            new Expectation(0, false, "it needs a running server"),
            Expectation.DEFAULT);
    assertThat(commands.get(3).expectation().runs()).isFalse();
  }

  @Test
  void aLineWithPlaceholdersOutsideQuotesIsASynopsis() {
    assertThat(command(REPLAY + " reports/counterexamples/x-<seed>.json").synopsis()).isTrue();
    assertThat(command("java -jar target/inboxcheck.jar check [--seed S]").synopsis()).isTrue();
    assertThat(
            command("java -jar target/inboxcheck.jar check --receiver model|postgres").synopsis())
        .isTrue();
    assertThat(command("java -jar target/inboxcheck.jar check --receiver ...").synopsis()).isTrue();
    assertThat(
            command(
                    "java -jar target/inboxcheck.jar check --receiver"
                        + " 'exec:python3 r.py --mode \"a|b\" [x]'")
                .synopsis())
        .as("placeholder characters inside quotes belong to the value")
        .isFalse();
    assertThat(command(REPLAY).synopsis()).isFalse();
  }

  @Test
  void aMisspeltMarkerOrAnUnclosedBlockIsNamedWithItsLine() {
    assertThatThrownBy(() -> commands("<!-- docs-test: exits 1 -->", "```", REPLAY, "```"))
        .isInstanceOf(DocumentedCommands.Misdocumented.class)
        .hasMessageStartingWith("docs/page.md:1: \"exits 1\" is not a docs-test marker");
    assertThatThrownBy(() -> commands("<!-- docs-test: exit 256 -->", "```", REPLAY, "```"))
        .hasMessageContaining("\"exit 256\" is not a docs-test marker");
    assertThatThrownBy(() -> commands("text", "```sh", REPLAY))
        .hasMessage("docs/page.md:2: this code block is never closed");
  }

  @Test
  void everyPageOfTheProjectFollowsTheRule() throws Exception {
    assertThat(DocumentedCommands.pages(ProjectPaths.root()))
        .contains(
            Path.of("README.md"),
            Path.of("docs/receiver-protocol.md"),
            Path.of("examples/python-receiver/README.md"));
    assertThat(DocumentedCommands.under(ProjectPaths.root())).isNotEmpty();
  }

  private static List<Command> commands(String... lines) {
    return DocumentedCommands.of(PAGE, List.of(lines));
  }

  private static Command command(String text) {
    return new Command(PAGE, 1, text, Expectation.DEFAULT);
  }
}
