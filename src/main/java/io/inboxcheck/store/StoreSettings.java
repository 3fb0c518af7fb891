package io.inboxcheck.store;

import io.inboxcheck.receiver.ReceiverSetup;

/**
 * What every transaction of one receiver shares: the scenario's setup and the lock protocol.
 *
 * @param locks {@link LockProtocol#LOCKED} except in the concurrency tests
 */
record StoreSettings(ReceiverSetup setup, LockProtocol locks) {}
