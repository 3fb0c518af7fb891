package io.inboxcheck.store;

import io.inboxcheck.model.Effects;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.Retention;
import io.inboxcheck.store.IdentityRows.StoredIdentity;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;

/**
 * Prunes one identity record whose retention ended, under the same locks a delivery of that id
 * takes, after the pure retention rule agreed on the record as it is now (SPEC section 5).
 */
final class PruneTransaction {
  private final Connection connection;
  private final StoreSettings settings;
  private final int step;
  private final String eventId;
  private final Instant clock;

  PruneTransaction(
      Connection connection, StoreSettings settings, int step, String eventId, Instant clock) {
    this.connection = connection;
    this.settings = settings;
    this.step = step;
    this.eventId = eventId;
    this.clock = clock;
  }

  /** Runs every statement up to, not including, COMMIT; true when the record was pruned. */
  boolean run() throws SQLException {
    Sql.query(connection, "SELECT lock_event(?)", row -> {}, eventId);
    StoredIdentity identity = IdentityRows.load(connection, eventId);
    if (identity == null) {
      return false;
    }
    settings.locks().lockCardNames(connection, identity.namedCards());
    // Whether a delivery of the id is still held changes under the card locks alone (a
    // reconciliation resolves it), so it is read again now that they are held.
    identity = IdentityRows.load(connection, eventId);
    IdentityRecord record = identity.record();
    if (!Retention.expired(record.firstReceivedAt(), clock, settings.setup().retention())
        || Retention.stillOwed(record, identity.heldSteps()::contains)) {
      return false;
    }
    new EffectsWriter(connection, settings.locks(), Map.of())
        .write(Effects.identityPruned(step, clock, record));
    return true;
  }
}
