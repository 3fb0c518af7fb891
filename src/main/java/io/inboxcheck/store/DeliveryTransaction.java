package io.inboxcheck.store;

import io.inboxcheck.model.Card;
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
import java.util.TreeSet;

/**
 * One delivery as one transaction: lock, load the slice, let the pure reducer decide, write exactly
 * the outcome's effects (docs/storage-boundary.md 5). Nothing here decides anything.
 */
record DeliveryTransaction(TransactionScope scope, Envelope envelope) {
  /**
   * Runs every statement of the delivery, and COMMIT with its writes when {@code commit}; without
   * it, the transaction is left open for the caller to end.
   */
  Decision run(boolean commit) throws SQLException {
    if (!scope.settings().locks().readsInOneRoundTrip()) {
      return decideAndWrite(stepByStep(), commit);
    }
    // The read sends BEGIN with its statements, so the driver must not send one of its own: with
    // autocommit on it sends none, and the explicit BEGIN holds the transaction open until the
    // COMMIT of the writes. Autocommit goes off again before anything else runs on the
    // connection, so a failure is rolled back by the caller as before.
    Connection connection = scope.connection();
    connection.setAutoCommit(true);
    try {
      return decideAndWrite(
          DeliveryRead.load(connection, scope.settings().locks(), envelope), commit);
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
    scope.settings().locks().raceWindow();
    scope.settings().locks().reached(LockProtocol.Window.DELIVERY_DECIDED, scope.connection());
    EffectsWriter writer =
        new EffectsWriter(scope.connection(), scope.settings().locks(), Map.of());
    if (commit) {
      writer.writeAndCommit(outcome.effects(slice, scope.step(), envelope));
    } else {
      writer.write(outcome.effects(slice, scope.step(), envelope));
    }
    return outcome.decision();
  }

  /** The reads of {@link DeliveryRead}, one statement at a time, through the protocol's seams. */
  private DeliveryRead stepByStep() throws SQLException {
    Optional<String> eventId = envelope.eventId();
    StoredIdentity identity = null;
    if (eventId.isPresent()) {
      // Rule 3.1 reads the identity record: lock its name first, so its absence is locked too.
      scope.settings().locks().lockEvent(scope.connection(), eventId.get());
      identity = IdentityRows.load(scope.connection(), eventId.get());
      scope
          .settings()
          .locks()
          .reached(LockProtocol.Window.DELIVERY_IDENTITY_READ, scope.connection());
    }
    SortedSet<String> names = new TreeSet<>();
    envelope.objectId().ifPresent(names::add);
    if (identity != null) {
      names.addAll(identity.namedCards());
    }
    Map<String, Card> cards =
        CardRows.lockAndLoad(scope.connection(), scope.settings().locks(), names);
    if (identity != null) {
      // A reconciliation re-evaluates held inputs under the card locks alone, so the decisions
      // this id recorded are read again now that those locks are held. The first record and the
      // variants, which chose the locks, change only under the identity lock held since above;
      // an id without a record has no held input to re-read, and none can appear meanwhile.
      identity =
          scope
              .settings()
              .locks()
              .identityAfterCardLocks(scope.connection(), eventId.get(), identity);
    }
    return new DeliveryRead(names, cards, identity);
  }
}
