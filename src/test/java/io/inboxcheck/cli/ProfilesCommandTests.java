package io.inboxcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code profiles}: the list of providers and the retention-horizon check (issue 16). */
class ProfilesCommandTests {
  private static final String PROFILES = ProjectPaths.root().resolve("profiles").toString();

  @TempDir Path reports;

  @Test
  void listsEveryProfileWithItsHorizonWindowIdentityAndCopiesInFlight() {
    CommandRun run = CommandRun.of("profiles", "--profiles", PROFILES);

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("automatic retry horizon")
        .contains("manual redelivery")
        .containsPattern(
            "github +\\| PT0S +\\| PT72H +\\| X-GitHub-Delivery \\(header\\)\\* +\\| 1\\*")
        .containsPattern("stripe +\\| PT72H\\* +\\| PT720H\\* +\\| body id\\*")
        .containsPattern("svix +\\| PT27H35M5S +\\| none\\* +\\| webhook-id \\(header\\) ")
        .containsPattern("slack +\\| PT6M\\* .*\\| 2\\*")
        .contains("shopify")
        .contains("* not verified against the provider's docs");
  }

  @Test
  void aDayOfRetentionFailsAgainstStripeAndSvixWithReplayableCounterexamples() throws IOException {
    CommandRun run = check("PT24H");

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out())
        .containsPattern(
            "stripe +retention PT24H +horizon PT72H\\* +FAILS: the retry came after"
                + " e-1 was forgotten and was decided APPLIED")
        .containsPattern("svix +retention PT24H +horizon PT27H35M5S +FAILS: ")
        .containsPattern(
            "shopify +retention PT24H +horizon PT4H +holds: the retry was decided"
                + " HELD ID_CONFLICT")
        .containsPattern("slack +retention PT24H .*holds: ")
        .containsPattern("github +retention PT24H .*holds: ");
    Path stripe = reports.resolve("stripe-retention-PT24H.json");
    Path svix = reports.resolve("svix-retention-PT24H.json");
    assertThat(stripe).exists();
    assertThat(svix).exists();
    assertThat(reports.resolve("shopify-retention-PT24H.json")).doesNotExist();

    // The counterexample expects what a receiver remembering the id decides, so the model with
    // a day of retention fails it, step 3, the late changed retry.
    CommandRun replay = CommandRun.of("replay", stripe.toString());
    assertThat(replay.exitCode()).as(replay.err()).isEqualTo(1);
    assertThat(replay.err()).contains("step 3").contains("ID_CONFLICT");
    assertThat(CommandRun.of("replay", svix.toString()).exitCode()).isEqualTo(1);
  }

  @Test
  void fourDaysOfRetentionHoldAgainstEveryProfile() throws IOException {
    CommandRun run = check("PT96H");

    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .containsPattern(
            "stripe +retention PT96H +horizon PT72H\\* +holds: the retry was decided"
                + " HELD ID_CONFLICT")
        .containsPattern("svix +retention PT96H .*holds: ")
        .doesNotContain("FAILS");
    try (var files = Files.list(reports)) {
      assertThat(files).as("nothing to write when every profile holds").isEmpty();
    }
  }

  @Test
  void aReceiverThatForgetsIdsAfterAnHourFailsEvenWhenTheRetentionCoversTheHorizon() {
    CommandRun run =
        CommandRun.of(
            "profiles",
            "--profiles",
            PROFILES,
            "--check-retention",
            "PT96H",
            "--receiver",
            "class:io.inboxcheck.zoo.OneHourMemoryReceiver",
            "--reports",
            reports.toString());

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out())
        .containsPattern("shopify +retention PT96H .*FAILS: ")
        .containsPattern("slack +retention PT96H .*holds: ");
  }

  @Test
  void aBadRetentionOrProfileFolderIsOneLineAndExitCode2() {
    CommandRun zero =
        CommandRun.of("profiles", "--profiles", PROFILES, "--check-retention", "PT0S");
    CommandRun missing = CommandRun.of("profiles", "--profiles", reports.toString());

    assertThat(zero.exitCode()).isEqualTo(2);
    assertThat(zero.err().strip()).doesNotContain("\n").contains("must be positive");
    assertThat(missing.exitCode()).isEqualTo(2);
    assertThat(missing.err().strip()).doesNotContain("\n").contains("holds no profile");
  }

  private CommandRun check(String retention) {
    return CommandRun.of(
        "profiles",
        "--profiles",
        PROFILES,
        "--check-retention",
        retention,
        "--reports",
        reports.toString());
  }
}
