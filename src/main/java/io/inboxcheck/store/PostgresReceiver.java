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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A receiver that records every decision in PostgreSQL over plain JDBC, one transaction per
 * delivery, and answers ACK only after COMMIT returned (docs/storage-boundary.md). It never decides
 * anything itself: it loads the slice the pure reducer reads, under locks, and writes the outcome.
 *
 * <p>Not thread-safe: concurrent receivers are separate instances, each with its own connection.
 */
public final class PostgresReceiver implements Receiver, AutoCloseable {
  /** Attempts of one transaction when PostgreSQL asks for a retry, then NO_ACK (section 8). */
  public static final int MAX_TRANSACTION_ATTEMPTS = Transactions.MAX_ATTEMPTS;

  /** SQLSTATE of the storage fault a scenario injects: PostgreSQL's {@code io_error}. */
  static final String INJECTED_FAULT_STATE = "58030";

  private final ConnectionSource connections;
  private final String schema;
  private final StoreSettings settings;
  private final Transactions transactions;
  private Connection viewConnection;
  private Instant clock;
  private RecordedView cachedView;
  private final Map<Integer, Long> deliveryAttempts = new ConcurrentHashMap<>();

  /**
   * The candidates for pruning at a cutoff: a list read without locks, each one decided again under
   * its locks (PruneTransaction).
   */
  static final String PRUNE_CANDIDATES =
      "SELECT event_id FROM identity_records WHERE first_received_at <= ?"
          + " ORDER BY first_received_at, first_step";

  /** A receiver on {@code schema}, creating it from the versioned SQL file if it is absent. */
  public PostgresReceiver(ConnectionSource connections, String schema, ReceiverSetup setup) {
    this(connections, schema, setup, RaceHook.NONE);
  }

  /** A receiver whose transactions call {@code hook} at each race window: the tests' seam. */
  PostgresReceiver(
      ConnectionSource connections, String schema, ReceiverSetup setup, RaceHook hook) {
    this.connections = connections;
    this.schema = schema;
    this.settings = new StoreSettings(setup, hook);
    this.transactions = new Transactions(connections);
    this.clock = setup.start();
    try {
      Connection first = transactions.connection();
      Durability.check(first);
      Schema.ensure(first, schema, setup);
      first.commit();
    } catch (SQLException e) {
      closeQuietly();
      throw new IllegalStateException(
          "cannot open the PostgreSQL store in schema " + schema + ": " + e.getMessage(), e);
    } catch (RuntimeException e) {
      // A refused store (a newer schema version, a server without durability) releases the
      // connection and the schema lock its transaction holds, like any other failure to open.
      closeQuietly();
      throw e;
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
    transactions.run(
        c -> {
          Sql.query(
              c,
              PRUNE_CANDIDATES,
              row -> candidates.add(row.getString(1)),
              Codec.timestamp(cutoff));
          return true;
        });
    for (String eventId : candidates) {
      Optional<Boolean> done =
          transactions.run(c -> new PruneTransaction(scope(c, step), eventId).run());
      if (done.isEmpty()) {
        throw new IllegalStateException(
            "pruning the identity record of " + eventId + " failed", transactions.lastUnexpected());
      }
    }
  }

  /**
   * Moves the clock to {@code time} without pruning, when it is later: for a connection of {@link
   * SharedPostgresReceiver} whose clock another connection moved, and pruned for.
   */
  void adoptClock(Instant time) {
    if (time.isAfter(clock)) {
      clock = time;
      cachedView = null;
    }
  }

  @Override
  public DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    cachedView = null;
    Optional<Decision> decision =
        transactions.run(
            c -> {
              // The injected fault strikes after every write and before COMMIT; without it, COMMIT
              // goes with the writes, and the COMMIT that Transactions sends next has nothing left
              // to end.
              boolean fault = transport.storageFault();
              Decision decided = new DeliveryTransaction(scope(c, step), envelope).run(!fault);
              if (fault) {
                throw new SQLException("injected storage fault", INJECTED_FAULT_STATE);
              }
              return decided;
            });
    deliveryAttempts.merge(transactions.lastAttempts(), 1L, Long::sum);
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
          transactions.run(
              c ->
                  new ReconcileTransaction(scope(c, step), entry.getKey(), entry.getValue()).run());
      if (result.isEmpty()) {
        throw new IllegalStateException(
            "the reconciliation of " + entry.getKey() + " could not be committed",
            transactions.lastUnexpected());
      }
      results.add(result.get());
    }
    return results;
  }

  /** The view as the database holds it now, whatever other receivers wrote since the last one. */
  ReceiverView freshView() {
    cachedView = null;
    return view();
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
        viewConnection.setTransactionIsolation(ViewReader.ISOLATION);
        viewConnection.setReadOnly(true);
      }
      RecordedView view = ViewReader.read(viewConnection, settings, clock);
      viewConnection.commit();
      cachedView = view;
      return view;
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the store: " + e.getMessage(), e);
    }
  }

  /** How often each SQLSTATE made a transaction start again, e.g. {@code 40P01} for deadlocks. */
  public Map<String, Long> retriedStates() {
    return transactions.retriedStates();
  }

  /** Transactions that ended without a commit: each one answered NO_ACK. */
  public long failedTransactions() {
    return transactions.failed();
  }

  /** The SQLSTATE of the last transaction that answered NO_ACK; null if none did or unknown. */
  public String lastFailureState() {
    return transactions.lastFailureState();
  }

  /**
   * The SQLSTATE that ended each transaction without a commit, counted, e.g. {@code 23505}: with
   * the store's own locks a contention state here is a broken design (docs/storage-boundary.md 8).
   */
  public Map<String, Long> failedStates() {
    return transactions.failedStates();
  }

  /**
   * The transactions that ended without a commit because of contention, by SQLSTATE: each answered
   * NO_ACK for a reason the lock protocol rules out.
   */
  public Map<String, Long> contentionFailures() {
    Map<String, Long> contention = new TreeMap<>(transactions.failedStates());
    contention.keySet().retainAll(RetryableErrors.CONTENTION_STATES);
    return contention;
  }

  /**
   * How many deliveries needed one attempt, two, three (section 8's bounded retry), answered ACK or
   * not; pruning and reconciliation transactions are not counted.
   */
  public Map<Integer, Long> deliveryAttempts() {
    return new TreeMap<>(deliveryAttempts);
  }

  /** The last failure that was not a database error, i.e. a bug in this store; null if none. */
  public RuntimeException lastUnexpected() {
    return transactions.lastUnexpected();
  }

  @Override
  public void close() {
    closeQuietly();
  }

  private void closeQuietly() {
    transactions.close();
    if (viewConnection != null) {
      try {
        viewConnection.close();
      } catch (SQLException ignored) {
        // Read-only; nothing to lose.
      }
      viewConnection = null;
    }
  }

  /** A transaction of {@code step} sees the receiver clock as it is when it starts. */
  private TransactionScope scope(Connection connection, int step) {
    return new TransactionScope(connection, settings, step, clock);
  }
}
