package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/**
 * How {@code --receiver exec:} and {@code http:} fail when they cannot be used: one line each, exit
 * code 2 for a choice that cannot work and 1 for a receiver that does not start.
 */
class ReceiverStartTests {

  @Test
  void commandsSplitIntoWordsAsAShellWould() {
    assertThat(CommandWords.split("python3  'my receiver.py' --mistake \"last arrival\" a\\ b"))
        .containsExactly("python3", "my receiver.py", "--mistake", "last arrival", "a b");
  }

  @Test
  void aRunningReceiverNeedsItsSecret() {
    Run run = replay("--receiver", "http://127.0.0.1:9", "--receiver-secret", "");
    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "inboxcheck replay: http://127.0.0.1:9 needs the receiver's control secret:"
                + " --receiver-secret or INBOXCHECK_CONTROL_SECRET");
  }

  @Test
  void aCommandThatCannotStartIsOneLine() {
    Run run = replay("--receiver", "exec:no-such-receiver-program --flag");
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err())
        .startsWith("inboxcheck: receiver exec:no-such-receiver-program --flag: cannot start: ")
        .doesNotContain("\n");
  }

  @Test
  void aReceiverThatExitsOrPrintsNoAddressIsOneLine() {
    PythonReceiver.requirePython();
    Run exits = replay("--receiver", "exec:python3 -c \"import sys; sys.exit('no database')\"");
    assertThat(exits.exit()).isEqualTo(1);
    assertThat(exits.err())
        .endsWith("exited before printing its listening address (exit code 1): no database");

    Run chatty = replay("--receiver", "exec:python3 -c \"print('starting up')\"");
    assertThat(chatty.exit()).isEqualTo(1);
    assertThat(chatty.err())
        .endsWith(
            "its first line should be its address, e.g. http://127.0.0.1:8080; it was \"starting"
                + " up\"");
  }

  private record Run(int exit, String err) {}

  private static Run replay(String... options) {
    String[] arguments = new String[options.length + 2];
    arguments[0] = "replay";
    System.arraycopy(options, 0, arguments, 1, options.length);
    arguments[arguments.length - 1] =
        ProjectPaths.scenarios().resolve("B62-15-events.json").toString();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), arguments);
    return new Run(exit, err.toString().strip());
  }
}
