package io.inboxcheck.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.ScenarioRunner;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.HistoryStep;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** The provider profiles: each validates, loads and keeps its facts sourced. */
class ProfileTests {
  private static final Path FOLDER = ProjectPaths.root().resolve("profiles");
  private static final Path BAD = ProjectPaths.root().resolve("src/test/resources/bad-profiles");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TestFactory
  Stream<DynamicTest> everyProfileValidatesAgainstTheSchemaAndLoads() throws IOException {
    Schema schema = schema();
    List<Path> files = profileFiles(FOLDER);
    assertThat(files).hasSize(7);
    return files.stream()
        .map(
            file ->
                DynamicTest.dynamicTest(
                    file.getFileName().toString(),
                    () -> {
                      assertThat(schema.validate(JSON.readTree(file.toFile())))
                          .as("schema errors in %s", file)
                          .isEmpty();
                      Profile profile = new ProfileReader().read(file);
                      assertThat(profile.retryHorizon().value()).isNotNull();
                    }));
  }

  @Test
  void theProvidersCarryTheHorizonsTheirPagesName() throws InputRejected {
    List<Profile> profiles = new ProfileReader().readFolder(FOLDER);

    assertThat(profiles)
        .extracting(Profile::name)
        .containsExactly(
            "github",
            "shopify",
            "slack-delayed-events",
            "slack",
            "standard-webhooks",
            "stripe",
            "svix");
    assertThat(byName(profiles, "stripe").retryHorizon().value()).isEqualTo(Duration.ofDays(3));
    assertThat(byName(profiles, "slack-delayed-events").retryHorizon().value())
        .isEqualTo(Duration.parse("PT24H6M"));
    assertThat(byName(profiles, "standard-webhooks").retryHorizon().value())
        .isEqualTo(Duration.parse("PT75H35M5S"));
    assertThat(byName(profiles, "svix").retryHorizon().value())
        .isEqualTo(Duration.parse("PT27H35M5S"));
    assertThat(byName(profiles, "svix").retryHorizon().verified()).isTrue();
    assertThat(byName(profiles, "shopify").retryHorizon().value()).isEqualTo(Duration.ofHours(4));
    assertThat(byName(profiles, "github").retryHorizon().value()).isZero();
    assertThat(byName(profiles, "github").manualRedeliveryWindow().value())
        .isEqualTo(Duration.ofDays(3));
    assertThat(byName(profiles, "slack").copiesInFlight().value()).isEqualTo(2);
    assertThat(byName(profiles, "svix").timestampChangesPerAttempt().value()).isTrue();
  }

  @Test
  void everyVerifiedFactNamesAWebPageAndEveryOtherSaysWhereItCameFrom() throws InputRejected {
    for (Profile profile : new ProfileReader().readFolder(FOLDER)) {
      for (Fact<?> fact : profile.facts()) {
        if (fact.verified()) {
          assertThat(fact.source()).as(profile.name()).startsWith("https://");
        } else {
          assertThat(fact.source()).as(profile.name()).isNotBlank();
          assertThat(fact.shown("x")).isEqualTo("x*");
        }
      }
    }
  }

  @Test
  void eachBadProfileIsRejectedWithItsFileAndPointerByTheReaderAndTheSchema() throws IOException {
    Schema schema = schema();
    List<Path> files = profileFiles(BAD);
    assertThat(files).hasSizeGreaterThanOrEqualTo(3);
    for (Path file : files) {
      assertThat(schema.validate(JSON.readTree(file.toFile())))
          .as("the schema rejects %s", file)
          .isNotEmpty();
      assertThatThrownBy(() -> new ProfileReader().read(file))
          .as(file.toString())
          .isInstanceOf(InputRejected.class)
          .hasMessageStartingWith(file + ": at /")
          .hasMessageNotContaining("\n");
    }
  }

  /** A sum is beyond what the schema can check, so only the reader catches it. */
  @Test
  void aHorizonThatDisagreesWithItsScheduleIsRejectedWhereItStands() {
    Path file = BAD.resolve("reader-only/horizon-not-the-sum.json");

    assertThatThrownBy(() -> new ProfileReader().read(file))
        .hasMessage(
            file
                + ": at /retry_horizon/value: horizon PT27H differs from the sum of"
                + " retry_schedule, PT27H35M5S; the last automatic retry comes at the sum of the"
                + " delays");
  }

  /** Each fact the profiles once got wrong, now as the provider's page states it. */
  @Test
  void everyCorrectedFactReadsAsTheProvidersPageStatesIt() throws InputRejected {
    List<Profile> profiles = new ProfileReader().readFolder(FOLDER);
    Profile stripe = byName(profiles, "stripe");
    Profile shopify = byName(profiles, "shopify");
    Profile github = byName(profiles, "github");
    Profile slack = byName(profiles, "slack");
    Profile svix = byName(profiles, "svix");

    assertThat(stripe.timestampChangesPerAttempt().value()).isTrue();
    assertThat(stripe.timestampChangesPerAttempt().note()).contains("new signature and timestamp");
    assertThat(stripe.manualRedeliveryWindow().value()).isEqualTo(Duration.ofDays(30));
    assertThat(stripe.manualRedeliveryWindow().note()).contains("CLI").contains("15 days");
    assertThat(stripe.severalIdsForOneChange().value()).isTrue();
    assertThat(stripe.copiesInFlight().value()).isEqualTo(2);
    assertThat(shopify.responseTimeout().value()).isEqualTo(Duration.ofSeconds(5));
    assertThat(shopify.identity().value().name()).isEqualTo("X-Shopify-Webhook-Id");
    assertThat(shopify.identity().note()).contains("X-Shopify-Event-Id");
    assertThat(shopify.lateDelivery().value()).isEqualTo(Duration.ofDays(1));
    assertThat(github.identity().value().toString())
        .isEqualTo("X-GitHub-Hook-ID + X-GitHub-Delivery (headers)");
    assertThat(github.identity().note()).contains("shared with all deliveries for all webhooks");
    assertThat(svix.ordering().value()).isEqualTo(Profile.Ordering.NOT_GUARANTEED);
    assertThat(svix.description()).contains("Svix's own");
    assertThat(slack.lateDelivery().value()).isEqualTo(Duration.ofHours(2));
    assertThat(slack.retryHorizon().note()).contains("hourly retries for 24 hours");
    assertThat(slack.stopRetriesHeader().value()).isEqualTo("x-slack-no-retry: 1");
    assertThat(svix.stopRetriesHeader().value()).isEqualTo("webhook-delivery: abort-message");
    for (Profile profile : List.of(stripe, shopify, github, slack, svix)) {
      assertThat(profile.retryHorizon().verified()).as(profile.name()).isTrue();
    }
  }

