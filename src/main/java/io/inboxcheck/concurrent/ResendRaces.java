package io.inboxcheck.concurrent;

import io.inboxcheck.model.Envelope;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A person's resend racing the provider's automatic retry of the same event, as measured. Stripe
 * documents that a manual resend "doesn't cancel Stripe's automatic retry behavior", so once an
 * event failed, its next retry and a resend a person sent can be in flight at once. A round that
 * sends one event both as a numbered retry and as an unnumbered resend is such a race; what counts
 * is how many retry and resend pairs of it were really in flight together.
 */
public final class ResendRaces {
  /** Pairs of a resend and a retry in flight at once that a run needs, at least. */
  public static final int FLOOR = 1;

  private ResendRaces() {}

  /**
   * Pairs of a retry and a resend of one event, sent in one round of {@code rounds}, that were in
   * flight at once in {@code requests}.
   */
  public static int inFlight(List<List<ScenarioStep>> rounds, List<Request> requests) {
    Set<Integer> retries = new HashSet<>();
    Set<Integer> resends = new HashSet<>();
    for (List<ScenarioStep> round : rounds) {
      List<ScenarioStep.Deliver> numbered = new ArrayList<>();
      List<ScenarioStep.Deliver> plain = new ArrayList<>();
      for (ScenarioStep step : round) {
        if (step instanceof ScenarioStep.Deliver deliver) {
          (isRetry(deliver) ? numbered : plain).add(deliver);
        }
      }
      for (ScenarioStep.Deliver retry : numbered) {
        for (ScenarioStep.Deliver resend : plain) {
          if (sameEvent(retry.envelope(), resend.envelope())) {
            retries.add(retry.number());
            resends.add(resend.number());
          }
        }
      }
    }
    int pairs = 0;
    for (Request retry : requests) {
      if (!retries.contains(retry.step())) {
        continue;
      }
      for (Request resend : requests) {
        boolean pair =
            resends.contains(resend.step())
                && resend.round() == retry.round()
                && sameEvent(retry.envelope(), resend.envelope());
        if (pair && retry.overlaps(resend)) {
          pairs++;
        }
      }
    }
    return pairs;
  }

  /** The coverage line of the races, beside those of {@link InFlightCoverage}. */
  public static String line(int racesInFlight) {
    return InFlightCoverage.line(
        "a resend in flight with an automatic retry",
        racesInFlight + " pairs",
        racesInFlight,
        FLOOR);
  }

  /** The shortfall, when no resend and retry were ever in flight together; empty otherwise. */
  public static List<String> shortfalls(int racesInFlight) {
    if (racesInFlight >= FLOOR) {
      return List.of();
    }
    return List.of(
        "coverage shortfall: a resend in flight with an automatic retry of the same event occurred "
            + racesInFlight
            + " times, the floor is "
            + FLOOR);
  }

  private static boolean isRetry(ScenarioStep.Deliver deliver) {
    return deliver.transport() != null && deliver.transport().attempt() != null;
  }

  private static boolean sameEvent(Envelope one, Envelope other) {
    return one.eventId().isPresent() && Objects.equals(one.eventId(), other.eventId());
  }
}
