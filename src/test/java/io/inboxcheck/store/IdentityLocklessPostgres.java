package io.inboxcheck.store;

import io.inboxcheck.receiver.ReceiverSetup;
import java.time.Duration;

/**
 * The PostgreSQL store without its identity lock ({@link TestLocks#withoutIdentityLock}), taking
 * deliveries at once on its own connections: {@code check --concurrency K --receiver
 * class:io.inboxcheck.store.IdentityLocklessPostgres} must fail against it. A short race window
 * between deciding and writing makes two copies of one new id really decide before either writes.
 */
public final class IdentityLocklessPostgres extends SharedPostgresReceiver {
  /** Connections, so up to this many deliveries are in the store at once. */
  static final int CONNECTIONS = 8;

  /** The wait between deciding and writing. */
  static final Duration RACE_WINDOW = Duration.ofMillis(20);

  public IdentityLocklessPostgres(ReceiverSetup setup) {
    this(setup, TestPostgres.freshSchema("lockless"));
  }

  private IdentityLocklessPostgres(ReceiverSetup setup, String schema) {
    super(
        TestPostgres.receiverConnections(schema, setup),
        schema,
        setup,
        TestLocks.withoutIdentityLock(RACE_WINDOW),
        CONNECTIONS);
  }
}