  /**
   * A fact stays unverified only where the provider's pages do not settle it, and then it names the
   * pages searched and says why; nothing claims a page could not be reached.
   */
  @Test
  void everyUnverifiedFactNamesThePagesSearchedAndWhyTheyDoNotSettleIt()
      throws IOException, InputRejected {
    List<String> unverified = new ArrayList<>();
    for (Profile profile : new ProfileReader().readFolder(FOLDER)) {
      assertThat(profile.description()).doesNotContain("could not be").doesNotContain("issue");
      for (Fact<?> fact : profile.facts()) {
        assertThat(fact.source()).as(profile.name()).doesNotContain("issue").startsWith("https://");
        assertThat(fact.note()).as(profile.name()).doesNotContain("could not be").isNotBlank();
        if (!fact.verified()) {
          unverified.add(profile.name());
        }
      }
    }
    assertThat(unverified)
        .as("unverified facts; a count that grows needs its pages searched first")
        .hasSize(25);
    for (Path file : profileFiles(FOLDER)) {
      assertThat(Files.readString(file)).doesNotContainIgnoringCase("could not be reached");
    }
  }

  @Test
  void theProbeForgetsTheIdBeforeTheHorizonAndTheModelAppliesTheChangedRetry()
      throws InputRejected {
    Profile stripe = new ProfileReader().read(FOLDER.resolve("stripe.json"));

    History forgetful = probe(stripe, Duration.ofHours(24));
    History remembering = probe(stripe, Duration.ofHours(96));

    HistoryStep.Delivered lateRetry = lastDelivery(forgetful);
    assertThat(lateRetry.retentionExpired()).isTrue();
    assertThat(lateRetry.decision().describe()).isEqualTo("APPLIED");
    assertThat(forgetful.expectationsHold()).isFalse();
    assertThat(forgetful.steps()).hasSize(3);
    assertThat(lastDelivery(remembering).decision().describe()).isEqualTo("HELD ID_CONFLICT");
    assertThat(remembering.expectationsHold()).isTrue();
    assertThat(remembering.steps()).as("no advance when retention covers the horizon").hasSize(2);
  }

  /** Shopify's copies can come a day late, past its 4-hour retries: the probe sends that copy. */
  @Test
  void theShopifyProbeSendsTheCopyDelayedADayNotTheLastRetry() throws InputRejected {
    Profile shopify = new ProfileReader().read(FOLDER.resolve("shopify.json"));
    RetentionProbe.LatestCopy latest = RetentionProbe.LatestCopy.of(shopify);

    History forgetful = probe(shopify, Duration.ofHours(24));
    History remembering = probe(shopify, Duration.ofHours(25));

    assertThat(latest.delayed()).isTrue();
    assertThat(latest.after()).isEqualTo(Duration.ofDays(1)).isGreaterThan(Duration.ofHours(4));
    assertThat(latest.attempt()).as("a delayed copy has no retry number").isNull();
    assertThat(RetentionProbe.text(shopify, Duration.ofHours(24)))
        .contains("\"received_at\": \"2024-03-02T10:00:00Z\", \"note\"")
        .contains("a delivery delayed past the retries, at t0 + PT24H")
        .contains("https://shopify.dev/docs/apps/build/webhooks/best-practices");
    assertThat(lastDelivery(forgetful).retentionExpired()).isTrue();
    assertThat(lastDelivery(forgetful).decision().describe()).isEqualTo("APPLIED");
    assertThat(forgetful.expectationsHold()).isFalse();
    assertThat(lastDelivery(remembering).decision().describe()).isEqualTo("HELD ID_CONFLICT");
    assertThat(remembering.expectationsHold()).isTrue();
  }

  /** The retention probe of {@code profile} replayed against the model keeping ids so long. */
  private static History probe(Profile profile, Duration retention) {
    return new ScenarioRunner(ModelReceiver::new)
        .replay(RetentionProbe.scenario(profile, retention));
  }

  private static HistoryStep.Delivered lastDelivery(History history) {
    return (HistoryStep.Delivered) history.steps().get(history.steps().size() - 1).detail();
  }

  private static Profile byName(List<Profile> profiles, String name) {
    return profiles.stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
  }

  private static List<Path> profileFiles(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files
          .filter(file -> file.toString().endsWith(".json"))
          .filter(file -> !file.toString().endsWith(".schema.json"))
          .sorted()
          .toList();
    }
  }

  private static Schema schema() throws IOException {
    JsonNode node = JSON.readTree(FOLDER.resolve("profile.schema.json").toFile());
    return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(node);
  }
}
