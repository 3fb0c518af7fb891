package io.inboxcheck.profile;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How one provider delivers webhooks, as its public documentation states it: every fact carries its
 * source and whether a provider page confirms it.
 *
 * @param name the file name without {@code .json}, as {@code profiles} lists it
 * @param source where the profile was read from, for messages
 * @param retrySchedule delays between automatic attempts, each after the previous attempt; null
 *     when the provider publishes only the horizon
 * @param retryHorizon how long after the first attempt the last automatic retry can come
 * @param lateDelivery how long after the first attempt a copy can still arrive when the provider's
 *     own delivery is delayed, beyond the retries; null when no bound is documented
 * @param manualRedeliveryWindow how long after an event a person can still send it again; null when
 *     there is no manual redelivery
 * @param severalIdsForOneChange whether one change can reach a receiver under more than one
 *     identity (the same object and content, another id); null when not documented
 * @param copiesInFlight how many copies of one delivery can be in flight at once
 * @param stopRetriesHeader the answer header, as {@code NAME: VALUE}, with which a receiver stops
 *     the retries of one delivery; null when none is documented
 * @param endpointDisabled when the provider stops delivering to an endpoint that keeps failing, in
 *     its own words; null when not documented
 */
public record Profile(
    String name,
    String provider,
    String description,
    String source,
    Fact<List<Duration>> retrySchedule,
    Fact<Duration> retryHorizon,
    Fact<Duration> lateDelivery,
    Fact<Duration> manualRedeliveryWindow,
    Fact<Identity> identity,
    Fact<Boolean> severalIdsForOneChange,
    Fact<String> attemptHeader,
    Fact<Boolean> timestampChangesPerAttempt,
    Fact<Ordering> ordering,
    Fact<Integer> copiesInFlight,
    Fact<Duration> responseTimeout,
    Fact<String> stopRetriesHeader,
    Fact<String> endpointDisabled) {

  /** Every fact of the profile, in the order of its file. */
  public List<Fact<?>> facts() {
    return List.of(
        retrySchedule,
        retryHorizon,
        lateDelivery,
        manualRedeliveryWindow,
        identity,
        severalIdsForOneChange,
        attemptHeader,
        timestampChangesPerAttempt,
        ordering,
        copiesInFlight,
        responseTimeout,
        stopRetriesHeader,
        endpointDisabled);
  }

  /**
   * The latest an automatic copy of an event can arrive after its first attempt: the last retry, or
   * a delayed delivery when the provider documents a longer bound. A person's redelivery is not
   * automatic and is not counted here.
   */
  public Duration latestAutomaticCopy() {
    return lateCopyBeyondRetries().orElse(retryHorizon.value());
  }

  /** The documented bound on a delayed delivery, when it reaches past the last retry. */
  public Optional<Duration> lateCopyBeyondRetries() {
    return Optional.ofNullable(lateDelivery.value())
        .filter(late -> late.compareTo(retryHorizon.value()) > 0);
  }

  /**
   * Where the event's identity travels: a header or a field of the body, and, when the provider
   * sends one event to several hooks under the same id, what makes it unique among them.
   *
   * @param uniqueWith the header or field that, together with {@code name}, identifies one delivery
   *     among the hooks subscribed to the event; null when {@code name} alone does
   */
  public record Identity(Carrier carrier, String name, String uniqueWith) {
    @Override
    public String toString() {
      String names = uniqueWith == null ? name : uniqueWith + " + " + name;
      if (carrier == Carrier.BODY) {
        return "body " + names;
      }
      return names + (uniqueWith == null ? " (header)" : " (headers)");
    }
  }

  /** The part of a request that carries the identity. */
  public enum Carrier {
    HEADER,
    BODY
  }

  /** What the provider promises about the order of deliveries. */
  public enum Ordering {
    GUARANTEED,
    NOT_GUARANTEED,
    NOT_DOCUMENTED
  }
}
