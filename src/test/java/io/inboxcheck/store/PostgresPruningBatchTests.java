package io.inboxcheck.store;

import static io.inboxcheck.store.StoreFixtures.T;
import static io.inboxcheck.store.StoreFixtures.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.check.Violation;
import io.inboxcheck.concurrent.ViewSnapshot;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ReceiverView;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * A generated batch in which the clock moves past retention while the same ids keep arriving: every
 * round, K receivers move their clocks to the round's time (each one pruning what expired) and
 * deliver one id at once, a redelivery of its retained content, or, once its record expired, a new
 * content of that id; another receiver reads the view at the same moment. Every view must be one
 * snapshot, the audit must replay through the model, and no transaction may fail for contention.
 * Every receiver runs the store's own statements, with a short wait once a transaction decided and
 * in the view between its counters and its audit ({@link RaceWindows}). The deterministic races of
 * pruning are {@link PostgresPruneRaceTests}.
 */
class PostgresPruningBatchTests {
  static final int RECEIVERS = PostgresConcurrencyTests.RECEIVERS;
  static final int ROUNDS = 40;

  /** Ids the batch draws from: few enough that they come back, past retention or not. */
  static final int IDS = 8;

  /** The clock's move per round: eight rounds are exactly the guide's 24 hours of retention. */
  static final Duration ROUND = Duration.ofHours(3);

  /** The seed of the batch: {@code -Dinboxcheck.raceSeed=S} reruns another one. */
  static final long SEED = PostgresConcurrencyTests.SEED;

  @Test
  void pruningAndViewReadsRacingRedeliveriesAreSerialisable() throws Exception {
    Batch batch =
        run(
            PostgresConcurrencyTests.AS_BUILT,
            SEED,
            "pruningAndViewReadsRacingRedeliveriesAreSerialisable");

    assertThat(batch.viewProblems()).as("%s", batch.explained()).isEmpty();
    assertThat(batch.problems()).as("%s", batch.explained()).isEmpty();
    assertThat(batch.pruned())
        .as("identities pruned while redeliveries arrived; %s", batch.explained())
        .isPositive();
  }

  /**
   * The same batch with the view read under READ COMMITTED, each table in a snapshot of its own:
   * some round's view, read while the round's deliveries commit, shows an entry without its effects
   * or effects without their entry.
   */
  @Test
  void theViewReadUnderReadCommittedIsCaughtByTheBatch() throws Exception {
    Batch batch =
        run(
            Set.of(PlantedMistake.VIEW_UNDER_READ_COMMITTED),
            SEED,
            "theViewReadUnderReadCommittedIsCaughtByTheBatch");

    assertThat(batch.viewProblems())
        .as("a view read while deliveries commit is not one snapshot; %s", batch.explained())
        .isNotEmpty();
  }

  /** What a batch found: in the views read during it, and in the end; how to rerun it. */
  record Batch(List<String> viewProblems, List<String> problems, long pruned, String explained) {}

  /**
   * The batch of {@code seed}: the reader reads the view with {@code planted} in its SQL, the
   * delivering receivers run the store as built.
   */
  static Batch run(Set<PlantedMistake> planted, long seed, String test) throws Exception {
    String explained =
        "seed "
            + seed
            + "; rerun with: mvn -B test -Dtest='PostgresPruningBatchTests#"
            + test
            + "' -Dinboxcheck.raceSeed="
            + seed
            + " -Dsurefire.failIfNoSpecifiedTests=false";
    System.out.println(test + ": " + explained);
    try (RaceRecord race = new RaceRecord()) {
      RaceWindows windows = new RaceWindows(PostgresConcurrencyTests.RACE_WINDOW);
      PostgresReceiver reader = race.receiver(windows, planted);
      List<PostgresReceiver> receivers = new ArrayList<>();
      for (int index = 0; index < RECEIVERS; index++) {
        receivers.add(race.receiver(windows));
      }
      List<Envelope> rounds = rounds(new Random(seed));
      List<String> viewProblems = Collections.synchronizedList(new ArrayList<>());
      CyclicBarrier together = new CyclicBarrier(RECEIVERS + 1);
      ExecutorService threads = Executors.newFixedThreadPool(RECEIVERS + 1);
      try {
        List<Future<?>> done = new ArrayList<>();
        for (int worker = 0; worker < RECEIVERS; worker++) {
          PostgresReceiver receiver = receivers.get(worker);
          int offset = worker + 1;
          done.add(
              threads.submit(
                  () -> {
                    for (int round = 0; round < ROUNDS; round++) {
                      together.await();
                      int step = round * RECEIVERS + offset;
                      receiver.advanceClock(step, T.plus(ROUND.multipliedBy(round)));
                      race.deliver(receiver, step, rounds.get(round));
                    }
                    return null;
                  }));
        }
        done.add(
            threads.submit(
                () -> {
                  for (int round = 0; round < ROUNDS; round++) {
                    together.await();
                    ReceiverView view = reader.freshView();
                    for (Violation violation : ViewSnapshot.check(race.setup, view)) {
                      viewProblems.add("view read in round " + round + ": " + violation.describe());
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
      assertThat(race.plantsNeverSent()).as("planted mistakes that never ran").isEmpty();
      List<String> problems = race.problems();
      String report = Contention.report(test, receivers);
      long pruned =
          reader.freshView().audit().stream()
              .filter(AuditEntry.IdentityPruned.class::isInstance)
              .count();
      return new Batch(List.copyOf(viewProblems), problems, pruned, explained + "; " + report);
    }
  }

  /**
   * One envelope per round, delivered by every receiver at once: an id drawn from {@link #IDS},
   * with the content its record holds while retained and a new version once it expired (the clock
   * then prunes it in that round, before any delivery is decided).
   */
  static List<Envelope> rounds(Random random) {
    Map<String, Envelope> retained = new HashMap<>();
    Map<String, Instant> firstAt = new HashMap<>();
    List<Envelope> rounds = new ArrayList<>();
    Duration retention = StoreFixtures.guide().retention();
    for (int round = 0; round < ROUNDS; round++) {
      Instant now = T.plus(ROUND.multipliedBy(round));
      String id = "e-" + (1 + random.nextInt(IDS));
      Instant first = firstAt.get(id);
      if (first == null || !now.isBefore(first.plus(retention))) {
        long version = 4 + random.nextInt(200);
        String card = random.nextBoolean() ? "card-7" : "card-8";
        retained.put(id, snapshot(id, card, version, "L" + version));
        firstAt.put(id, now);
      }
      rounds.add(retained.get(id));
    }
    return rounds;
  }
}
