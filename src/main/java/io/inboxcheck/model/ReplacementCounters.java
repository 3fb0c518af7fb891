package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** How often a card's state was replaced, by an event and by an authority (SPEC section 2). */
@API(status = EXPERIMENTAL)
public record ReplacementCounters(long event, long authoritative) {
  public static final ReplacementCounters ZERO = new ReplacementCounters(0, 0);

  public long total() {
    return event + authoritative;
  }

  public ReplacementCounters plus(ReplacementCounters other) {
    return new ReplacementCounters(event + other.event, authoritative + other.authoritative);
  }
}
