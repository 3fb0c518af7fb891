package io.inboxcheck.store;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.RecordedView;
import io.inboxcheck.receiver.Transport;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A receiver that records every decision in PostgreSQL over plain JDBC, one transaction per
 * delivery, and answers ACK only after COMMIT returned (docs/storage-boundary.md). It never decides
 * anything itself: it loads the slice the pure reducer reads, under locks, and writes the outcome.
 *
 * <p>Not thread-safe: concurrent receivers are separate instances, each with its own connection.
 */
public final class PostgresReceiver implements Receiver, AutoCloseable {
  /** Attempts of one transaction when PostgreSQL asks for a retry, then NO_ACK (section 8). */
  public static final int MAX_TRANSACTION_ATTEMPTS = 3;

  /** Longest wait for a lock, and longest statement; every wait is bounded. */
  static final String LOCK_WAIT_LIMIT = "2s";

  static final String STATEMENT_LIMIT = "5s";

  /** A session idle inside a transaction for this long is ended, releasing its locks. */
  static final String IDLE_IN_TRANSACTION_LIMIT = "10s";

  /** SQLSTATE of the storage fault a scenario injects: PostgreSQL's {@code io_error}. */
  static final String INJECTED_FAULT_STATE = "58030";

  private final ConnectionSource connections;
  private final String schema;
  private final StoreSettings settings;
  private final Map<String, AtomicLong> retriedStates = new ConcurrentHashMap<>();
  private final AtomicLong failedTransactions = new AtomicLong();
  private Connection connection;
  private Connection viewConnection;
  private Instant clock;
  private RecordedView cachedView;
  private RuntimeException lastUnexpected;

  /** A receiver on {@code schema}, creating it from the versioned SQL file if it is absent. */
  public PostgresReceiver(ConnectionSource connections, String schema, ReceiverSetup setup) {
    this(connections, schema, setup, true, Duration.ZERO);
  }

  PostgresReceiver(
      ConnectionSource connections,
      String schema,
      ReceiverSetup setup,
      boolean cardLocks,
      Duration pauseAfterLoad) {
    this.connections = connections;
    this.schema = schema;
    this.settings = new StoreSettings(setup, cardLocks, pauseAfterLoad);
    this.clock = setup.start();
    try {
      Connection first = connection();
      Durability.check(first);
      Schema.ensure(first, schema, setup);
      first.commit();
    } catch (SQLException e) {
      closeQuietly();
      throw new IllegalStateException(
          "cannot open the PostgreSQL store in schema " + schema + ": " + e.getMessage(), e);
    }
  }

  @Override
  public String name() {
    return "postgres";
  }

  public String schema() {
    return schema;
  }

  @Override
  public void advanceClock(int step, Instant time) {
    if (time.isBefore(clock)) {
      throw new IllegalArgumentException(
          "the receiver clock never goes back: " + time + " < " + clock);
    }
    clock = time;
    cachedView = null;
    Instant cutoff = clock.minus(settings.setup().retention());
    List<String> candidates = new ArrayList<>();
    // A candidate list without locks; each one is decided again under its locks.
    transaction(
        c -> {
          Sql.query(
              c,
              "SELECT event_id FROM identity_records WHERE first_received_at <= ?"
                  + " ORDER BY first_received_at, first_step",
              row -> candidates.add(row.getString(1)),
              Codec.timestamp(cutoff));
          return true;
        });
    for (String eventId : candidates) {
      Optional<Boolean> done =
          transaction(c -> new PruneTransaction(c, settings, step, eventId, clock).run());
      if (done.isEmpty()) {
        throw new IllegalStateException(
            "pruning the identity record of " + eventId + " failed", lastUnexpected);
      }
    }
  }

