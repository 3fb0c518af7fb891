package io.inboxcheck.store;

import java.sql.Connection;
import java.time.Instant;

/**
 * What every transaction of one step works in: its connection, the receiver's settings, the step it
 * records and the receiver clock at that step.
 */
record TransactionScope(Connection connection, StoreSettings settings, int step, Instant clock) {}
