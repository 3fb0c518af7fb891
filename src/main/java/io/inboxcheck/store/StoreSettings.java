package io.inboxcheck.store;

import io.inboxcheck.receiver.ReceiverSetup;

/**
 * What every transaction of one receiver shares: the scenario's setup and the race hook.
 *
 * @param hook {@link RaceHook#NONE} except in the concurrency tests
 */
record StoreSettings(ReceiverSetup setup, RaceHook hook) {}
