package io.inboxcheck.store;

import io.inboxcheck.receiver.ReceiverSetup;
import java.time.Duration;
import java.util.Set;

/**
 * The PostgreSQL store with no name lock in its transactions, neither the identity lock nor the
 * card locks, and no guard on its card writes ({@link
 * PlantedMistake#IDENTITY_LOCK_DROPPED_FROM_THE_READ}, {@link PlantedMistake#CARD_LOCKS_DROPPED}),
 * taking deliveries at once on its own connections: {@code check --concurrency K --receiver
 * class:io.inboxcheck.store.NameLocklessPostgres} must fail against it. A short wait between
 * deciding and writing makes two copies of one new id really decide before either writes.
 *
 * <p>Both locks go because the copies and variants that {@code check --concurrency} sends all name
 * one card: a delivery's first statement takes its identity lock and then its own card's lock, so
 * either lock alone orders them (docs/storage-boundary.md 4.1).
 */
public final class NameLocklessPostgres extends SharedPostgresReceiver {
  /** Connections, so up to this many deliveries are in the store at once. */
  static final int CONNECTIONS = 8;

  /** The wait between deciding and writing. */
  static final Duration RACE_WINDOW = Duration.ofMillis(20);

  public NameLocklessPostgres(ReceiverSetup setup) {
    this(setup, TestPostgres.freshSchema("lockless"));
  }

  private NameLocklessPostgres(ReceiverSetup setup, String schema) {
    super(
        TestPostgres.plantedConnections(
            schema,
            setup,
            Set.of(
                PlantedMistake.IDENTITY_LOCK_DROPPED_FROM_THE_READ,
                PlantedMistake.CARD_LOCKS_DROPPED)),
        schema,
        setup,
        new RaceWindows(RACE_WINDOW),
        CONNECTIONS);
  }
}
