package io.inboxcheck.store;

import static io.inboxcheck.store.StoreFixtures.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.check.SerialisabilityCheck;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
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
 * audit order must be a serial order the model agrees with (docs/storage-boundary.md 6).
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

  record Run(List<String> problems, Map<String, Long> retried) {}

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
}
