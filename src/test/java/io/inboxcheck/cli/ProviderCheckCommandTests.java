package io.inboxcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.inboxcheck.ProjectPaths;
import io.inboxcheck.zoo.NewerVariantApplyingReceiver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code check --provider NAME --retention D}: fault sequences timed as the provider's profile
 * says, and the retention-horizon check, which fails a day of retention against Stripe and Svix
 * (their last retries) and Shopify (a delivery up to a day late) with a counterexample {@code
 * replay} reproduces, and passes four days.
 */
class ProviderCheckCommandTests {
  private static final String PROFILES = ProjectPaths.root().resolve("profiles").toString();

  private static final Pattern REPRODUCE =
      Pattern.compile("\\(reproduce with --seed (-?\\d+)([^)]*)\\)");

  @TempDir Path reports;
  @TempDir Path noScenarios;

  @Test
  void aDayOfRetentionFailsAgainstStripeWithACounterexampleReplayReproduces() throws IOException {
    CommandRun run = check("stripe", "PT24H");

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    Path counterexample = reports.resolve("counterexamples").resolve("stripe-retention-PT24H.json");
    assertThat(run.out())
        .contains(
            "Retention horizon: ids kept PT24H against stripe's latest automatic copy PT72H:"
                + " FAILED: the last retry came after e-1 was forgotten and was decided APPLIED;"
                + " counterexample "
                + counterexample)
        .contains(
            "fault sequences keep every invariant (model, invariants, provider stripe): holds")
        .contains("Replay against model: java -jar target/inboxcheck.jar replay " + counterexample);
    JsonNode summary = new ObjectMapper().readTree(reports.resolve("summary.json").toFile());
    assertThat(summary.get("verdict").asText()).isEqualTo("FAILED");
    assertThat(summary.at("/retention_horizon/verdict").asText()).isEqualTo("FAILED");
    assertThat(summary.at("/retention_horizon/counterexample").asText())
        .isEqualTo(counterexample.toString());

    CommandRun replay = CommandRun.of("replay", counterexample.toString());
    assertThat(replay.exitCode()).as(replay.out() + replay.err()).isEqualTo(1);
    assertThat(replay.err()).contains("step 3").contains("ID_CONFLICT");
  }

  @Test
  void aDayOfRetentionFailsAgainstShopifysDelayedCopyWithACounterexampleReplayReproduces()
      throws IOException {
    CommandRun run = check("shopify", "PT24H");

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    Path counterexample =
        reports.resolve("counterexamples").resolve("shopify-retention-PT24H.json");
    assertThat(run.out())
        .contains(
            "Retention horizon: ids kept PT24H against shopify's latest automatic copy PT24H (a"
                + " delayed delivery; retries end at PT4H): FAILED: the delayed copy came after e-1"
                + " was forgotten and was decided APPLIED; counterexample "
                + counterexample)
        .contains("(model, invariants, provider shopify): holds");
    String file = Files.readString(counterexample);
    assertThat(file)
        .as("the counterexample's last copy is the one delayed a day, not the last retry at 4 h")
        .contains("\"received_at\": \"2024-03-02T10:00:00Z\", \"note\": \"the provider's latest")
        .contains("a delivery delayed past the retries, at t0 + PT24H")
        .doesNotContain("2024-03-01T14:00:00Z");
    CommandRun replay = CommandRun.of("replay", counterexample.toString());
    assertThat(replay.exitCode()).as(replay.out() + replay.err()).isEqualTo(1);
    assertThat(replay.err()).contains("step 3").contains("ID_CONFLICT");
  }

