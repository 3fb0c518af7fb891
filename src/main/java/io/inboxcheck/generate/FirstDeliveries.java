package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.model.Envelope;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each event id's first durable delivery and when it arrived: where its retention window ends, so
 * the clock can be moved onto that edge.
 */
final class FirstDeliveries {
  /** One id's first delivery. */
  record First(JsonObject envelope, Instant receivedAt) {}

  private final Map<String, First> byEventId = new LinkedHashMap<>();

  /** Notes a durable delivery at {@code clock}; only an id's first one counts. */
  void sent(JsonObject envelope, Instant clock) {
    new Envelope(envelope)
        .eventId()
        .ifPresent(id -> byEventId.putIfAbsent(id, new First(envelope, clock)));
  }

  boolean isEmpty() {
    return byEventId.isEmpty();
  }

  First pick(Choices choices) {
    return choices.pick(new ArrayList<>(byEventId.values()));
  }

  /**
   * An id's first delivery whose window ends more than a millisecond after {@code clock}, so a move
   * onto its edge, or a millisecond either side, lies ahead; any id's when none does.
   */
  First pickEndingAfter(Choices choices, Instant clock, Duration retention) {
    List<First> ahead =
        byEventId.values().stream()
            .filter(first -> first.receivedAt().plus(retention).minusMillis(1).isAfter(clock))
            .toList();
    return ahead.isEmpty() ? pick(choices) : choices.pick(ahead);
  }
}
