package io.inboxcheck.store;

import java.sql.SQLException;
import java.util.Set;

/** Which database errors a transaction retries (docs/storage-boundary.md 8). */
final class RetryableErrors {
  /** Deadlock, serialization failure, lock timeout: a new attempt may well succeed. */
  static final Set<String> RETRYABLE_STATES = Set.of("40P01", "40001", "55P03");

  private RetryableErrors() {}

  static boolean retryable(SQLException e) {
    return e.getSQLState() != null && RETRYABLE_STATES.contains(e.getSQLState());
  }
}