  @Override
  public DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    cachedView = null;
    Optional<Decision> decision =
        transaction(
            c -> {
              Decision decided = new DeliveryTransaction(c, settings, step, envelope, clock).run();
              if (transport.storageFault()) {
                // The injected fault strikes after every write and before COMMIT.
                throw new SQLException("injected storage fault", INJECTED_FAULT_STATE);
              }
              return decided;
            });
    return decision.map(DeliveryResult::recorded).orElse(DeliveryResult.NOT_DURABLE);
  }

  @Override
  public List<ObjectReconciliation> reconcile(
      int step, SortedMap<String, AuthoritativeCard> authority) {
    cachedView = null;
    List<ObjectReconciliation> results = new ArrayList<>();
    // Ascending object id order (SPEC section 4), one transaction per object (section 9).
    for (Map.Entry<String, AuthoritativeCard> entry : new TreeMap<>(authority).entrySet()) {
      Optional<ObjectReconciliation> result =
          transaction(
              c ->
                  new ReconcileTransaction(
                          c, settings, step, entry.getKey(), entry.getValue(), clock)
                      .run());
      if (result.isEmpty()) {
        throw new IllegalStateException(
            "the reconciliation of " + entry.getKey() + " could not be committed", lastUnexpected);
      }
      results.add(result.get());
    }
    return results;
  }

  @Override
  public ReceiverView view() {
    if (cachedView != null) {
      return cachedView;
    }
    try {
      if (viewConnection == null) {
        viewConnection = connections.open();
        viewConnection.setAutoCommit(false);
        viewConnection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        viewConnection.setReadOnly(true);
      }
      RecordedView view = ViewReader.read(viewConnection, settings.setup(), clock);
      viewConnection.commit();
      cachedView = view;
      return view;
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the store: " + e.getMessage(), e);
    }
  }

  /** How often each SQLSTATE made a transaction start again, e.g. {@code 40P01} for deadlocks. */
  public Map<String, Long> retriedStates() {
    Map<String, Long> counts = new TreeMap<>();
    retriedStates.forEach((state, count) -> counts.put(state, count.get()));
    return counts;
  }

  /** Transactions that ended without a commit: each one answered NO_ACK. */
  public long failedTransactions() {
    return failedTransactions.get();
  }

  /** The last failure that was not a database error, i.e. a bug in this store; null if none. */
  public RuntimeException lastUnexpected() {
    return lastUnexpected;
  }

  @Override
  public void close() {
    closeQuietly();
  }

  /** One transaction's statements, up to COMMIT. */
  @FunctionalInterface
  interface Work<T> {
    T run(Connection connection) throws SQLException;
  }

  /**
   * Runs {@code work} and commits it: the result only when COMMIT returned, empty otherwise (the
   * answer is then NO_ACK). Retries what PostgreSQL asks to retry, at most {@link
   * #MAX_TRANSACTION_ATTEMPTS} times in total; never retries after COMMIT was sent.
   */
  private <T> Optional<T> transaction(Work<T> work) {
    for (int attempt = 1; attempt <= MAX_TRANSACTION_ATTEMPTS; attempt++) {
      T result;
      Connection current;
      try {
        current = connection();
        result = work.run(current);
      } catch (SQLException e) {
        rollback();
        if (Failures.retryable(e) && attempt < MAX_TRANSACTION_ATTEMPTS) {
          retriedStates
              .computeIfAbsent(e.getSQLState(), state -> new AtomicLong())
              .incrementAndGet();
          backOff(attempt);
          continue;
        }
        failedTransactions.incrementAndGet();
        return Optional.empty();
      } catch (RuntimeException e) {
        // A bug in the store or a disagreement with the reducer: never a partial write.
        rollback();
        lastUnexpected = e;
        failedTransactions.incrementAndGet();
        return Optional.empty();
      }
      try {
        current.commit();
        return Optional.of(result);
      } catch (SQLException e) {
        // COMMIT failed or its outcome is unknown: NO_ACK is always safe (section 8).
        discardConnection();
        failedTransactions.incrementAndGet();
        return Optional.empty();
      }
    }
    return Optional.empty();
  }

  private static void backOff(int attempt) {
    try {
      Thread.sleep(ThreadLocalRandom.current().nextLong(1, 10L * attempt + 2));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private Connection connection() throws SQLException {
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

  private void closeQuietly() {
    discardConnection();
    if (viewConnection != null) {
      try {
        viewConnection.close();
      } catch (SQLException ignored) {
        // Read-only; nothing to lose.
      }
      viewConnection = null;
    }
  }
}
