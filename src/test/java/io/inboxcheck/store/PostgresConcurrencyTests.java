package io.inboxcheck.store;

import static io.inboxcheck.store.StoreFixtures.snapshot;
import static io.inboxcheck.store.StoreFixtures.state;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.check.SerialisabilityCheck;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * K receivers, each a thread with its own connection, deliver one generated batch at once: the same
 * event id arriving at the same moment, variants of it, and conflicting versions of one card. The
 * audit order must be a serial order the model agrees with (docs/storage-boundary.md 6). In the
 * reconciliation runs one more receiver reconciles at the same moment, and the audit, one
 * transaction at a time, must replay to the same entries, cards, held inputs and counters.
 */
class PostgresConcurrencyTests {
  /** Receivers delivering at once in the default run; 2, 8 and 16 run under -Pthorough. */
  static final int RECEIVERS = 4;

  /** Deliveries per batch: rounds of as many simultaneous arrivals as there are receivers. */
  static final int BATCH = 160;

  /** A wait between deciding and writing, so that unprotected races really interleave. */
  static final Duration RACE_WINDOW = Duration.ofMillis(2);

  static final long SEED = 20241101L;

  @Test
  void concurrentReceiversAreSerialisableInAuditOrder() throws Exception {
    Run run = run(true, SEED, RECEIVERS);

    assertThat(run.problems()).as("serialisability against the model").isEmpty();
    assertThat(run.retried().getOrDefault("40P01", 0L))
        .as("deadlocks: the lock order makes them impossible, so retried is not good enough")
        .isZero();
  }

  @Tag("slow")
  @ParameterizedTest(name = "K = {0}")
  @ValueSource(ints = {2, 8, 16})
  void serialisableAtOtherConcurrencies(int receivers) throws Exception {
    Run run = run(true, SEED + receivers, receivers);

    assertThat(run.problems()).as("serialisability against the model").isEmpty();
    assertThat(run.retried().getOrDefault("40P01", 0L))
        .as("deadlocks: the lock order makes them impossible, so retried is not good enough")
        .isZero();
  }

  /**
   * Batches the broken store may run before the check must have caught it. A race only shows when
   * two transactions really interleave, which a loaded machine can delay; one batch almost always
   * suffices, and a check that needs all of them is still a check that fails on a correct store
   * never and on this one always.
   */
  static final int BROKEN_STORE_ATTEMPTS = 5;

  @Test
  void withoutTheCardLockTheCheckCatchesLostUpdates() throws Exception {
    List<String> problems = List.of();
    int attempt = 0;
    while (problems.isEmpty() && attempt < BROKEN_STORE_ATTEMPTS) {
      problems = run(false, SEED + attempt, RECEIVERS).problems();
      attempt++;
    }

    assertThat(problems)
        .as(
            "a plain read-modify-write under READ COMMITTED is not serialisable (%d batches)",
            attempt)
        .isNotEmpty();
  }

  /** Rounds between two reconcile steps racing the deliveries. */
  static final int RECONCILE_EVERY = 2;

  /**
   * Reconciliations racing deliveries of new ids: version races on card-7 and card-8, variants that
   * pause both cards (ID_CONFLICT, then CARD_PAUSED for what follows) and envelopes without a
   * version. No content arrives twice; redeliveries are {@link
   * #redeliveriesRacingReEvaluationsRestateTheNewDecision}.
   */
  @Test
  void reconciliationsRacingDeliveriesAreSerialisableInAuditOrder() throws Exception {
    RaceRun run = runWithReconciliations(SEED, RECEIVERS, false);

    assertSerialisable(run);
    assertThat(run.count(AuditEntry.Reevaluated.class))
        .as("held inputs existed when the authorities arrived, and were re-evaluated")
        .isPositive();
    assertThat(run.count(AuditEntry.ResolvedByAuthority.class))
        .as("held conflicts existed when the authorities arrived, and were resolved")
        .isPositive();
  }

  /**
   * The same race with redeliveries: one id at every receiver at once, and earlier envelopes sent
   * again, so a DUPLICATE can race the re-evaluation of its id's held input.
   */
  @Test
  void redeliveriesRacingReEvaluationsRestateTheNewDecision() throws Exception {
    assertSerialisable(runWithReconciliations(SEED, RECEIVERS, true));
  }

  private static void assertSerialisable(RaceRun run) {
    assertThat(run.problems())
        .as("serialisability against the model, reconciliations included")
        .isEmpty();
    assertThat(run.retried().getOrDefault("40P01", 0L))
        .as("deadlocks: reconciliation takes card locks in the same order as deliveries")
        .isZero();
    assertThat(run.count(AuditEntry.AuthorityApplied.class))
        .as("every listed object of every reconcile step was reconciled")
        .isEqualTo(run.listedObjects());
  }

  record Run(List<String> problems, Map<String, Long> retried) {}

  /**
   * A run with reconciliations: the problems found, the retries, the audit and how many objects the
   * reconcile steps listed.
   */
  record RaceRun(
      List<String> problems,
      Map<String, Long> retried,
      List<AuditEntry> audit,
      long listedObjects) {
    long count(Class<? extends AuditEntry> kind) {
      return audit.stream().filter(kind::isInstance).count();
    }
  }

