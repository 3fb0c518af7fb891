package io.inboxcheck.store;

import static io.inboxcheck.store.StoreFixtures.T;
import static io.inboxcheck.store.StoreFixtures.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.model.Envelope;
import io.inboxcheck.store.LockProtocol.Window;
import io.inboxcheck.store.PostgresRaceWindowTests.Verdict;
import java.time.Duration;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Pruning racing a redelivery of the id it prunes (docs/storage-boundary.md 10), played in one
 * order every time (see {@link Race}). e-1 was first received at T; a receiver whose clock reads
 * T+1h redelivers it and is held at a window; a receiver whose clock moves to T+24h prunes e-1
 * meanwhile. The redelivery arrived within retention, so it must restate APPLIED, and the prune
 * must come after it.
 */
class PostgresPruneRaceTests {
  /**
   * With the store's locks the prune waits for the redelivery wherever it is held: at its identity
   * read for the identity lock, once decided for the card-name lock as well.
   */
  @ParameterizedTest
  @EnumSource(
      value = Window.class,
      names = {"DELIVERY_IDENTITY_READ", "DELIVERY_DECIDED"})
  void pruningWaitsForARedeliveryOfItsId(Window window) throws Exception {
    for (int run = 1; run <= PostgresRaceWindowTests.RUNS; run++) {
      Verdict verdict = pruneRacingARedelivery(window, LockProtocol.LOCKED);

      assertThat(verdict.problems()).as("run %d", run).isEmpty();
      assertThat(verdict.secondWaited()).as("run %d: the prune waits", run).isTrue();
    }
  }

  /**
   * Without the identity lock the prune deletes the record the redelivery read under that lock, in
   * the window before the redelivery takes its card-name locks. The redelivery then finds no record
   * and is decided as new at T+1h, 23 hours inside retention; replaying the audit, the model can
   * only reach that decision after the prune's clock, so the entry differs. (Held once decided, the
   * redelivery already holds card-7's name lock, which the prune takes too: that window is ordered
   * by the card lock alone and is not a test of the identity lock.)
   */
  @RepeatedTest(PostgresRaceWindowTests.RUNS)
  void pruningWithoutTheIdentityLockIsCaught() throws Exception {
    Verdict verdict =
        pruneRacingARedelivery(Window.DELIVERY_IDENTITY_READ, TestLocks.withoutIdentityLock());

    assertThat(verdict.secondWaited()).as("nothing makes the prune wait").isFalse();
    assertThat(verdict.problems())
        .as("the redelivery, recorded at T+1h, is decided as if after the prune at T+24h")
        .anyMatch(problem -> problem.contains("at=2024-01-01T09:00:00Z"));
  }

  private static Verdict pruneRacingARedelivery(Window window, LockProtocol pruning)
      throws Exception {
    try (RaceRecord race = new RaceRecord()) {
      PostgresReceiver setUp = race.receiver(LockProtocol.LOCKED);
      Envelope first = snapshot("e-1", "card-7", 11L, "L11");
      race.deliver(setUp, 1, first);
      HeldWindow held = new HeldWindow(window);
      PostgresReceiver redeliverer = race.receiver(held.around(LockProtocol.LOCKED));
      redeliverer.advanceClock(2, T.plus(Duration.ofHours(1)));
      PostgresReceiver pruner = race.receiver(pruning);
      Race.Outcome<?, ?> outcome =
          Race.run(
              race.schema,
              held,
              () -> race.deliver(redeliverer, 2, first),
              () -> {
                pruner.advanceClock(3, T.plus(Duration.ofHours(24)));
                return null;
              });
      return new Verdict(race.problems(), outcome.secondWaited());
    }
  }
}
