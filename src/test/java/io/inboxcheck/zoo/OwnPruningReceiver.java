package io.inboxcheck.zoo;

import io.inboxcheck.model.Effects;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.Retention;
import io.inboxcheck.receiver.ReceiverSetup;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Predicate;

/**
 * The plumbing of zoo receivers that prune by a rule of their own: the reference state is given a
 * retention it never reaches, so moving its clock prunes nothing, and the receiver prunes by hand,
 * where and by what clock its mistake says, with the same {@code identity_pruned} audit entries.
 */
abstract class OwnPruningReceiver extends NaiveReceiver {
  /** A retention the reference state never reaches: pruning is the subclass's. */
  private static final Duration NEVER = Duration.ofDays(365L * 1000);

  /** The retention the receiver was set up with, which its own pruning uses. */
  protected final Duration retention;

  OwnPruningReceiver(String name, ReceiverSetup setup) {
    super(name, setup, NEVER);
    this.retention = setup.retention();
  }

  /**
   * Prunes every record whose window ended by {@code asOf}, except those a held delivery still
   * needs, each with an {@code identity_pruned} entry at the receiver clock.
   */
  protected final void pruneExpired(int step, Instant asOf) {
    pruneWhere(step, record -> Retention.expired(record.firstReceivedAt(), asOf, retention));
  }

  /**
   * Prunes every record {@code expired} says ended, except those a held delivery still needs, each
   * with an {@code identity_pruned} entry at the receiver clock.
   */
  protected final void pruneWhere(int step, Predicate<IdentityRecord> expired) {
    for (IdentityRecord record : List.copyOf(state.identities())) {
      if (expired.test(record) && !Retention.stillOwed(record, state::isHeld)) {
        state.apply(Effects.identityPruned(step, state.clock(), record));
      }
    }
  }
}