  @Test
  void aDayOfRetentionFailsAgainstSvixsTwentySevenHourSchedule() {
    CommandRun run = check("svix", "PT24H");

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out())
        .contains("against svix's latest automatic copy PT27H35M5S: FAILED: ")
        .contains("(model, invariants, provider svix): holds");
    Path counterexample = reports.resolve("counterexamples").resolve("svix-retention-PT24H.json");
    assertThat(CommandRun.of("replay", counterexample.toString()).exitCode()).isEqualTo(1);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"stripe", "svix"})
  void fourDaysOfRetentionHold(String provider) throws IOException {
    CommandRun run = check(provider, "PT96H");

    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .contains(
            "Retention horizon: ids kept PT96H against " + provider + "'s latest automatic copy ")
        .contains("holds: the last retry was decided HELD ID_CONFLICT")
        .contains("(model, invariants, provider " + provider + ", retention PT96H): holds")
        .contains(
            "3 tries per property before its multiplier, provider "
                + provider
                + ", retention PT96H")
        .doesNotContain("FAILED");
    try (var files = Files.list(reports)) {
      assertThat(files.map(file -> file.getFileName().toString()))
          .as("no counterexample when the retention outlasts the horizon")
          .doesNotContain("counterexamples");
    }
  }

  @Test
  void thePostgresStoreForgetsIdsAfterTheScenariosRetentionAndFailsTheSame() {
    CommandRun run = run("--receiver", "postgres", "--provider", "stripe", "--tries", "2");

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    Path counterexample = reports.resolve("counterexamples").resolve("stripe-retention-PT24H.json");
    assertThat(run.out())
        .contains("ids kept PT24H against stripe's latest automatic copy PT72H: FAILED: ")
        .contains("(postgres, invariants and conformance, provider stripe): holds")
        .contains(
            "Replay against postgres: java -jar target/inboxcheck.jar replay "
                + counterexample
                + " --receiver postgres");
    CommandRun replay =
        CommandRun.of("replay", counterexample.toString(), "--receiver", "postgres");
    assertThat(replay.exitCode()).as(replay.out() + replay.err()).isEqualTo(1);
  }

  @Test
  void aReceiverCaughtInAProviderRunIsToldTheProviderAndRetentionToRerunWith() {
    String receiver = "class:" + NewerVariantApplyingReceiver.class.getName();
    // Enough tries to find the mistake whatever the generator's current choices; the rerun below
    // then needs exactly one.
    CommandRun run =
        run("--receiver", receiver, "--provider", "svix", "--retention", "PT96H", "--tries", "40");

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    Matcher reproduce = REPRODUCE.matcher(run.out());
    assertThat(reproduce.find()).as(run.out()).isTrue();
    assertThat(reproduce.group(2)).isEqualTo(" --provider svix --retention PT96H");

    // The command it names draws the same failing scenario again, on the same try.
    Matcher found = Pattern.compile("found on try (\\d+) with seed ").matcher(run.out());
    assertThat(found.find()).as(run.out()).isTrue();
    CommandRun again =
        run(
            "--receiver",
            receiver,
            "--seed",
            reproduce.group(1),
            "--provider",
            "svix",
            "--retention",
            "PT96H",
            "--tries",
            "40");
    assertThat(again.exitCode()).as(again.out()).isEqualTo(1);
    assertThat(again.out())
        .contains("found on try " + found.group(1) + " with seed " + reproduce.group(1));
  }

  @Test
  void withoutAProviderThereIsNoRetentionHorizonPartAndNamesStayAsTheyWere() {
    CommandRun run = run("--tries", "2");

    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .contains("fault sequences keep every invariant (model, invariants): holds")
        .doesNotContain("Retention horizon");
  }

  @Test
  void anUnknownProviderIsRejectedInOneLineNamingTheKnownOnes() {
    CommandRun run = check("mailchimp", "PT24H");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .isEqualTo(
            "inboxcheck check: "
                + PROFILES
                + ": provider: no profile \"mailchimp\"; known: github, shopify,"
                + " slack-delayed-events, slack, standard-webhooks, stripe, svix");
    assertThat(run.out()).isEmpty();
  }

  @Test
  void aNegativeRetentionIsRejected() {
    CommandRun run = check("stripe", "PT-1S");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .isEqualTo("inboxcheck check: retention: value: must not be negative, got PT-1S");
  }

  /**
   * A retention of zero is one a scenario file may state and the generator draws (SPEC section 5):
   * every record is let go of at the next clock move. It is checked as any other: the fault
   * sequences run under it, where no redelivery is ever within retention (so the labels that need
   * one fall short), and the provider's retries, all later than the first delivery, come after the
   * id is forgotten, which the retention-horizon check reports.
   */
  @Test
  void aRetentionOfZeroIsCheckedAsAnyOther() {
    CommandRun run = run("--provider", "stripe", "--retention", "PT0S", "--receiver", "model");

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.err()).isEmpty();
    assertThat(run.out())
        .contains(
            "fault sequences keep every invariant (model, invariants, provider stripe,"
                + " retention PT0S): holds, but coverage is short")
        .contains("label 'exercised:IDEMPOTENT_REDELIVERY' reached in 0 of")
        .contains(
            "Retention horizon: ids kept PT0S against stripe's latest automatic copy PT72H: FAILED:"
                + " the last retry came after e-1 was forgotten");
  }

  private CommandRun check(String provider, String retention) {
    return run("--provider", provider, "--retention", retention, "--tries", "3");
  }

  private CommandRun run(String... arguments) {
    List<String> all =
        new ArrayList<>(
            List.of(
                "check",
                "--reports",
                reports.toString(),
                "--scenarios",
                noScenarios.toString(),
                "--profiles",
                PROFILES));
    all.addAll(List.of(arguments));
    return CommandRun.of(all.toArray(String[]::new));
  }
}
