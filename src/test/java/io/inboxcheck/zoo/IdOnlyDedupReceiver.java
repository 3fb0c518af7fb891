package io.inboxcheck.zoo;

import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.DeliveryOutcome.IdentityEffect;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Mistake 3: deduplicates by event id only, so a reused id with changed content is silently dropped
 * as a duplicate.
 */
public final class IdOnlyDedupReceiver extends NaiveReceiver {
  public IdOnlyDedupReceiver(ReceiverSetup setup) {
    super("id-only-dedup", setup);
  }

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    Optional<IdentityRecord> record = envelope.eventId().flatMap(state::identity);
    if (record.isEmpty()) {
      return super.decide(envelope);
    }
    Decision restated = record.get().firstRecord().latestDecision();
    return new DeliveryOutcome(
        new Decision.Duplicate(restated), IdentityEffect.NONE, new TreeMap<>());
  }
}
