package io.inboxcheck.zoo;

import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.ReceiverSetup;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Mistake 2: orders events by {@code occurred_at} (ties by arrival) instead of by object version.
 */
public final class OccurredAtOrderReceiver extends NaiveReceiver {
  private final Map<String, Instant> latestOccurredAt = new HashMap<>();

  public OccurredAtOrderReceiver(ReceiverSetup setup) {
    super("occurred-at-order", setup);
  }

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    DeliveryOutcome reference = super.decide(envelope);
    Optional<Instant> occurredAt = occurredAt(envelope);
    if (!decidedByVersion(reference) || occurredAt.isEmpty()) {
      return reference;
    }
    Instant latest = latestOccurredAt.get(envelope.objectId().orElseThrow());
    if (latest != null && occurredAt.get().isBefore(latest)) {
      return stale(reference.identityEffect());
    }
    // Not earlier than the latest seen: the later arrival wins the tie.
    return applied(envelope, reference.identityEffect(), eventCard(envelope));
  }

  @Override
  protected void record(int step, Envelope envelope, DeliveryOutcome outcome) {
    super.record(step, envelope, outcome);
    if (outcome.decision().kind() == DecisionKind.APPLIED) {
      occurredAt(envelope)
          .ifPresent(at -> latestOccurredAt.put(envelope.objectId().orElseThrow(), at));
    }
  }
}
