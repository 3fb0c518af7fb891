package io.inboxcheck.generate;

import io.inboxcheck.profile.Profile;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * When a provider sends an event again, as its profile documents it: the automatic retries' times
 * after the first attempt, the horizon the last one comes at, how late a delayed delivery can still
 * come, and how long a person can still redeliver by hand. The generator draws redeliveries from it
 * instead of its fixed small gaps.
 *
 * @param profile the profile it was built from
 * @param retryOffsets the time of each automatic retry after the first attempt, in order: retry k
 *     is attempt k + 1; empty when the provider does not retry on its own
 * @param derived whether the offsets were derived from the horizon alone (the profile publishes no
 *     schedule): halving back from the horizon, as exponential backoff does
 */
public record DeliverySchedule(Profile profile, List<Duration> retryOffsets, boolean derived) {
  /** Retries derived for a provider that publishes only its horizon and exponential backoff. */
  static final int DERIVED_RETRIES = 7;

  public DeliverySchedule {
    retryOffsets = List.copyOf(retryOffsets);
  }

  /** The schedule of {@code profile}: its published retries, or ones derived from its horizon. */
  public static DeliverySchedule of(Profile profile) {
    List<Duration> delays = profile.retrySchedule().value();
    Duration horizon = profile.retryHorizon().value();
    List<Duration> offsets = new ArrayList<>();
    if (delays != null) {
      Duration offset = Duration.ZERO;
      for (Duration delay : delays) {
        offset = offset.plus(delay);
        offsets.add(offset);
      }
      return new DeliverySchedule(profile, offsets, false);
    }
    for (int retry = DERIVED_RETRIES - 1; retry >= 0 && !horizon.isZero(); retry--) {
      offsets.add(horizon.dividedBy(1L << retry));
    }
    return new DeliverySchedule(profile, offsets, true);
  }

  public String name() {
    return profile.name();
  }

  /** How long after the first attempt the last automatic retry comes. */
  public Duration horizon() {
    return retryOffsets.isEmpty() ? Duration.ZERO : retryOffsets.get(retryOffsets.size() - 1);
  }

  /** The attempt number of the last automatic retry; 1 when the provider never retries. */
  public int lastAttempt() {
    return retryOffsets.size() + 1;
  }

  /**
   * How long after the first attempt a delayed copy can still arrive, when the profile documents a
   * bound past the last retry (Shopify: up to a day late, against 4 hours of retries).
   */
  public Optional<Duration> lateBound() {
    return profile.lateCopyBeyondRetries();
  }

  /**
   * The latest an automatic copy can come after the first attempt: a late delivery or the last
   * retry.
   */
  public Duration latestAutomaticCopy() {
    return lateBound().orElse(horizon());
  }

  /**
   * Whether a person's resend and an automatic retry of one event can be in flight at once: the
   * provider retries on its own, lets a person resend, and documents two copies in flight (Stripe:
   * a resend does not cancel the automatic retries).
   */
  public boolean resendRacesRetry() {
    Integer copies = profile.copiesInFlight().value();
    return !retryOffsets.isEmpty() && manualWindow().isPresent() && copies != null && copies >= 2;
  }

  /** Whether one change can reach the receiver a second time under another event id (Stripe). */
  public boolean severalIdsForOneChange() {
    return Boolean.TRUE.equals(profile.severalIdsForOneChange().value());
  }

  /** How long after the first attempt a person can still redeliver, when they can. */
  public Optional<Duration> manualWindow() {
    return Optional.ofNullable(profile.manualRedeliveryWindow().value())
        .filter(window -> window.compareTo(horizon()) > 0);
  }

  /**
   * From when after the first attempt a person's resend can come: at once for a provider whose
   * resend does not cancel its retries (Stripe), else after the last retry.
   */
  public Duration manualFrom() {
    return resendRacesRetry() ? Duration.ZERO : horizon();
  }

  /**
   * Whether a copy of an event can come exactly {@code after} its first attempt: at a retry, as a
   * person's resend within the manual window, or as a delivery delayed within the documented bound.
   */
  public boolean canSendAt(Duration after) {
    return retryOffsets.contains(after)
        || within(manualFrom(), manualWindow(), after)
        || within(horizon(), lateBound(), after);
  }

  private static boolean within(Duration from, Optional<Duration> to, Duration after) {
    return to.isPresent() && after.compareTo(from) > 0 && after.compareTo(to.get()) <= 0;
  }

  /**
   * Whether the provider sends the same event again later than {@code retention} after the first.
   */
  public boolean outlasts(Duration retention) {
    Duration automatic = latestAutomaticCopy();
    Duration latest =
        manualWindow().filter(window -> window.compareTo(automatic) > 0).orElse(automatic);
    return latest.compareTo(retention) >= 0;
  }
}
