package io.inboxcheck.profile;

import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The retention-horizon check as a scenario: an event applied at t0, the receiver's identity
 * retention running out, then the provider's latest automatic copy bringing a changed payload (a
 * higher version, a new state) under the same id. The latest copy is the last retry (t0 + horizon),
 * or, where the profile documents that a delivery can come later still, a copy delayed up to that
 * bound (Shopify: up to a day late, against 4 hours of retries).
 *
 * <p>Each step expects what a receiver that still remembers the id decides (SPEC section 3.1: a
 * variant of a retained id is HELD {@code ID_CONFLICT}, its card paused). A receiver whose
 * retention ended before the latest copy cannot recognise the id and applies the variant as a new
 * event (SPEC section 5), so the file fails against it: it is the counterexample, replayable as it
 * is. The payload is changed so that forgetting shows; a provider's copies carry the original one.
 */
public final class RetentionProbe {
  /** When the probe's first delivery arrives; any fixed time does, so files are reproducible. */
  static final Instant FIRST_ATTEMPT = Instant.parse("2024-03-01T10:00:00Z");

  static final String EVENT_ID = "e-1";
  static final String CARD = "card-1";

  private RetentionProbe() {}

  /**
   * The copy the probe sends last: when it comes after the first attempt, whether it is a delivery
   * the provider delayed rather than its last retry, and the fact that says so.
   *
   * @param attempt its attempt number, when the schedule says it; null for a delayed copy
   */
  public record LatestCopy(Duration after, boolean delayed, Fact<Duration> fact, Integer attempt) {
    /** The copy that {@code profile} documents as its latest automatic one. */
    public static LatestCopy of(Profile profile) {
      Optional<Duration> late = profile.lateCopyBeyondRetries();
      if (late.isPresent()) {
        return new LatestCopy(late.get(), true, profile.lateDelivery(), null);
      }
      List<Duration> schedule = profile.retrySchedule().value();
      return new LatestCopy(
          profile.retryHorizon().value(),
          false,
          profile.retryHorizon(),
          schedule == null ? null : schedule.size() + 1);
    }

    /** The copy in a line: {@code a delivery delayed past the retries, at t0 + PT24H}. */
    public String described() {
      return (delayed ? "a delivery delayed past the retries" : "the last automatic retry")
          + ", at t0 + "
          + after;
    }
  }

  /** The file name the probe is written under, e.g. {@code stripe-retention-PT24H}. */
  public static String name(Profile profile, Duration retention) {
    return profile.name() + "-retention-" + retention;
  }

  /** The probe as scenario text, one step per line, ready to write and replay. */
  public static String text(Profile profile, Duration retention) {
    LatestCopy latest = LatestCopy.of(profile);
    List<String> steps = new ArrayList<>();
    steps.add(
        "    {\"deliver\": "
            + envelope(2, "paid")
            + ", \"received_at\": \""
            + FIRST_ATTEMPT
            + "\", \"attempt\": 1, \"note\": \"the event arrives and is applied\", \"expect\":"
            + " {\"decision\": \"APPLIED\", \"reason\": null, \"ack\": \"ACK\", \"cards\":"
            + " {\"card-1\": {\"version\": 2, \"paused\": false}}, \"held\": []}}");
    if (retention.compareTo(latest.after()) <= 0) {
      steps.add(
          "    {\"advance\": \""
              + retention
              + "\", \"note\": \"the receiver's identity retention ends here: a receiver that"
              + " prunes on time forgets e-1\"}");
    }
    steps.add(
        "    {\"deliver\": "
            + envelope(3, "refunded")
            + ", \"received_at\": \""
            + FIRST_ATTEMPT.plus(latest.after())
            + "\""
            + (latest.attempt() == null ? "" : ", \"attempt\": " + latest.attempt())
            + ", \"note\": \"the provider's latest automatic copy, "
            + latest.described()
            + ", carries a changed payload under e-1\", \"expect\": {\"decision\": \"HELD\","
            + " \"reason\": \"ID_CONFLICT\", \"ack\": \"ACK\", \"cards\": {\"card-1\":"
            + " {\"version\": 2, \"state\": {\"label\": \"Order\", \"stage\": \"paid\"},"
            + " \"paused\": true}}, \"paused\": [\"card-1\"], \"held\": [\"e-1\"]}}");
    return String.join(
        "\n",
        "{",
        "  \"$schema\": \"./scenario.schema.json\",",
        "  \"name\": " + quoted(name(profile, retention)) + ",",
        "  \"description\": " + quoted(description(profile, retention, latest)) + ",",
        "  \"retention\": \"" + retention + "\",",
        "  \"supported_types\": [\"card.snapshot\"],",
        "  \"start\": \"" + FIRST_ATTEMPT + "\",",
        "  \"initial\": {",
        "    \"card-1\": {\"version\": 1, \"state\": {\"label\": \"Order\", \"stage\": \"queued\"}}",
        "  },",
        "  \"steps\": [",
        String.join(",\n", steps),
        "  ],",
        "  \"expect_final\": {\"cards\": {\"card-1\": {\"version\": 2, \"state\": {\"label\":"
            + " \"Order\", \"stage\": \"paid\"}, \"paused\": true}}, \"paused\": [\"card-1\"],"
            + " \"unresolved\": [\"e-1\"], \"replacements\": {\"event\": 1, \"authoritative\": 0}}",
        "}",
        "");
  }

  /** The probe read back as a scenario, exactly as {@code replay} will read the written file. */
  public static Scenario scenario(Profile profile, Duration retention) {
    try {
      return new ScenarioReader().read(name(profile, retention), text(profile, retention));
    } catch (InputRejected rejected) {
      throw new IllegalStateException("the retention probe is not a valid scenario", rejected);
    }
  }

  private static String description(Profile profile, Duration retention, LatestCopy latest) {
    Fact<Duration> fact = latest.fact();
    return "retention-horizon check: "
        + profile.provider()
        + "'s latest automatic copy of an event is "
        + latest.described()
        + (fact.verified() ? " (" : " (not verified; ")
        + fact.source()
        + "); a receiver keeping ids for "
        + retention
        + " must still recognise e-1 when that copy brings a changed payload under it."
        + " Each step expects what a receiver remembering the id decides (HELD ID_CONFLICT);"
        + " a receiver that forgot it applies the variant, and this file fails against it.";
  }

  private static String envelope(long version, String stage) {
    return "{\"event_id\": \"e-1\", \"object_id\": \"card-1\", \"object_version\": "
        + version
        + ", \"occurred_at\": \""
        + FIRST_ATTEMPT
        + "\", \"type\": \"card.snapshot\", \"state\": {\"label\": \"Order\", \"stage\": \""
        + stage
        + "\"}}";
  }

  private static String quoted(String text) {
    return new JsonString(text).canonicalText();
  }
}