  /**
   * K receivers deliver a batch with conflicts, round by round, while one more receiver, on its own
   * connection and the same schema, runs a reconcile step at the same moment every {@link
   * #RECONCILE_EVERY} rounds: authoritative snapshots of card-7, card-8 or both.
   */
  static RaceRun runWithReconciliations(long seed, int receiverCount, boolean redeliveries)
      throws Exception {
    ReceiverSetup setup = StoreFixtures.guide();
    String schema = TestPostgres.freshSchema("race");
    Random random = new Random(seed);
    List<Envelope> batch = conflictingBatch(random, receiverCount, redeliveries);
    int rounds = batch.size() / receiverCount;
    List<SortedMap<String, AuthoritativeCard>> plan = new ArrayList<>();
    for (int round = 0; round < rounds; round++) {
      plan.add(round % RECONCILE_EVERY == RECONCILE_EVERY - 1 ? authority(random) : null);
    }
    List<PostgresReceiver> receivers = new ArrayList<>();
    for (int index = 0; index < receiverCount; index++) {
      receivers.add(TestPostgres.receiver(schema, setup, true, RACE_WINDOW));
    }
    PostgresReceiver reconciler = TestPostgres.receiver(schema, setup, true, RACE_WINDOW);
    List<SerialisabilityCheck.Sent> sent = Collections.synchronizedList(new ArrayList<>());
    List<SerialisabilityCheck.Reconciled> reconciled = new ArrayList<>();
    CyclicBarrier together = new CyclicBarrier(receiverCount + 1);
    ExecutorService threads = Executors.newFixedThreadPool(receiverCount + 1);
    try {
      List<Future<?>> done = startDeliverers(threads, receivers, batch, together, sent);
      done.add(
          threads.submit(
              () -> {
                for (int round = 0; round < rounds; round++) {
                  together.await();
                  SortedMap<String, AuthoritativeCard> authority = plan.get(round);
                  if (authority != null) {
                    // Step numbers after the batch's, so every step of the run is unique.
                    int step = batch.size() + round + 1;
                    reconciled.add(
                        new SerialisabilityCheck.Reconciled(
                            step, authority, reconciler.reconcile(step, authority)));
                  }
                }
                return null;
              }));
      for (Future<?> future : done) {
        future.get();
      }
    } finally {
      threads.shutdownNow();
    }
    receivers.add(reconciler);
    Map<String, Long> retried = new java.util.TreeMap<>();
    for (PostgresReceiver receiver : receivers) {
      assertThat(receiver.lastUnexpected()).as("store errors").isNull();
      receiver.retriedStates().forEach((state, count) -> retried.merge(state, count, Long::sum));
    }
    ReceiverView stored = reconciler.view();
    List<Long> transactions = transactions(schema);
    List<AuditEntry> serial = SerialisabilityCheck.inTransactionOrder(stored.audit(), transactions);
    List<String> problems =
        SerialisabilityCheck.checkWithReconciliations(
            setup, List.copyOf(sent), List.copyOf(reconciled), serial, stored);
    receivers.forEach(PostgresReceiver::close);
    long listed = plan.stream().filter(Objects::nonNull).mapToLong(Map::size).sum();
    return new RaceRun(problems, retried, stored.audit(), listed);
  }

  /** Each audit entry's transaction id, in {@code seq} order: the column the view leaves out. */
  static List<Long> transactions(String schema) throws SQLException {
    List<Long> ids = new ArrayList<>();
    try (Connection connection = TestPostgres.connections(schema).open();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT xact::text FROM audit ORDER BY seq")) {
      while (rows.next()) {
        ids.add(Long.parseLong(rows.getString(1)));
      }
    }
    return ids;
  }

  /** An authority for card-7, card-8 or both, each version carrying the deliveries' state. */
  static SortedMap<String, AuthoritativeCard> authority(Random random) {
    SortedMap<String, AuthoritativeCard> authority = new TreeMap<>();
    int which = random.nextInt(3);
    if (which != 1) {
      long version = version(random);
      authority.put("card-7", new AuthoritativeCard(version, state("ready", "L" + version)));
    }
    if (which != 0) {
      long version = version(random);
      authority.put("card-8", new AuthoritativeCard(version, state("ready", "L" + version)));
    }
    return authority;
  }

