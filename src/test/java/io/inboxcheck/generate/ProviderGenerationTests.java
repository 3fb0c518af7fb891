package io.inboxcheck.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.profile.Profile;
import io.inboxcheck.profile.ProfileReader;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Fault sequences drawn after a provider's profile, and the default left exactly as it was. */
class ProviderGenerationTests {
  private static final int SEEDS = 300;

  /** Seeds drawn by the tests of one provider quirk each. */
  private static final int QUIRK_SEEDS = 300;

  /**
   * The text of the first 300 seeds' scenarios and choices, hashed, as the generator draws them
   * without a provider (with edge values and swarms): a provider option must not move existing
   * seeds, the zoo's results or coverage. A deliberate change to default generation updates it.
   */
  private static final int DEFAULT_GENERATION_HASH = -294395249;

  @Test
  void withoutAProviderTheGeneratorDrawsChoiceForChoiceWhatItAlwaysDrew() {
    ScenarioGenerator generator = new ScenarioGenerator();
    StringBuilder all = new StringBuilder();
    for (long seed = 0; seed < SEEDS; seed++) {
      Choices choices = Choices.random(seed);
      Scenario scenario = generator.generate(choices, "x");
      // Settle points are drawn only for receivers that decide later: a plain scenario prints
      // settleAfter=null, no draw, and the text the hash was taken over has none.
      all.append(scenario.toString().replace(", settleAfter=null]", "]"))
          .append(choices.recorded())
          .append('\n');
    }

    assertThat(all.toString().hashCode())
        .as("rerun: mvn -o test -Dtest=ProviderGenerationTests; seeds 0..%d", SEEDS - 1)
        .isEqualTo(DEFAULT_GENERATION_HASH);
    assertThat(Generation.DEFAULT.nameSuffix()).as("property names, hence seeds").isEmpty();
  }

  @Test
  void stripesRetriesComeAtItsBackoffTimesAfterTheFirstAttemptAndResendsWithinThirtyDays()
      throws InputRejected {
    DeliverySchedule stripe = DeliverySchedule.of(profile("stripe"));
    assertThat(stripe.derived()).isTrue();
    assertThat(stripe.horizon()).isEqualTo(Duration.ofDays(3));
    assertThat(stripe.retryOffsets()).hasSize(7).startsWith(Duration.ofDays(3).dividedBy(64));
    ScenarioGenerator generator =
        new ScenarioGenerator(new Generation(Optional.of(stripe), Duration.ofHours(24)));
    int retries = 0;
    int resendsBeforeTheHorizon = 0;
    for (long seed = 0; seed < SEEDS; seed++) {
      Scenario scenario = generator.generate(Choices.random(seed), "x");
      assertThat(scenario.retention()).isEqualTo(Duration.ofHours(24));
      Map<String, Instant> firstAttempts = new HashMap<>();
      Instant clock = scenario.start();
      for (ScenarioStep step : scenario.steps()) {
        Instant before = clock;
        clock = step.time() == null ? clock : step.time();
        if (!(step instanceof ScenarioStep.Deliver deliver)
            || deliver.envelope().eventId().isEmpty()) {
          continue;
        }
        Integer attempt = deliver.transport().attempt();
        String id = deliver.envelope().eventId().get();
        Instant first = firstAttempts.get(id);
        if (first == null) {
          // A late snapshot's earlier attempts never reached the receiver: no first to measure by.
          boolean firstSeen = attempt == null || attempt == 1;
          firstAttempts.put(id, firstSeen ? deliver.receivedAt() : Instant.MIN);
          continue;
        }
        String where = "seed " + seed + ", step " + step.number();
        if (first.equals(Instant.MIN) || (attempt != null && attempt == 1)) {
          continue;
        }
        Duration after = Duration.between(first, deliver.receivedAt());
        if (attempt == null) {
          // A resend does not cancel Stripe's retries, so a person can resend before they end.
          assertThat(after).as(where + ": a manual redelivery").isPositive();
          resendsBeforeTheHorizon += after.compareTo(stripe.horizon()) < 0 ? 1 : 0;
          if (deliver.receivedAt().isAfter(before)) {
            // Unless the clock had passed the window already and it arrives at once, late.
            assertThat(after).as(where).isLessThanOrEqualTo(Duration.ofDays(30));
          }
        } else {
          retries++;
          assertThat(attempt).as(where).isBetween(2, stripe.lastAttempt());
          assertThat(after)
              .as(where + ": attempt " + attempt + " no earlier than its backoff time")
              .isGreaterThanOrEqualTo(stripe.retryOffsets().get(attempt - 2));
        }
      }
    }
    assertThat(retries).isPositive();
    assertThat(resendsBeforeTheHorizon).as("resends while retries are pending").isPositive();
  }

