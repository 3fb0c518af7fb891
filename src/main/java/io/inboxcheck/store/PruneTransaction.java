package io.inboxcheck.store;

import io.inboxcheck.model.Effects;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.Retention;
import io.inboxcheck.store.IdentityRows.StoredIdentity;
import java.sql.SQLException;
import java.util.Map;

/**
 * Prunes one identity record whose retention ended, under the same locks a delivery of that id
 * takes, after the pure retention rule agreed on the record as it is now (SPEC section 5).
 */
record PruneTransaction(TransactionScope scope, String eventId) {
  /** The identity lock, which every writer of the id's rows holds (section 4.1). */
  static final String LOCK_EVENT = "SELECT lock_event(?)";

  /** Runs every statement up to, not including, COMMIT; true when the record was pruned. */
  boolean run() throws SQLException {
    Sql.query(scope.connection(), LOCK_EVENT, row -> {}, eventId);
    StoredIdentity identity = IdentityRows.load(scope.connection(), eventId);
    if (identity == null) {
      return false;
    }
    CardRows.lockNames(scope.connection(), identity.namedCards());
    // Whether a delivery of the id is still held changes under the card locks alone (a
    // reconciliation resolves it), so it is read again now that they are held.
    identity = IdentityRows.load(scope.connection(), eventId);
    if (identity == null) {
      return false;
    }
    IdentityRecord record = identity.record();
    if (!Retention.expired(
            record.firstReceivedAt(), scope.clock(), scope.settings().setup().retention())
        || Retention.stillOwed(record, identity.heldSteps()::contains)) {
      return false;
    }
    scope.settings().hook().reached(RaceHook.Window.PRUNE_DECIDED, scope.connection());
    new EffectsWriter(scope.connection(), Map.of())
        .write(Effects.identityPruned(scope.step(), scope.clock(), record));
    return true;
  }
}
