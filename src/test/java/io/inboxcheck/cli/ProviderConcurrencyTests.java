package io.inboxcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.modes.ConcurrencyCheck;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code check --provider stripe --concurrency K}: Stripe's resend does not cancel its automatic
 * retries, so the rounds include a person's resend racing the retry of an event delivered before,
 * measured as coverage with a floor, and a receiver that keys on the attempt number is caught, its
 * case shrunk to a race that still fails it and printed with the code that sends it again.
 */
class ProviderConcurrencyTests {
  private static final String PROFILES = ProjectPaths.root().resolve("profiles").toString();
  private static final Pattern RACES =
      Pattern.compile("a resend in flight with an automatic retry +(\\d+) pairs +\\(floor 1\\)");

  @TempDir Path reports;

  /** The model behind a rendezvous, so that every round's requests are in flight together. */
  @Test
  void stripesRoundsRaceAResendAgainstAnAutomaticRetryAndTheModelPasses() {
    CommandRun run = concurrency("stripe", "class:" + RendezvousModelReceiver.class.getName());

    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    Matcher races = RACES.matcher(run.out());
    assertThat(races.find()).as(run.out()).isTrue();
    assertThat(Integer.parseInt(races.group(1))).isPositive();
    assertThat(run.out()).contains("every answer and the view after each round agree");
  }

  @Test
  void aReceiverKeyedOnTheAttemptNumberIsCaughtByTheRaceAndToldHowToRerunIt() {
    CommandRun run = concurrency("stripe", "class:" + AttemptKeyedReceiver.class.getName());

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out())
        .contains("FAILED: ")
        .containsPattern("round \\d+: no serial order of its requests gives the answers")
        .containsPattern("\\d+=deliver \\(attempt 2\\) (e-\\d+) .*; \\d+=deliver \\1 ")
        .contains("--provider stripe --seed " + ConcurrencyCheck.DEFAULT_SEED)
        .contains("--provider stripe --reproduce ");
    Matcher code = Pattern.compile("--reproduce (\\S+)").matcher(run.out());
    assertThat(code.find()).isTrue();
    CommandRun again =
        concurrency(
            "stripe",
            "class:" + AttemptKeyedReceiver.class.getName(),
            "--reproduce",
            code.group(1));
    assertThat(again.exitCode()).as(again.out() + again.err()).isEqualTo(1);
    assertThat(again.out()).containsPattern("FAILED on send \\d+ of at most 200:");
  }

  @Test
  void withoutARacingProviderTheRoundsAndTheAttemptKeyedReceiverPass() {
    CommandRun slack = concurrency("slack", "class:" + AttemptKeyedReceiver.class.getName());

    assertThat(slack.exitCode()).as(slack.out() + slack.err()).isZero();
    assertThat(slack.out()).doesNotContain("a resend in flight");
  }

  private CommandRun concurrency(String provider, String receiver, String... more) {
    List<String> arguments =
        new ArrayList<>(
            List.of(
                "check",
                "--provider",
                provider,
                "--profiles",
                PROFILES,
                "--concurrency",
                "2",
                "--receiver",
                receiver,
                "--reports",
                reports.toString()));
    arguments.addAll(List.of(more));
    return CommandRun.of(arguments.toArray(String[]::new));
  }
}
