package io.inboxcheck.zoo;

import io.inboxcheck.model.Effects;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.Retention;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Takes requests at once, each under one lock, but lets go of ids in two parts: a clock move
 * commits the new clock and drops the ids whose retention ended from its lookup at once, releases
 * the lock while it publishes them, and then deletes their records by the ids it read. A redelivery
 * of such an id in between misses the lookup, is decided as new and records the id afresh, and the
 * sweep deletes that fresh record with the old one: the id is forgotten although it was just
 * received, which no serial order gives. Only {@code check --concurrency} sees it.
 */
public final class SweepByListReceiver extends LockedModelReceiver {
  /** A retention the state never reaches: moving its clock prunes nothing, the sweep does. */
  private static final Duration NEVER = Duration.ofDays(365L * 1000);

  private final Duration retention;

  /** Ids the lookup no longer finds, whose records the sweep has not deleted yet. */
  private final Set<String> sweeping = new HashSet<>();

  public SweepByListReceiver(ReceiverSetup setup) {
    super("sweep-by-list", setup, NEVER);
    this.retention = setup.retention();
  }

  @Override
  public void advanceClock(int step, Instant time) {
    List<String> expired;
    synchronized (this) {
      model.advanceClock(step, time);
      expired =
          state.identities().stream()
              .filter(record -> Retention.expired(record.firstReceivedAt(), time, retention))
              .filter(record -> !Retention.stillOwed(record, state::isHeld))
              .map(IdentityRecord::eventId)
              .toList();
      sweeping.addAll(expired);
    }
    // The mistake: the lock is released before the records are deleted by the ids read, while
    // they are published.
    lockReleased();
    synchronized (this) {
      for (String eventId : expired) {
        state
            .identity(eventId)
            .ifPresent(record -> state.apply(Effects.identityPruned(step, time, record)));
        sweeping.remove(eventId);
      }
    }
  }

  @Override
  public synchronized DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    envelope
        .eventId()
        .filter(sweeping::contains)
        .flatMap(state::identity)
        .ifPresent(
            // The lookup skips an id being swept: the delivery is decided as new.
            record ->
                state.apply(
                    new Effects(
                        new Effects.IdentityChange.Pruned(record.eventId()),
                        List.of(),
                        List.of(),
                        List.of())));
    return model.deliver(step, envelope, transport);
  }
}
