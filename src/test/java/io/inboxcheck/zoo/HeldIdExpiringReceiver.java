package io.inboxcheck.zoo;

import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.Retention;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.Optional;

/**
 * Mistake 28: prunes an id at the end of its retention even while one of its deliveries is still
 * held, so a redelivery or changed content under that id is no longer recognised: it is decided as
 * a new event.
 */
public final class HeldIdExpiringReceiver extends IdentityRewritingReceiver {
  public HeldIdExpiringReceiver(ReceiverSetup setup) {
    super("prunes-held-ids", setup);
  }

  @Override
  protected Optional<IdentityRecord> remembered(IdentityRecord record) {
    return Optional.of(record)
        .filter(r -> !Retention.expired(r.firstReceivedAt(), state.clock(), state.retention()));
  }
}
