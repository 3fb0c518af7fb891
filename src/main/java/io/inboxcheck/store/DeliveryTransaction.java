package io.inboxcheck.store;

import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.Reducer;
import io.inboxcheck.store.IdentityRows.StoredIdentity;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;

/**
 * One delivery as one transaction: lock, load the slice, let the pure reducer decide, write exactly
 * the outcome's effects (docs/storage-boundary.md 5). Nothing here decides anything. There is one
 * read, {@link DeliveryRead}, for production and tests alike: a test reaches a race window through
 * the {@link RaceHook}, never through other statements.
 */
record DeliveryTransaction(TransactionScope scope, Envelope envelope) {
  /**
   * Runs every statement of the delivery, and COMMIT with its writes when {@code commit}; without
   * it, the transaction is left open for the caller to end.
   */
  Decision run(boolean commit) throws SQLException {
    // The read sends BEGIN with its statements, so the driver must not send one of its own: with
    // autocommit on it sends none, and the explicit BEGIN holds the transaction open until the
    // COMMIT of the writes. Autocommit goes off again before anything else runs on the
    // connection, so a failure is rolled back by the caller as before.
    Connection connection = scope.connection();
    connection.setAutoCommit(true);
    try {
      return decideAndWrite(
          DeliveryRead.load(connection, scope.settings().hook(), envelope), commit);
    } finally {
      // A connection closed under the delivery is discarded by the caller; turning autocommit off
      // on it would only replace the error that closed it.
      if (!connection.isClosed()) {
        connection.setAutoCommit(false);
      }
    }
  }

  private Decision decideAndWrite(DeliveryRead read, boolean commit) throws SQLException {
    SortedSet<String> names = read.names();
    StoredIdentity identity = read.identity();
    Optional<String> eventId = envelope.eventId();
    SliceView slice =
        new SliceView(
            names,
            read.cards(),
            eventId.orElse(null),
            identity == null ? null : identity.record(),
            List.of(),
            identity == null ? Set.of() : identity.heldSteps(),
            scope.settings().setup().viewAt(scope.clock()));
    DeliveryOutcome outcome = Reducer.decide(slice, envelope);
    if (!names.containsAll(outcome.cardsAfter().keySet())) {
      throw new IllegalStateException(
          "the reducer changed cards " + outcome.cardsAfter().keySet() + " outside " + names);
    }
    scope.settings().hook().reached(RaceHook.Window.DELIVERY_DECIDED, scope.connection());
    EffectsWriter writer = new EffectsWriter(scope.connection(), Map.of());
    if (commit) {
      writer.writeAndCommit(outcome.effects(slice, scope.step(), envelope));
    } else {
      writer.write(outcome.effects(slice, scope.step(), envelope));
    }
    return outcome.decision();
  }
}
