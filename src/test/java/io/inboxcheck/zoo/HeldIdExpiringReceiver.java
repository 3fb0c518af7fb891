package io.inboxcheck.zoo;

import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.Retention;
import io.inboxcheck.receiver.ReceiverSetup;

/**
 * Mistake 28: prunes an id at the end of its retention even while one of its deliveries is still
 * held, so changed content under that id is no longer a conflict: it is decided as a new event and
 * applied.
 */
public final class HeldIdExpiringReceiver extends IdForgettingReceiver {
  public HeldIdExpiringReceiver(ReceiverSetup setup) {
    super("prunes-held-ids", setup);
  }

  @Override
  protected boolean forgets(IdentityRecord record) {
    return Retention.expired(record.firstReceivedAt(), state.clock(), state.retention());
  }
}