  /** Copies come at a retry or within a window; a retention edge elsewhere is not aimed at. */
  @Test
  void aCopyCanComeAtARetryOrWithinTheManualOrDelayedWindowOnly() throws InputRejected {
    DeliverySchedule stripe = DeliverySchedule.of(profile("stripe"));
    DeliverySchedule svix = DeliverySchedule.of(profile("svix"));
    DeliverySchedule shopify = DeliverySchedule.of(profile("shopify"));
    DeliverySchedule slack = DeliverySchedule.of(profile("slack"));
    Duration day = Duration.ofDays(1);

    assertThat(stripe.manualFrom()).as("a resend does not cancel the retries").isZero();
    assertThat(stripe.canSendAt(day)).isTrue();
    assertThat(svix.manualFrom()).isEqualTo(svix.horizon());
    assertThat(svix.canSendAt(day)).as("Svix retries at 17h35m5s and 27h35m5s").isFalse();
    assertThat(svix.canSendAt(Duration.parse("PT27H35M5S"))).isTrue();
    assertThat(svix.canSendAt(Duration.ofDays(90))).isTrue();
    assertThat(shopify.canSendAt(day)).isTrue();
    assertThat(shopify.canSendAt(day.plusSeconds(1))).isFalse();
    assertThat(slack.canSendAt(Duration.ofHours(2))).isTrue();
    assertThat(slack.canSendAt(day)).isFalse();
  }

  @Test
  void slacksPublishedScheduleIsSummedIntoTimesAfterTheFirstAttempt() throws InputRejected {
    DeliverySchedule slack = DeliverySchedule.of(profile("slack"));

    assertThat(slack.derived()).isFalse();
    assertThat(slack.retryOffsets())
        .containsExactly(Duration.ZERO, Duration.ofMinutes(1), Duration.ofMinutes(6));
    assertThat(slack.lastAttempt()).isEqualTo(4);
    assertThat(slack.manualWindow()).isEmpty();
    assertThat(slack.outlasts(Duration.ofHours(24))).isFalse();
  }

  @Test
  void githubNeverRetriesOnItsOwnButAPersonRedeliversWithinThreeDays() throws InputRejected {
    DeliverySchedule github = DeliverySchedule.of(profile("github"));

    assertThat(github.retryOffsets()).isEmpty();
    assertThat(github.manualWindow()).contains(Duration.ofDays(3));
    assertThat(github.outlasts(Duration.ofHours(24))).isTrue();
    assertThat(github.outlasts(Duration.ofHours(96))).isFalse();
  }

