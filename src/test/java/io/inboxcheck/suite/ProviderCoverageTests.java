package io.inboxcheck.suite;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.engine.CoverageShortfall;
import io.inboxcheck.engine.Property;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.PropertyRunner;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.engine.Verdict;
import io.inboxcheck.generate.DeliverySchedule;
import io.inboxcheck.generate.Generation;
import io.inboxcheck.generate.ScenarioGenerator;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.scenario.Scenario;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The coverage a provider run must reach: its retries, its last retry, manual redeliveries and a
 * redelivery after the retention ended, each where the profile makes it possible; and a generator
 * that ignores the profile falls short of them, so the floors can fail.
 */
class ProviderCoverageTests {
  private static final Path PROFILES = ProjectPaths.root().resolve("profiles");
  private static final long SEED = 16;

  /**
   * Enough cases that a floor of 10% is told from a generator reaching it a little more often: at
   * 60, Stripe's second event fell short of its floor on some seeds.
   */
  private static final int TRIES = 150;

  private static final RunConfig CONFIG =
      RunConfig.defaults().withTries(TRIES).withSeed(SEED).withoutExampleDatabase();

  @ParameterizedTest(name = "{0}, retention {1}")
  @CsvSource({
    "stripe, PT24H",
    "stripe, PT96H",
    "svix, PT24H",
    "svix, PT96H",
    "github, PT24H",
    "shopify, PT24H",
    "slack, PT24H",
    "slack-delayed-events, PT24H",
    "standard-webhooks, PT24H"
  })
  void theProvidersGeneratorReachesEveryFloorItsProfileMakesPossible(
      String provider, String retention) throws InputRejected {
    Generation generation =
        ProviderSettings.generation(PROFILES, provider, Duration.parse(retention));

    PropertyResult<Scenario> result =
        PropertyRunner.run(labelled(new ScenarioGenerator(generation), generation), CONFIG);

    assertThat(result.status())
        .as(
            "%s; rerun: mvn -o test -Dtest=ProviderCoverageTests (seed %d)",
            result.coverageShortfalls(), SEED)
        .isEqualTo(PropertyResult.Status.PASSED);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"stripe", "svix", "slack"})
  void aGeneratorIgnoringTheProfileFallsShortOfItsFloors(String provider) throws InputRejected {
    Generation generation = ProviderSettings.generation(PROFILES, provider, null);

    PropertyResult<Scenario> result =
        PropertyRunner.run(labelled(new ScenarioGenerator(), generation), CONFIG);

    assertThat(result.status()).isEqualTo(PropertyResult.Status.COVERAGE_FAILED);
    assertThat(result.coverageShortfalls().stream().map(CoverageShortfall::label))
        .contains(provider.equals("github") ? "provider:manual_redelivery" : "provider:last_retry");
  }

  /**
   * The floors of the quirks the profiles newly document: Shopify's copies a day late, Slack's two
   * hours late, Stripe's second event for one change; a generator ignoring the profile misses them.
   */
  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource({
    "shopify, provider:late_delivery",
    "slack, provider:late_delivery",
    "stripe, provider:second_event_for_one_change"
  })
  void aGeneratorIgnoringTheProfileMissesTheNewlyDocumentedQuirks(String provider, String label)
      throws InputRejected {
    Generation generation = ProviderSettings.generation(PROFILES, provider, null);

    PropertyResult<Scenario> ignoring =
        PropertyRunner.run(labelled(new ScenarioGenerator(), generation), CONFIG);
    PropertyResult<Scenario> following =
        PropertyRunner.run(labelled(new ScenarioGenerator(generation), generation), CONFIG);

    assertThat(ignoring.coverageShortfalls().stream().map(CoverageShortfall::label))
        .as("rerun: mvn -o test -Dtest=ProviderCoverageTests (seed %d)", SEED)
        .contains(label);
    assertThat(following.coverageShortfalls().stream().map(CoverageShortfall::label))
        .doesNotContain(label);
  }

  /** A retention edge no copy of the provider can reach is not required; one it can reach is. */
  @ParameterizedTest(name = "{0}, retention {1}: edges required {2}")
  @CsvSource({
    "stripe, PT24H, true",
    "shopify, PT24H, true",
    "svix, PT24H, false",
    "slack, PT24H, false"
  })
  void retentionEdgesAreRequiredWhereTheProvidersCopiesCanComeAtThem(
      String provider, String retention, boolean required) throws InputRejected {
    Generation generation =
        ProviderSettings.generation(PROFILES, provider, Duration.parse(retention));

    Map<String, Double> floors =
        RequiredCoverage.forFaultSequences(Observable.RICHEST_LEVEL, generation);

    assertThat(floors.containsKey("edge:retention_exact")).isEqualTo(required);
    assertThat(floors.containsKey("edge:retention_1s_before")).isEqualTo(required);
    assertThat(RequiredCoverage.forFaultSequences(Observable.RICHEST_LEVEL))
        .as("without a provider every edge is required")
        .containsKeys("edge:retention_exact", "edge:retention_1s_before");
  }

  /** A property that only labels what {@code generator} drew, held to the provider's floors. */
  private static Property<Scenario> labelled(ScenarioGenerator generator, Generation generation) {
    DeliverySchedule schedule = generation.schedule().orElseThrow();
    Property<Scenario> property =
        Property.<Scenario>of(
            "provider coverage (" + schedule.name() + ")",
            choices -> generator.generate(choices, "coverage"),
            (scenario, context) -> {
              Labels.ofProvider(scenario, schedule).forEach(context::label);
              return Verdict.pass();
            });
    for (Map.Entry<String, Double> floor :
        RequiredCoverage.forFaultSequences(Observable.RICHEST_LEVEL, generation).entrySet()) {
      if (floor.getKey().startsWith("provider:")) {
        property = property.requireCoverage(floor.getKey(), floor.getValue());
      }
    }
    return property;
  }
}
