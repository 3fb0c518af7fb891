package io.inboxcheck.store;

import static io.inboxcheck.store.StoreFixtures.snapshot;
import static io.inboxcheck.store.StoreFixtures.state;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.concurrent.SerialisabilityCheck;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import io.inboxcheck.scenario.ScenarioRunner;
import io.inboxcheck.suite.SerialCounterexample;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

  /**
   * The seed of every generated batch: {@code -Dinboxcheck.raceSeed=S} reruns a failure's batch.
   * The interleaving is the scheduler's; a failure writes the one it saw (see {@link #explain}).
   */
  static final long SEED = Long.getLong("inboxcheck.raceSeed", 20241101L);

  @Test
  void concurrentReceiversAreSerialisableInAuditOrder() throws Exception {
    Run run = run(true, SEED, RECEIVERS, "concurrentReceiversAreSerialisableInAuditOrder");

    assertThat(run.problems())
        .as("serialisability against the model; %s", run.explained())
        .isEmpty();
    assertThat(run.retried().getOrDefault("40P01", 0L))
        .as("deadlocks: the lock order makes them impossible, so retried is not good enough")
        .isZero();
  }

  @Tag("slow")
  @ParameterizedTest(name = "K = {0}")
  @ValueSource(ints = {2, 8, 16})
  void serialisableAtOtherConcurrencies(int receivers) throws Exception {
    Run run = run(true, SEED + receivers, receivers, "serialisableAtOtherConcurrencies");

    assertThat(run.problems())
        .as("serialisability against the model; %s", run.explained())
        .isEmpty();
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
    Run run = null;
    int attempt = 0;
    while ((run == null || run.problems().isEmpty()) && attempt < BROKEN_STORE_ATTEMPTS) {
      run = run(false, SEED + attempt, RECEIVERS, "withoutTheCardLockTheCheckCatchesLostUpdates");
      attempt++;
    }

    assertThat(run.problems())
        .as(
            "a plain read-modify-write under READ COMMITTED is not serialisable (%d batches)",
            attempt)
        .isNotEmpty();
    assertWhatItSawReplays(run);
  }

  /**
   * The file a failing run writes is a scenario that replays sequentially through the model, one
   * step per input the store's audit recorded, and the model disagrees with the store there.
   */
  private static void assertWhatItSawReplays(Run run) throws Exception {
    Matcher written = Pattern.compile("replay (\\S+\\.json)\\)").matcher(run.explained());
    assertThat(written.find()).as("the failure names its file: %s", run.explained()).isTrue();
    assertThat(run.explained()).contains("-Dinboxcheck.raceSeed=");
    Scenario saw = new ScenarioReader().read(Path.of(written.group(1)));
    History replayed = new ScenarioRunner(ModelReceiver::new).replay(saw);

    assertThat(saw.steps()).hasSize(run.auditedInputs());
    if (run.problems().stream().anyMatch(problem -> problem.contains("decides"))) {
      assertThat(replayed.expectations().failures())
          .as("the model replaying the store's serial order disagrees with a recorded decision")
          .isNotEmpty();
    }
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
    RaceRun run =
        runWithReconciliations(
            SEED, RECEIVERS, false, "reconciliationsRacingDeliveriesAreSerialisableInAuditOrder");

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
    assertSerialisable(
        runWithReconciliations(
            SEED, RECEIVERS, true, "redeliveriesRacingReEvaluationsRestateTheNewDecision"));
  }

  /**
   * SPEC 4 lets an authority lower a card (the audit says {@code regressed}); as the last writer of
   * card-7 it leaves the card below its initial version, which is serialisable. Sequential, so the
   * verdict cannot depend on an interleaving.
   */
  @Test
  void aRegressingAuthorityAsTheLastWriterIsSerialisable() throws Exception {
    ReceiverSetup setup = StoreFixtures.guide();
    String schema = TestPostgres.freshSchema("regress");
    try (PostgresReceiver receiver =
        TestPostgres.receiver(schema, setup, TestLocks.withRaceWindow(RACE_WINDOW))) {
      Envelope high = snapshot("e-1", "card-7", 50L, "L50");
      List<SerialisabilityCheck.Sent> sent =
          List.of(
              new SerialisabilityCheck.Sent(1, high, receiver.deliver(1, high, Transport.PLAIN)));
      SortedMap<String, AuthoritativeCard> authority = new TreeMap<>();
      authority.put("card-7", new AuthoritativeCard(5, state("ready", "L5")));
      List<SerialisabilityCheck.Reconciled> reconciled =
          List.of(
              new SerialisabilityCheck.Reconciled(2, authority, receiver.reconcile(2, authority)));
      ReceiverView stored = receiver.view();
      List<AuditEntry> serial =
          SerialisabilityCheck.inTransactionOrder(stored.audit(), transactions(schema));

      assertThat(stored.cards().get("card-7").version()).as("below the initial 10").isEqualTo(5);
      assertThat(
              SerialisabilityCheck.checkWithReconciliations(
                  setup, sent, reconciled, serial, stored))
          .isEmpty();
    }
  }

  private static void assertSerialisable(RaceRun run) {
    assertThat(run.problems())
        .as("serialisability against the model, reconciliations included; %s", run.explained())
        .isEmpty();
    assertThat(run.retried().getOrDefault("40P01", 0L))
        .as("deadlocks: reconciliation takes card locks in the same order as deliveries")
        .isZero();
    assertThat(run.count(AuditEntry.AuthorityApplied.class))
        .as("every listed object of every reconcile step was reconciled")
        .isEqualTo(run.listedObjects());
  }

  /** A run: the problems found, the retries, and how to reproduce and read a failure. */
  record Run(
      List<String> problems, Map<String, Long> retried, String explained, int auditedInputs) {}

  /**
   * A run with reconciliations: the problems found, the retries, the audit and how many objects the
   * reconcile steps listed.
   */
  record RaceRun(
      List<String> problems,
      Map<String, Long> retried,
      List<AuditEntry> audit,
      long listedObjects,
      String explained) {
    long count(Class<? extends AuditEntry> kind) {
      return audit.stream().filter(kind::isInstance).count();
    }
  }

  /**
   * K receivers deliver a batch with conflicts, round by round, while one more receiver, on its own
   * connection and the same schema, runs a reconcile step at the same moment every {@link
   * #RECONCILE_EVERY} rounds: authoritative snapshots of card-7, card-8 or both.
   */
  static RaceRun runWithReconciliations(
      long seed, int receiverCount, boolean redeliveries, String test) throws Exception {
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
      receivers.add(TestPostgres.receiver(schema, setup, TestLocks.withRaceWindow(RACE_WINDOW)));
    }
    PostgresReceiver reconciler =
        TestPostgres.receiver(schema, setup, TestLocks.withRaceWindow(RACE_WINDOW));
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
        new ArrayList<>(
            SerialisabilityCheck.checkWithReconciliations(
                setup, List.copyOf(sent), List.copyOf(reconciled), serial, stored));
    problems.addAll(Contention.problems(receivers));
    receivers.forEach(PostgresReceiver::close);
    long listed = plan.stream().filter(Objects::nonNull).mapToLong(Map::size).sum();
    Map<Integer, SortedMap<String, AuthoritativeCard>> authorities = new HashMap<>();
    reconciled.forEach(step -> authorities.put(step.step(), step.authority()));
    String explained =
        explain(test, seed, setup, serial, List.copyOf(sent), authorities, problems)
            + "; "
            + Contention.report(test, receivers);
    return new RaceRun(problems, retried, stored.audit(), listed, explained);
  }

  /**
   * The seed, the command that reruns {@code test} with it and, when the run found problems, the
   * file that records what it saw: the store's serial order as a scenario that replays through the
   * model, with every answer in the order it came back.
   */
  static String explain(
      String test,
      long seed,
      ReceiverSetup setup,
      List<AuditEntry> serial,
      List<SerialisabilityCheck.Sent> sent,
      Map<Integer, SortedMap<String, AuthoritativeCard>> authorities,
      List<String> problems) {
    String name = PostgresConcurrencyTests.class.getSimpleName() + "#" + test;
    String rerun =
        "mvn -B test -Dtest='"
            + name
            + "' -Dinboxcheck.raceSeed="
            + seed
            + " -Dsurefire.failIfNoSpecifiedTests=false";
    String explained = "seed " + seed + "; rerun with: " + rerun;
    if (problems.isEmpty()) {
      return explained;
    }
    Path file =
        SerialCounterexample.write(
            ProjectPaths.reports().resolve("counterexamples"),
            new SerialCounterexample.Run(
                name,
                seed,
                rerun,
                setup,
                serial,
                SerialCounterexample.answers(sent),
                authorities,
                problems));
    return explained
        + "; what it saw, in the store's serial order: "
        + file
        + " (replay it with: java -jar target/inboxcheck.jar replay "
        + file
        + ")";
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

  static Run run(boolean cardLocks, long seed, int receiverCount, String test) throws Exception {
    ReceiverSetup setup = StoreFixtures.guide();
    String schema = TestPostgres.freshSchema(cardLocks ? "conc" : "broken");
    List<Envelope> batch = batch(new Random(seed), receiverCount);
    List<PostgresReceiver> receivers = new ArrayList<>();
    for (int index = 0; index < receiverCount; index++) {
      receivers.add(
          TestPostgres.receiver(
              schema,
              setup,
              cardLocks
                  ? TestLocks.withRaceWindow(RACE_WINDOW)
                  : TestLocks.withoutCardLocks(RACE_WINDOW)));
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
    ReceiverView stored = receivers.get(0).view();
    List<String> problems =
        new ArrayList<>(SerialisabilityCheck.check(setup, List.copyOf(sent), stored));
    problems.addAll(Contention.problems(receivers));
    receivers.forEach(PostgresReceiver::close);
    String explained =
        explain(test, seed, setup, stored.audit(), List.copyOf(sent), Map.of(), problems)
            + "; "
            + Contention.report(test, receivers);
    int inputs =
        (int) stored.audit().stream().filter(AuditEntry.DeliveryRecorded.class::isInstance).count();
    return new Run(problems, retried, explained, inputs);
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
