package io.inboxcheck.zoo;

import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.Retention;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.Optional;

/**
 * Mistake 23: measures an id's retention from the event's {@code occurred_at} instead of its first
 * receipt on the receiver clock, so an event that took a while to arrive is forgotten before its
 * window ends and a redelivery near the end is decided as new.
 */
public final class OccurredAtRetentionReceiver extends IdentityRewritingReceiver {
  public OccurredAtRetentionReceiver(ReceiverSetup setup) {
    super("retention-from-occurred-at", setup);
  }

  @Override
  protected Optional<IdentityRecord> remembered(IdentityRecord record) {
    boolean expired =
        occurredAt(new Envelope(record.firstRecord().content()))
            .filter(time -> Retention.expired(time, state.clock(), state.retention()))
            .isPresent();
    return expired && !Retention.stillOwed(record, state::isHeld)
        ? Optional.empty()
        : Optional.of(record);
  }
}
