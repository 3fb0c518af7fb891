package io.inboxcheck.store;

import java.sql.SQLException;
import java.util.Set;

/** Which database errors a transaction retries (docs/storage-boundary.md 8). */
final class RetryableErrors {
  /** Deadlock, serialization failure, lock timeout: a new attempt may well succeed. */
  static final Set<String> RETRYABLE_STATES = Set.of("40P01", "40001", "55P03");

  /**
   * Unique violation, serialization failure, deadlock: what transactions racing for one name get
   * when the lock protocol leaves a gap. With the store's own locks none of them can happen, so a
   * transaction that ends with one is a broken design, not bad luck (section 8).
   */
  static final Set<String> CONTENTION_STATES = Set.of("23505", "40001", "40P01");

  private RetryableErrors() {}

  static boolean retryable(SQLException e) {
    return e.getSQLState() != null && RETRYABLE_STATES.contains(e.getSQLState());
  }
}
