package io.inboxcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code profiles}: the list of providers and the retention-horizon check. */
class ProfilesCommandTests {
  private static final String PROFILES = ProjectPaths.root().resolve("profiles").toString();

  @TempDir Path reports;

  @Test
  void listsEveryProfileWithItsHorizonWindowIdentityAndCopiesInFlight() {
    CommandRun run = CommandRun.of("profiles", "--profiles", PROFILES);

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("automatic retry horizon")
        .contains("late delivery")
        .contains("manual redelivery")
        .containsPattern(
            "github +\\| PT0S +\\| none\\* +\\| PT72H +\\| X-GitHub-Hook-ID \\+ X-GitHub-Delivery"
                + " \\(headers\\) +\\| 1\\*")
        .containsPattern("(?m)^stripe +\\| PT72H +\\| none\\* +\\| PT720H +\\| body id +\\| 2$")
        .containsPattern(
            "shopify +\\| PT4H +\\| PT24H +\\| none\\* +\\| X-Shopify-Webhook-Id \\(header\\) ")
        .containsPattern(
            "svix +\\| PT27H35M5S +\\| none\\* +\\| PT2160H +\\| webhook-id \\(header\\) ")
        .containsPattern("(?m)^slack +\\| PT6M +\\| PT2H +\\| none\\* .*\\| 2$")
        .containsPattern("slack-delayed-events +\\| PT24H6M +\\| none ")
        .containsPattern("standard-webhooks +\\| PT75H35M5S ")
        .contains("* not confirmed by the provider's docs");
  }

  @Test
  void aDayOfRetentionFailsAgainstStripeSvixAndShopifysDelayedCopyWithReplayableCounterexamples()
      throws IOException {
    CommandRun run = check("PT24H");

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out())
        .containsPattern(
            "stripe +retention PT24H +latest copy PT72H +FAILS: the last retry came after"
                + " e-1 was forgotten and was decided APPLIED")
        .containsPattern("svix +retention PT24H +latest copy PT27H35M5S +FAILS: ")
        .containsPattern(
            "shopify +retention PT24H +latest copy PT24H \\(a delayed delivery; retries end at"
                + " PT4H\\) FAILS: the delayed copy came after e-1 was forgotten and was decided"
                + " APPLIED")
        .containsPattern("slack-delayed-events +retention PT24H +latest copy PT24H6M +FAILS: ")
        .containsPattern("standard-webhooks +retention PT24H .*FAILS: ")
        .containsPattern(
            "slack +retention PT24H +latest copy PT2H \\(a delayed delivery; retries end at PT6M\\)"
                + " holds: the delayed copy was decided HELD ID_CONFLICT")
        .containsPattern("github +retention PT24H .*holds: ");
    Path stripe = reports.resolve("stripe-retention-PT24H.json");
    Path svix = reports.resolve("svix-retention-PT24H.json");
    Path shopify = reports.resolve("shopify-retention-PT24H.json");
    assertThat(stripe).exists();
    assertThat(svix).exists();
    assertThat(shopify).exists();
    assertThat(reports.resolve("slack-retention-PT24H.json")).doesNotExist();

    // The counterexample expects what a receiver remembering the id decides, so the model with
    // a day of retention fails it, step 3, the late changed retry.
    CommandRun replay = CommandRun.of("replay", stripe.toString());
    assertThat(replay.exitCode()).as(replay.err()).isEqualTo(1);
    assertThat(replay.err()).contains("step 3").contains("ID_CONFLICT");
    assertThat(CommandRun.of("replay", svix.toString()).exitCode()).isEqualTo(1);
    CommandRun late = CommandRun.of("replay", shopify.toString());
    assertThat(late.exitCode()).as(late.err()).isEqualTo(1);
    assertThat(late.err()).contains("step 3").contains("ID_CONFLICT");
  }

  @Test
  void fourDaysOfRetentionHoldAgainstEveryProfile() throws IOException {
    CommandRun run = check("PT96H");

    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .containsPattern(
            "stripe +retention PT96H +latest copy PT72H +holds: the last retry was decided"
                + " HELD ID_CONFLICT")
        .containsPattern("svix +retention PT96H .*holds: ")
        .containsPattern("shopify +retention PT96H .*holds: the delayed copy was decided")
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
        .containsPattern("slack +retention PT96H .*PT2H .*FAILS: the delayed copy came after")
        .containsPattern("github +retention PT96H .*holds: ");
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
