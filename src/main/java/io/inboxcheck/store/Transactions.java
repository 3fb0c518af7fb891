package io.inboxcheck.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs one receiver's transactions on its dedicated connection: retries what PostgreSQL asks to
 * retry, answers empty (NO_ACK) whenever COMMIT did not return, and counts both
 * (docs/storage-boundary.md 8). Not thread-safe, like the receiver it serves.
 */
final class Transactions implements AutoCloseable {
  /** Attempts of one transaction when PostgreSQL asks for a retry, then NO_ACK (section 8). */
  static final int MAX_ATTEMPTS = 3;

  /** Longest wait for a lock, and longest statement; every wait is bounded. */
  static final String LOCK_WAIT_LIMIT = "2s";

  static final String STATEMENT_LIMIT = "5s";

  /** A session idle inside a transaction for this long is ended, releasing its locks. */
  static final String IDLE_IN_TRANSACTION_LIMIT = "10s";

  private final ConnectionSource connections;
  private final Map<String, AtomicLong> retriedStates = new ConcurrentHashMap<>();
  private final AtomicLong failedTransactions = new AtomicLong();
  private final Map<String, AtomicLong> failedStates = new ConcurrentHashMap<>();
  private Connection connection;
  private RuntimeException lastUnexpected;
  private volatile String lastFailureState;
  private int lastAttempts;

  Transactions(ConnectionSource connections) {
    this.connections = connections;
  }

  /** How often each SQLSTATE made a transaction start again, e.g. {@code 40P01} for deadlocks. */
  Map<String, Long> retriedStates() {
    return counted(retriedStates);
  }

  /** Transactions that ended without a commit: each one answered NO_ACK. */
  long failed() {
    return failedTransactions.get();
  }

  /** The SQLSTATE of the last transaction that ended without a commit; null if none did. */
  String lastFailureState() {
    return lastFailureState;
  }

  /**
   * The SQLSTATE that ended each transaction without a commit, counted; a failure that was not a
   * database error counts under {@code "none"}.
   */
  Map<String, Long> failedStates() {
    return counted(failedStates);
  }

  /** The attempts the last transaction run needed, committed or not; 0 before the first. */
  int lastAttempts() {
    return lastAttempts;
  }

  private static <K> Map<K, Long> counted(Map<K, AtomicLong> counts) {
    Map<K, Long> copy = new TreeMap<>();
    counts.forEach((key, count) -> copy.put(key, count.get()));
    return copy;
  }

  /** The last failure that was not a database error, i.e. a bug in the store; null if none. */
  RuntimeException lastUnexpected() {
    return lastUnexpected;
  }

  @Override
  public void close() {
    discardConnection();
  }

  /** One transaction's statements, up to COMMIT. */
  @FunctionalInterface
  interface Work<T> {
    T run(Connection connection) throws SQLException;
  }

  /**
   * Runs {@code work} and commits it: the result only when COMMIT returned, empty otherwise (the
   * answer is then NO_ACK). Retries what PostgreSQL asks to retry, at most {@link #MAX_ATTEMPTS}
   * times in total; never retries a transaction that may have committed. A delivery's COMMIT
   * travels with its writes, inside {@code work} ({@link EffectsWriter#writeAndCommit}): an error
   * there that asks for a retry came from a statement before it, which made the server skip it, and
   * a lost connection is never retried; the COMMIT sent here then has nothing left to end.
   */
  <T> Optional<T> run(Work<T> work) {
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      T result;
      Connection current;
      try {
        current = connection();
        result = work.run(current);
      } catch (SQLException e) {
        rollback();
        if (RetryableErrors.retryable(e) && attempt < MAX_ATTEMPTS) {
          count(retriedStates, e.getSQLState());
          backOff(attempt);
          continue;
        }
        return failed(attempt, e.getSQLState());
      } catch (RuntimeException e) {
        // A bug in the store or a disagreement with the reducer: never a partial write.
        rollback();
        lastUnexpected = e;
        return failed(attempt, null);
      }
      try {
        current.commit();
        lastAttempts = attempt;
        return Optional.of(result);
      } catch (SQLException e) {
        // COMMIT failed or its outcome is unknown: NO_ACK is always safe (section 8).
        discardConnection();
        return failed(attempt, e.getSQLState());
      }
    }
    return Optional.empty();
  }

  private <T> Optional<T> failed(int attempt, String sqlState) {
    failedTransactions.incrementAndGet();
    lastFailureState = sqlState;
    count(failedStates, sqlState == null ? "none" : sqlState);
    lastAttempts = attempt;
    return Optional.empty();
  }

  private static <K> void count(Map<K, AtomicLong> counts, K key) {
    counts.computeIfAbsent(key, any -> new AtomicLong()).incrementAndGet();
  }

  private static void backOff(int attempt) {
    try {
      Thread.sleep(ThreadLocalRandom.current().nextLong(1, 10L * attempt + 2));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The dedicated connection, opened with its session limits on first use. */
  Connection connection() throws SQLException {
    if (connection == null) {
      Connection opened = connections.open();
      try {
        opened.setAutoCommit(true);
        try (var statement = opened.createStatement()) {
          // Session settings hold for every transaction of this dedicated connection.
          statement.execute(
              "SET lock_timeout = '"
                  + LOCK_WAIT_LIMIT
                  + "'; SET statement_timeout = '"
                  + STATEMENT_LIMIT
                  + "'; SET idle_in_transaction_session_timeout = '"
                  + IDLE_IN_TRANSACTION_LIMIT
                  + "'");
        }
        opened.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
        opened.setAutoCommit(false);
      } catch (SQLException e) {
        opened.close();
        throw e;
      }
      connection = opened;
    }
    return connection;
  }

  private void rollback() {
    if (connection == null) {
      return;
    }
    try {
      connection.rollback();
    } catch (SQLException e) {
      discardConnection();
    }
  }

  private void discardConnection() {
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException ignored) {
        // The connection is gone either way; the server rolls back what it held.
      }
      connection = null;
    }
  }
}
