package io.inboxcheck.zoo;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.cli.CommandRun;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The pruning mistakes of the zoo under plain {@code check} with its default options, as a user
 * would run it: each fails, the fault-sequence property's counterexample names an identity the
 * receiver retains or pruned against the model's, and its printed replay fails again. The seed is
 * each property's default, so a rerun is the same command.
 */
@Tag("slow")
class PruningPlainCheckTests {
  private static final Pattern REPLAY =
      Pattern.compile(
          "Replay against \\S+: java .*? replay --receiver class:\\S+ (\\S+/counterexamples/\\S+\\.json)");

  @TempDir Path reports;

  @ParameterizedTest
  @ValueSource(
      classes = {
        LazyPruningReceiver.class,
        EarlyPruningReceiver.class,
        WallClockPruningReceiver.class
      })
  void plainCheckCatchesTheMistakeAndItsReplayFailsAgain(Class<?> receiver) {
    String choice = "class:" + receiver.getName();

    CommandRun run = CommandRun.of("check", "--receiver", choice, "--reports", reports.toString());

    assertThat(run.exitCode()).as("%s%s", run.out(), run.err()).isEqualTo(1);
    assertThat(run.out())
        .as(run.out())
        .containsPattern(
            "fault sequences keep every invariant \\(\\S+, invariants and"
                + " conformance\\): FAILED")
        .containsPattern(
            "CONFORMANCE broken after step \\d+ \\(\\w+\\): expected identity \\S+"
                + " (pruned at|retained until)");
    Matcher replay = REPLAY.matcher(run.out());
    assertThat(replay.find()).as(run.out()).isTrue();

    CommandRun again = CommandRun.of("replay", "--receiver", choice, replay.group(1));

    assertThat(again.exitCode()).as("%s%s", again.out(), again.err()).isEqualTo(1);
  }
}
