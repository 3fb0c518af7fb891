package io.inboxcheck.conform;

import io.inboxcheck.check.Facts;

/**
 * A recorded step where the receiver did something other than the model does from the same state: a
 * delivery decided otherwise, a reconciliation that left another card or re-evaluated otherwise, an
 * identity let go of at another time. Data first; {@link #describe()} is one rendering.
 *
 * @param kind {@code decision}, {@code reconciliation} or {@code pruning}
 * @param subject the event id or card the step is about
 * @param line the recorded line (for a reconciliation, the authority's snapshot of the card as a
 *     reconcile line), kept so the divergence can be replayed; null when it cannot be
 */
public record Divergence(
    LinePosition position, String kind, String subject, Facts model, Facts recorded, LogLine line) {

  /**
   * Whether it can become a scenario {@code replay} shows failing: a delivery's decision, its
   * envelope JSON. A reconciliation's or a pruning's is reported with its records only.
   */
  public boolean replayable() {
    return line instanceof LogLine.Delivery delivery
        && !(delivery.envelope().content() instanceof io.inboxcheck.json.JsonString);
  }

  public String describe() {
    return position.describe()
        + ": "
        + kind
        + " of "
        + subject
        + " differs: model "
        + model.describe()
        + "; recorded "
        + recorded.describe();
  }
}
