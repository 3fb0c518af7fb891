package io.inboxcheck.profile;

import java.time.Duration;
import java.util.List;

/**
 * How one provider delivers webhooks, as its public documentation states it: every fact carries its
 * source and whether it was verified.
 *
 * @param name the file name without {@code .json}, as {@code profiles} lists it
 * @param source where the profile was read from, for messages
 * @param retrySchedule delays between automatic attempts, each after the previous attempt; null
 *     when the provider publishes only the horizon
 * @param retryHorizon how long after the first attempt the last automatic retry can come
 * @param manualRedeliveryWindow how long after an event a person can still send it again; null when
 *     there is no manual redelivery
 * @param copiesInFlight how many copies of one delivery can be in flight at once
 */
public record Profile(
    String name,
    String provider,
    String description,
    String source,
    Fact<List<Duration>> retrySchedule,
    Fact<Duration> retryHorizon,
    Fact<Duration> manualRedeliveryWindow,
    Fact<Identity> identity,
    Fact<String> attemptHeader,
    Fact<Boolean> timestampChangesPerAttempt,
    Fact<Ordering> ordering,
    Fact<Integer> copiesInFlight,
    Fact<Duration> responseTimeout) {

  /** Where the event's identity travels: a header or a field of the body. */
  public record Identity(Carrier carrier, String name) {
    @Override
    public String toString() {
      return carrier == Carrier.HEADER ? name + " (header)" : "body " + name;
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
