package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.model.Envelope;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * When a provider with a {@link DeliverySchedule} sends an event again: the next automatic retry,
 * the last one at the horizon, a copy delayed past the retries up to the documented bound, or a
 * person's manual redelivery within its window, each measured from the event's first attempt. A
 * retry whose time has already passed on the receiver clock arrives at once, late in transit.
 */
final class ProviderTiming {
  /** Weights of the next retry, the last retry, a manual redelivery and a delayed copy. */
  private static final int NEXT_RETRY = 5;

  private static final int LAST_RETRY = 2;
  private static final int MANUAL = 2;
  private static final int LATE_COPY = 2;

  /** How often a copy past the retries aims at the edges of the receiver's retention. */
  private static final int RETENTION_EDGE_PERCENT = 25;

  /** How often a delayed copy comes exactly at the documented bound. */
  private static final int AT_THE_BOUND_PERCENT = 30;

  /** How often a new event is followed by a second event for the same change, when documented. */
  static final int SECOND_EVENT_PERCENT = 20;

  private final Choices choices;
  private final DeliverySchedule schedule;

  /** The receiver's identity retention, whose edges a copy in a long enough window aims at. */
  private final Duration retention;

  private final Map<String, Instant> firstAttempts = new HashMap<>();

  /** The highest automatic attempt number sent so far per event id. */
  private final Map<String, Integer> lastAttempts = new HashMap<>();

  ProviderTiming(Choices choices, DeliverySchedule schedule, Duration retention) {
    this.choices = choices;
    this.schedule = schedule;
    this.retention = retention;
  }

  /**
   * One attempt of an event.
   *
   * @param at when it reaches the receiver
   * @param number its attempt number, or null for a manual redelivery, which no provider numbers
   */
  record Attempt(Instant at, Integer number) {}

  /**
   * Notes an attempt sent at {@code at} with its number (null for a manual one, which starts no
   * count); the first attempt of an id starts its schedule.
   */
  void sent(JsonObject envelope, Instant at, Integer number) {
    new Envelope(envelope)
        .eventId()
        .ifPresent(
            id -> {
              firstAttempts.putIfAbsent(id, at);
              lastAttempts.merge(id, number == null ? 1 : number, Math::max);
            });
  }

  /**
   * A snapshot whose earlier attempts all failed before reaching the receiver: its schedule starts
   * now, and it arrives at a retry.
   */
  Attempt late(JsonObject envelope, Instant now) {
    sent(envelope, now, 1);
    return again(envelope, now, false);
  }

  /** The attempt that sends {@code envelope} again, no earlier than {@code now}. */
  Attempt again(JsonObject envelope, Instant now) {
    return again(envelope, now, true);
  }

  private Attempt again(JsonObject envelope, Instant now, boolean manualAllowed) {
    String id = new Envelope(envelope).eventId().orElse("");
    Instant first = firstAttempts.getOrDefault(id, now);
    int made = lastAttempts.getOrDefault(id, 1);
    List<Duration> retries = schedule.retryOffsets();
    boolean retrying = made <= retries.size();
    boolean manual = manualAllowed && schedule.manualWindow().isPresent();
    boolean late = schedule.lateBound().isPresent();
    if (!retrying && !manual && !late) {
      // The automatic retries are spent and no person can redeliver: a copy of the last attempt
      // that was delayed in transit.
      return new Attempt(now, made);
    }
    int drawn =
        choices.weighted(
            retrying ? NEXT_RETRY : 0,
            retrying ? LAST_RETRY : 0,
            manual ? MANUAL : 0,
            late ? LATE_COPY : 0);
    Attempt attempt =
        switch (drawn) {
          case 2 ->
              new Attempt(
                  within(first, schedule.manualFrom(), schedule.manualWindow().orElseThrow()),
                  null);
          // A delivery the provider itself held up: a copy of the latest attempt made, arriving
          // after the retries are over, at most the documented bound after the first attempt.
          case 3 -> new Attempt(delayedCopy(first), made);
          default -> {
            int retry = drawn == 1 ? retries.size() : made;
            yield new Attempt(first.plus(retries.get(retry - 1)), retry + 1);
          }
        };
    return attempt.at().isBefore(now) ? new Attempt(now, attempt.number()) : attempt;
  }

  /**
   * A delayed copy's time: after the last retry, at most the documented bound after the first
   * attempt, and often exactly at the bound, the copy a retention is judged against.
   */
  private Instant delayedCopy(Instant first) {
    Duration bound = schedule.lateBound().orElseThrow();
    return choices.bool(AT_THE_BOUND_PERCENT)
        ? first.plus(bound)
        : within(first, schedule.horizon(), bound);
  }

  /**
   * A time later than {@code from} and no later than {@code to} after the first attempt: often a
   * second from the end of the retention, when the window reaches it, since kept or forgotten is
   * decided there.
   */
  private Instant within(Instant first, Duration from, Duration to) {
    if (choices.bool(RETENTION_EDGE_PERCENT)) {
      Instant edge = EdgeValues.retentionEdge(choices, first, retention, false, true);
      if (edge.isAfter(first.plus(from)) && !edge.isAfter(first.plus(to))) {
        return edge;
      }
    }
    Duration into = to.minus(from).multipliedBy(choices.integer(1, 100)).dividedBy(100);
    return first.plus(from).plus(into);
  }

  /**
   * For a provider that can send one change twice under two event ids (Stripe's "two separate Event
   * objects"), sometimes the second event for the change {@code envelope} carries: the same object
   * and content under the next id of {@code eventIds}. Draws nothing for any other provider.
   */
  Optional<JsonObject> secondEvent(JsonObject envelope, Supplier<String> eventIds) {
    if (!schedule.severalIdsForOneChange() || !choices.bool(SECOND_EVENT_PERCENT)) {
      return Optional.empty();
    }
    return Optional.of(envelope.with(Envelope.EVENT_ID, new JsonString(eventIds.get())));
  }
}
