package io.inboxcheck.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.inboxcheck.ProjectPaths;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.ScenarioRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** The provider profiles (issue 16): each validates, loads and keeps its facts sourced. */
class ProfileTests {
  private static final Path FOLDER = ProjectPaths.root().resolve("profiles");
  private static final Path BAD = ProjectPaths.root().resolve("src/test/resources/bad-profiles");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TestFactory
  Stream<DynamicTest> everyProfileValidatesAgainstTheSchemaAndLoads() throws IOException {
    Schema schema = schema();
    List<Path> files = profileFiles(FOLDER);
    assertThat(files).hasSize(5);
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
  void theFiveProvidersCarryTheHorizonsTheIssueNames() throws InputRejected {
    List<Profile> profiles = new ProfileReader().readFolder(FOLDER);

    assertThat(profiles)
        .extracting(Profile::name)
        .containsExactly("github", "shopify", "slack", "stripe", "svix");
    assertThat(byName(profiles, "stripe").retryHorizon().value()).isEqualTo(Duration.ofDays(3));
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
      for (Fact<?> fact :
          List.of(
              profile.retrySchedule(),
              profile.retryHorizon(),
              profile.manualRedeliveryWindow(),
              profile.identity(),
              profile.attemptHeader(),
              profile.timestampChangesPerAttempt(),
              profile.ordering(),
              profile.copiesInFlight(),
              profile.responseTimeout())) {
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

  @Test
  void theProbeForgetsTheIdBeforeTheHorizonAndTheModelAppliesTheChangedRetry()
      throws InputRejected {
    Profile stripe = new ProfileReader().read(FOLDER.resolve("stripe.json"));

    History forgetful =
        new ScenarioRunner(ModelReceiver::new)
            .replay(RetentionProbe.scenario(stripe, Duration.ofHours(24)));
    History remembering =
        new ScenarioRunner(ModelReceiver::new)
            .replay(RetentionProbe.scenario(stripe, Duration.ofHours(96)));

    HistoryStep.Delivered lateRetry = lastDelivery(forgetful);
    assertThat(lateRetry.retentionExpired()).isTrue();
    assertThat(lateRetry.decision().describe()).isEqualTo("APPLIED");
    assertThat(forgetful.expectationsHold()).isFalse();
    assertThat(forgetful.steps()).hasSize(3);
    assertThat(lastDelivery(remembering).decision().describe()).isEqualTo("HELD ID_CONFLICT");
    assertThat(remembering.expectationsHold()).isTrue();
    assertThat(remembering.steps()).as("no advance when retention covers the horizon").hasSize(2);
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
