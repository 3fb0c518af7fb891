package io.inboxcheck.suite;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.report.FailureStory;
import io.inboxcheck.zoo.NewerVariantApplyingReceiver;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A failure names the command that replays it against the receiver that failed. */
class ReplayCommandsTests {
  private static final Path FILE = Path.of("reports/counterexamples/x.json");

  @Test
  void aTestReceiverClassIsReplayedWithTheTestClassesOnTheClassPath() {
    List<FailureStory.Replay> replays =
        ReplayCommands.of("applies-newer-variant", NewerVariantApplyingReceiver.class, FILE);

    assertThat(replays)
        .containsExactly(
            new FailureStory.Replay(
                "applies-newer-variant",
                "java -cp target/inboxcheck.jar:target/test-classes io.inboxcheck.cli.Main replay"
                    + " --receiver class:io.inboxcheck.zoo.NewerVariantApplyingReceiver "
                    + FILE),
            new FailureStory.Replay("the model", "java -jar target/inboxcheck.jar replay " + FILE));
  }

  @Test
  void theModelIsReplayedOnce() {
    assertThat(ReplayCommands.of("model", ModelReceiver.class, FILE))
        .extracting(FailureStory.Replay::against)
        .containsExactly("the model");
  }

  @Test
  void aReceiverReplayCannotConstructSaysSoInsteadOfAWrongCommand() {
    assertThat(ReplayCommands.of("hidden", HiddenReceiver.class, FILE).get(0).command())
        .startsWith("(none from the command line: ")
        .contains(HiddenReceiver.class.getName())
        .doesNotContain("java ");
  }

  /** Not public, so {@code replay --receiver class:NAME} could not load it as a receiver. */
  private static final class HiddenReceiver {
    HiddenReceiver(ReceiverSetup setup) {}
  }
}