  /**
   * Rounds of simultaneous arrivals that leave held inputs for the authorities to find: variants of
   * one id that pause both cards (ID_CONFLICT, then CARD_PAUSED for what follows), an envelope
   * without a version now and then (MISSING_VERSION, unresolved after an authority), one id at
   * every receiver at once, redeliveries of earlier envelopes (restating decisions an authority may
   * have changed meanwhile), and version races on the two cards.
   */
  static List<Envelope> conflictingBatch(Random random, int receivers, boolean redeliveries) {
    List<Envelope> batch = new ArrayList<>();
    int nextId = 1;
    int rounds = BATCH / receivers;
    for (int round = 0; round < rounds; round++) {
      int kind = random.nextInt(10);
      if (kind < 2) {
        String id = "e-" + nextId++;
        for (int copy = 0; copy < receivers; copy++) {
          batch.add(
              snapshot(
                  id, copy % 2 == 0 ? "card-7" : "card-8", version(random), "variant " + copy));
        }
      } else if (redeliveries && kind < 4 && !batch.isEmpty()) {
        for (int copy = 0; copy < receivers; copy++) {
          batch.add(batch.get(random.nextInt(batch.size())));
        }
      } else if (redeliveries && kind < 5) {
        long version = version(random);
        Envelope same = snapshot("e-" + nextId++, card(random), version, "L" + version);
        for (int copy = 0; copy < receivers; copy++) {
          batch.add(same);
        }
      } else {
        for (int copy = 0; copy < receivers; copy++) {
          Long version = random.nextInt(12) == 0 ? null : version(random);
          batch.add(snapshot("e-" + nextId++, card(random), version, "L" + version));
        }
      }
    }
    return batch;
  }

  static Run run(boolean cardLocks, long seed, int receiverCount) throws Exception {
    ReceiverSetup setup = StoreFixtures.guide();
    String schema = TestPostgres.freshSchema(cardLocks ? "conc" : "broken");
    List<Envelope> batch = batch(new Random(seed), receiverCount);
    List<PostgresReceiver> receivers = new ArrayList<>();
    for (int index = 0; index < receiverCount; index++) {
      receivers.add(TestPostgres.receiver(schema, setup, cardLocks, RACE_WINDOW));
    }
    List<SerialisabilityCheck.Sent> sent = Collections.synchronizedList(new ArrayList<>());
    CyclicBarrier together = new CyclicBarrier(receiverCount);
    ExecutorService threads = Executors.newFixedThreadPool(receiverCount);
    try {
      List<Future<?>> done = startDeliverers(threads, receivers, batch, together, sent);
      for (Future<?> future : done) {
        future.get();
      }
    } finally {
      threads.shutdownNow();
    }
    Map<String, Long> retried = new java.util.TreeMap<>();
    for (PostgresReceiver receiver : receivers) {
      assertThat(receiver.lastUnexpected()).as("store errors").isNull();
      receiver.retriedStates().forEach((state, count) -> retried.merge(state, count, Long::sum));
    }
    List<String> problems =
        SerialisabilityCheck.check(setup, List.copyOf(sent), receivers.get(0).view());
    receivers.forEach(PostgresReceiver::close);
    return new Run(problems, retried);
  }

  /**
   * Rounds of simultaneous arrivals: distinct ids racing for card-7 and card-8 with nearby versions
   * (a version always carries the same state, so races decide APPLIED, STALE or SAME_STATE and
   * rarely pause), one id arriving at every receiver at once, and in the last rounds variants of
   * one id that pause both cards, followed by arrivals for the paused cards.
   */
  static List<Envelope> batch(Random random, int receivers) {
    List<Envelope> batch = new ArrayList<>();
    int nextId = 1;
    int rounds = BATCH / receivers;
    for (int round = 0; round < rounds; round++) {
      if (round == rounds - 2) {
        String id = "e-" + nextId++;
        for (int copy = 0; copy < receivers; copy++) {
          batch.add(
              snapshot(
                  id, copy % 2 == 0 ? "card-7" : "card-8", version(random), "variant " + copy));
        }
      } else if (random.nextInt(4) == 0) {
        long version = version(random);
        Envelope same = snapshot("e-" + nextId++, card(random), version, "L" + version);
        for (int copy = 0; copy < receivers; copy++) {
          batch.add(same);
        }
      } else {
        for (int copy = 0; copy < receivers; copy++) {
          long version = version(random);
          batch.add(snapshot("e-" + nextId++, card(random), version, "L" + version));
        }
      }
    }
    return batch;
  }

  private static String card(Random random) {
    return random.nextInt(4) == 0 ? "card-8" : "card-7";
  }

  private static long version(Random random) {
    return 4 + random.nextInt(200);
  }

  /**
   * Starts one thread per receiver; receiver {@code i} delivers steps {@code i+1}, {@code i+1+K},
   * ... and every round starts together at the barrier, so deliveries really race.
   */
  private static List<Future<?>> startDeliverers(
      ExecutorService threads,
      List<PostgresReceiver> receivers,
      List<Envelope> batch,
      CyclicBarrier together,
      List<SerialisabilityCheck.Sent> sent) {
    int receiverCount = receivers.size();
    List<Future<?>> done = new ArrayList<>();
    for (int worker = 0; worker < receiverCount; worker++) {
      int index = worker;
      done.add(
          threads.submit(
              () -> {
                for (int step = index + 1; step <= batch.size(); step += receiverCount) {
                  together.await();
                  Envelope envelope = batch.get(step - 1);
                  sent.add(
                      new SerialisabilityCheck.Sent(
                          step,
                          envelope,
                          receivers.get(index).deliver(step, envelope, Transport.PLAIN)));
                }
                return null;
              }));
    }
    return done;
  }
}
