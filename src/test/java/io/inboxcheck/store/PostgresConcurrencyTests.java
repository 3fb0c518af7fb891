package io.inboxcheck.store;

import static io.inboxcheck.store.StoreFixtures.snapshot;
import static io.inboxcheck.store.StoreFixtures.state;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.ScenarioRunner;
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
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
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
 *
 * <p>Every receiver runs the store's own statements, the one read path production runs; a short
 * wait once a transaction decided ({@link RaceWindows}) makes unprotected races interleave. The
 * same runs with a known mistake planted in that SQL ({@link PlantedMistake}) must fail: that is
 * what shows the checks guard the production path.
 */
class PostgresConcurrencyTests {
  /** Receivers delivering at once in the default run; 2, 8 and 16 run in CI's slow group. */
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
    Run run = run(AS_BUILT, SEED, RECEIVERS, "concurrentReceiversAreSerialisableInAuditOrder");

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
    Run run = run(AS_BUILT, SEED + receivers, receivers, "serialisableAtOtherConcurrencies");

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
      run =
          run(
              Set.of(PlantedMistake.CARD_LOCKS_DROPPED),
              SEED + attempt,
              RECEIVERS,
              "withoutTheCardLockTheCheckCatchesLostUpdates");
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
   * The batch that passes above, with the identity lock dropped from the delivery's read. Copies of
   * one new id for one card still wait for that card's lock, but copies naming no card, and the
   * variants for two cards, find no record at once, and all but one fail their first record's
   * insert: a contention failure the check names. One batch, the passing test's own seed.
   */
  @Test
  void withoutTheIdentityLockInTheReadTheCheckCatchesIt() throws Exception {
    Run run =
        run(
            Set.of(PlantedMistake.IDENTITY_LOCK_DROPPED_FROM_THE_READ),
            SEED,
            RECEIVERS,
            "withoutTheIdentityLockInTheReadTheCheckCatchesIt");

    assertThat(run.problems())
        .as("copies of one new id decided on no record; %s", run.explained())
        .anyMatch(problem -> problem.contains("SQLSTATE 23505"));
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

  /**
   * The longest wait of a delivery before it starts in the runs with reconciliations, drawn anew
   * for each one: some deliveries then start after their round's authority took its card's lock and
   * wait for it, as a redelivery racing the re-evaluation of its own input must.
   */
  static final Duration START_JITTER = Duration.ofMillis(3);

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
            AS_BUILT,
            SEED,
            RECEIVERS,
            false,
            "reconciliationsRacingDeliveriesAreSerialisableInAuditOrder");

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
    RaceRun run =
        runWithReconciliations(
            AS_BUILT,
            SEED,
            RECEIVERS,
            true,
            "redeliveriesRacingReEvaluationsRestateTheNewDecision");