  /** Shopify documents deliveries up to a day late, far past its 4 hours of retries. */
  @Test
  void shopifysCopiesComeUpToADayLateNotOnlyAtItsRetries() throws InputRejected {
    DeliverySchedule shopify = DeliverySchedule.of(profile("shopify"));
    ScenarioGenerator generator =
        new ScenarioGenerator(new Generation(Optional.of(shopify), Duration.ofHours(24)));

    assertThat(shopify.horizon()).isEqualTo(Duration.ofHours(4));
    assertThat(shopify.lateBound()).contains(Duration.ofDays(1));
    assertThat(shopify.latestAutomaticCopy()).isEqualTo(Duration.ofDays(1));
    assertThat(shopify.outlasts(Duration.ofHours(24))).isTrue();
    assertThat(shopify.outlasts(Duration.ofHours(25))).isFalse();
    int late = 0;
    int atTheBound = 0;
    for (long seed = 0; seed < QUIRK_SEEDS; seed++) {
      Map<String, Instant> firstAttempts = new HashMap<>();
      for (ScenarioStep step : generator.generate(Choices.random(seed), "x").steps()) {
        if (!(step instanceof ScenarioStep.Deliver deliver)
            || deliver.envelope().eventId().isEmpty()) {
          continue;
        }
        Instant first = firstAttempts.putIfAbsent(deliver.envelope().eventId().get(), step.time());
        if (first == null || deliver.transport().attempt() == null) {
          continue;
        }
        Duration after = Duration.between(first, deliver.receivedAt());
        if (after.compareTo(shopify.horizon()) > 0 && after.compareTo(Duration.ofDays(1)) <= 0) {
          late++;
          atTheBound += after.equals(Duration.ofDays(1)) ? 1 : 0;
        }
      }
    }
    assertThat(late)
        .as("copies past the 4-hour horizon, within the day, seeds 0..%d", QUIRK_SEEDS - 1)
        .isGreaterThan(QUIRK_SEEDS / 10);
    assertThat(atTheBound).as("copies exactly a day late, the retention edge").isPositive();
  }

  /** Stripe: "In some cases, two separate Event objects are generated and sent." */
  @Test
  void stripeSometimesSendsOneChangeUnderASecondEventId() throws InputRejected {
    DeliverySchedule stripe = DeliverySchedule.of(profile("stripe"));
    ScenarioGenerator generator =
        new ScenarioGenerator(new Generation(Optional.of(stripe), Duration.ofHours(24)));
    ScenarioGenerator plain = new ScenarioGenerator();

    assertThat(stripe.severalIdsForOneChange()).isTrue();
    assertThat(stripe.resendRacesRetry()).isTrue();
    assertThat(DeliverySchedule.of(profile("slack")).severalIdsForOneChange()).isFalse();
    assertThat(DeliverySchedule.of(profile("slack")).resendRacesRetry()).isFalse();
    int withSecondEvent = 0;
    int plainWithSecondEvent = 0;
    for (long seed = 0; seed < QUIRK_SEEDS; seed++) {
      withSecondEvent += secondEvents(generator.generate(Choices.random(seed), "x")) > 0 ? 1 : 0;
      plainWithSecondEvent += secondEvents(plain.generate(Choices.random(seed), "x")) > 0 ? 1 : 0;
    }
    assertThat(withSecondEvent)
        .as(
            "scenarios with a second event id for one change, of %d (%d without a provider)",
            QUIRK_SEEDS, plainWithSecondEvent)
        .isGreaterThan(QUIRK_SEEDS / 10)
        .isGreaterThan(2 * plainWithSecondEvent);
  }

  /** Deliveries whose object and content an earlier delivery carried under another event id. */
  private static int secondEvents(Scenario scenario) {
    Map<String, String> idsByChange = new HashMap<>();
    int second = 0;
    for (ScenarioStep step : scenario.steps()) {
      if (step instanceof ScenarioStep.Deliver deliver
          && deliver.envelope().content() instanceof JsonObject content
          && deliver.envelope().eventId().isPresent()) {
        String id = deliver.envelope().eventId().get();
        String first =
            idsByChange.putIfAbsent(content.without(Envelope.EVENT_ID).canonicalText(), id);
        second += first != null && !first.equals(id) ? 1 : 0;
      }
    }
    return second;
  }

  static Profile profile(String name) throws InputRejected {
    return new ProfileReader()
        .read(ProjectPaths.root().resolve("profiles").resolve(name + ".json"));
  }
}