    assertSerialisable(run);
    assertThat(run.targetedRedeliveries())
        .as("redeliveries of inputs held CARD_PAUSED, sent with their card's authority")
        .isGreaterThanOrEqualTo(MIN_TARGETED_REDELIVERIES);
  }

  /**
   * The coverage the redelivery run requires of its batch, the races it exists to play: one round
   * of them at least.
   */
  static final int MIN_TARGETED_REDELIVERIES = RECEIVERS;

  /**
   * The redelivery run above, with the delivery reading its id's record before its card locks and
   * never again: a redelivery that waited for a reconciliation's card lock restates the decision
   * the re-evaluation replaced, which the replay of the audit shows.
   */
  @Test
  void theIdentityReadBeforeTheCardLocksIsCaughtByTheRedeliveryRun() throws Exception {
    RaceRun run =
        runWithReconciliations(
            Set.of(PlantedMistake.IDENTITY_READ_BEFORE_THE_CARD_LOCKS),
            SEED,
            RECEIVERS,
            true,
            "theIdentityReadBeforeTheCardLocksIsCaughtByTheRedeliveryRun");

    assertThat(run.problems())
        .as("a redelivery restated a decision a re-evaluation had replaced; %s", run.explained())
        .isNotEmpty();
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
        TestPostgres.receiver(schema, setup, new RaceWindows(RACE_WINDOW))) {
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
   * A run with reconciliations: the problems found, the retries, the audit, how many objects the
   * reconcile steps listed and how many redeliveries raced their own input's re-evaluation.
   */
  record RaceRun(
      List<String> problems,
      Map<String, Long> retried,
      List<AuditEntry> audit,
      long listedObjects,
      int targetedRedeliveries,
      String explained) {
    long count(Class<? extends AuditEntry> kind) {
      return audit.stream().filter(kind::isInstance).count();
    }
  }

  /**
   * K receivers deliver a batch with conflicts, round by round, while one more receiver, on its own
   * connection and the same schema, runs a reconcile step at the same moment every {@link
   * ReconcilingBatch#RECONCILE_EVERY} rounds: authoritative snapshots of card-7, card-8 or both.
   */
  static RaceRun runWithReconciliations(
      Set<PlantedMistake> planted, long seed, int receiverCount, boolean redeliveries, String test)
      throws Exception {
    System.out.println(test + ": seed " + seed + "; rerun with: " + rerun(test, seed));
    ReceiverSetup setup = StoreFixtures.guide();
    String schema = TestPostgres.freshSchema("race");
    ReconcilingBatch generated =
        ReconcilingBatch.generate(new Random(seed), receiverCount, redeliveries);
    List<Envelope> batch = generated.deliveries();
    int rounds = batch.size() / receiverCount;
    List<SortedMap<String, AuthoritativeCard>> plan = generated.authorities();
    List<PlantedConnections> plants = new ArrayList<>();
    List<PostgresReceiver> receivers = new ArrayList<>();
    for (int index = 0; index < receiverCount; index++) {
      receivers.add(receiver(schema, setup, planted, plants));
    }
    PostgresReceiver reconciler = receiver(schema, setup, planted, plants);
    List<SerialisabilityCheck.Sent> sent = Collections.synchronizedList(new ArrayList<>());
    List<SerialisabilityCheck.Reconciled> reconciled = new ArrayList<>();
    CyclicBarrier together = new CyclicBarrier(receiverCount + 1);
    ExecutorService threads = Executors.newFixedThreadPool(receiverCount + 1);
    try {
      List<Future<?>> done =
          startDeliverers(threads, receivers, batch, together, sent, START_JITTER);
      done.add(
          threads.submit(
              () -> {
                for (int round = 0; round < rounds; round++) {
                  together.await();
                  SortedMap<String, AuthoritativeCard> authority = plan.get(round);
                  if (authority != null) {
                    int step = ReconcilingBatch.stepOfAuthority(batch.size(), round);
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
    assertPlantsSent(plants);
    Map<String, Long> retried = retried(receivers);
    ReceiverView stored = reconciler.view();
    List<Long> transactions = transactions(schema);
    List<AuditEntry> serial = SerialisabilityCheck.inTransactionOrder(stored.audit(), transactions);
    List<String> problems =
        new ArrayList<>(
            SerialisabilityCheck.checkWithReconciliations(
                setup, List.copyOf(sent), List.copyOf(reconciled), serial, stored));
    problems.addAll(Contention.problems(receivers));
    problems.addAll(storeErrors(receivers));
    receivers.forEach(PostgresReceiver::close);
    long listed = plan.stream().filter(Objects::nonNull).mapToLong(Map::size).sum();
    Map<Integer, SortedMap<String, AuthoritativeCard>> authorities = new HashMap<>();
    reconciled.forEach(step -> authorities.put(step.step(), step.authority()));
    String explained =
        explain(test, seed, setup, serial, List.copyOf(sent), authorities, problems)
            + "; "
            + Contention.report(test, receivers);
    return new RaceRun(
        problems, retried, stored.audit(), listed, generated.targetedRedeliveries(), explained);
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
    String rerun = rerun(test, seed);
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

  /** The command that reruns {@code test} of this class with {@code seed}. */
  static String rerun(String test, long seed) {
    return "mvn -B test -Dtest='"
        + PostgresConcurrencyTests.class.getSimpleName()
        + "#"
        + test
        + "' -Dinboxcheck.raceSeed="
        + seed
        + " -Dsurefire.failIfNoSpecifiedTests=false";
  }

  /** No mistake planted: the store as built. */
  static final Set<PlantedMistake> AS_BUILT = Set.of();

  /** A receiver on {@code schema} with {@code planted} and the randomised tests' race windows. */
  static PostgresReceiver receiver(
      String schema,
      ReceiverSetup setup,
      Set<PlantedMistake> planted,
      List<PlantedConnections> plants) {
    PlantedConnections connections = TestPostgres.plantedConnections(schema, setup, planted);
    plants.add(connections);
    return new PostgresReceiver(connections, schema, setup, new RaceWindows(RACE_WINDOW));
  }

  /** A run whose planted mistakes no receiver sent judged the store as built: it must not count. */
  static void assertPlantsSent(List<PlantedConnections> plants) {
    assertThat(PlantedConnections.neverSent(plants))
        .as("planted mistakes no receiver sent")
        .isEmpty();
  }

  /** Every failure of a receiver that was not a database error: a bug in the store. */
  static List<String> storeErrors(List<PostgresReceiver> receivers) {
    List<String> errors = new ArrayList<>();
    for (PostgresReceiver receiver : receivers) {
      if (receiver.lastUnexpected() != null) {
        errors.add("store error: " + receiver.lastUnexpected());
      }
    }
    return errors;
  }

  private static Map<String, Long> retried(List<PostgresReceiver> receivers) {
    Map<String, Long> retried = new TreeMap<>();
    for (PostgresReceiver receiver : receivers) {
      receiver.retriedStates().forEach((state, count) -> retried.merge(state, count, Long::sum));
    }
    return retried;
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

  static Run run(Set<PlantedMistake> planted, long seed, int receiverCount, String test)
      throws Exception {
    System.out.println(test + ": seed " + seed + "; rerun with: " + rerun(test, seed));
    ReceiverSetup setup = StoreFixtures.guide();
    String schema = TestPostgres.freshSchema(planted.isEmpty() ? "conc" : "broken");
    List<Envelope> batch = batch(new Random(seed), receiverCount);
    List<PlantedConnections> plants = new ArrayList<>();
    List<PostgresReceiver> receivers = new ArrayList<>();
    for (int index = 0; index < receiverCount; index++) {
      receivers.add(receiver(schema, setup, planted, plants));
    }
    List<SerialisabilityCheck.Sent> sent = Collections.synchronizedList(new ArrayList<>());
    CyclicBarrier together = new CyclicBarrier(receiverCount);
    ExecutorService threads = Executors.newFixedThreadPool(receiverCount);
    try {
      List<Future<?>> done =
          startDeliverers(threads, receivers, batch, together, sent, Duration.ZERO);
      for (Future<?> future : done) {
        future.get();
      }
    } finally {
      threads.shutdownNow();
    }
    assertPlantsSent(plants);
    Map<String, Long> retried = retried(receivers);
    ReceiverView stored = receivers.get(0).view();
    List<String> problems =
        new ArrayList<>(SerialisabilityCheck.check(setup, List.copyOf(sent), stored));
    problems.addAll(Contention.problems(receivers));
    problems.addAll(storeErrors(receivers));
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
   * rarely pause), one id arriving at every receiver at once, for a card or naming none (then only
   * the identity lock orders the copies), and in the last rounds variants of one id that pause both
   * cards, followed by arrivals for the paused cards.
   */
  static List<Envelope> batch(Random random, int receivers) {
    List<Envelope> batch = new ArrayList<>();
    int nextId = 1;
    int rounds = BATCH / receivers;
    for (int round = 0; round < rounds; round++) {
      int kind = random.nextInt(8);
      if (round == rounds - 2) {
        String id = "e-" + nextId++;
        for (int copy = 0; copy < receivers; copy++) {
          batch.add(
              snapshot(
                  id, copy % 2 == 0 ? "card-7" : "card-8", version(random), "variant " + copy));
        }
      } else if (kind < 2) {
        long version = version(random);
        Envelope same = snapshot("e-" + nextId++, card(random), version, "L" + version);
        for (int copy = 0; copy < receivers; copy++) {
          batch.add(same);
        }
      } else if (kind == 2) {
        Envelope namingNoCard = StoreFixtures.namingNoCard("e-" + nextId++);
        for (int copy = 0; copy < receivers; copy++) {
          batch.add(namingNoCard);
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
      List<SerialisabilityCheck.Sent> sent,
      Duration jitter) {
    int receiverCount = receivers.size();
    List<Future<?>> done = new ArrayList<>();
    for (int worker = 0; worker < receiverCount; worker++) {
      int index = worker;
      done.add(
          threads.submit(
              () -> {
                for (int step = index + 1; step <= batch.size(); step += receiverCount) {
                  together.await();
                  if (!jitter.isZero()) {
                    LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(jitter.toNanos()));
                  }
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
