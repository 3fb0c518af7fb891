package io.inboxcheck.store;

import static io.inboxcheck.store.StoreFixtures.T;
import static io.inboxcheck.store.StoreFixtures.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.model.Envelope;
import io.inboxcheck.store.PostgresRaceWindowTests.Verdict;
import io.inboxcheck.store.RaceHook.Window;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Tag;

/**
 * Pruning racing deliveries of the id it prunes (docs/storage-boundary.md 10 and 13.1), played in
 * one order every time (see {@link Race}). What orders the two depends on what the delivery locks:
 * a delivery of a content naming the record's card shares that card's lock with the prune; one
 * naming no card takes the identity lock alone on its first read, and reads again, locking the
 * record's card, only when the record names one.
 */
class PostgresPruneRaceTests {
  private static final Envelope FIRST = snapshot("e-1", "card-7", 11L, "L11");

  /** e-1 without {@code object_id}: a content that names no card, decided HELD MALFORMED. */
  private static final Envelope NO_CARD = StoreFixtures.namingNoCard("e-1");

  /**
   * e-1 was first received at T for card-7; a receiver at T+1h redelivers it and is held once
   * decided; a receiver at T+24h prunes e-1 meanwhile. The redelivery arrived within retention, so
   * it restates APPLIED, and the prune waits for it: for the identity lock, and for card-7's, which
   * the two share (so this window cannot tell a prune without the identity lock from the store).
   */
  @RepeatedTest(PostgresRaceWindowTests.RUNS)
  void pruningWaitsForARedeliveryOfItsId() throws Exception {
    try (RaceRecord race = new RaceRecord()) {
      PostgresReceiver setUp = race.receiver(RaceHook.NONE);
      race.deliver(setUp, 1, FIRST);
      HeldWindow held = new HeldWindow(Window.DELIVERY_DECIDED);
      PostgresReceiver redeliverer = race.receiver(held);
      redeliverer.advanceClock(2, T.plus(Duration.ofHours(1)));
      PostgresReceiver pruner = race.receiver(RaceHook.NONE);
      Verdict verdict =
          race.verdict(
              Race.run(
                  race.schema,
                  held,
                  () -> race.deliver(redeliverer, 2, FIRST),
                  () -> prune(pruner, 3, T.plus(Duration.ofHours(24)))));

      assertThat(verdict.problems()).isEmpty();
      assertThat(verdict.secondWaited()).as("the prune waits").isTrue();
    }
  }

  @RepeatedTest(PostgresRaceWindowTests.RUNS)
  void aDeliveryNamingNoCardWaitsForThePruneOfItsId() throws Exception {
    Verdict verdict = pruneRacingADeliveryNamingNoCard(Set.of());

    assertThat(verdict.problems()).isEmpty();
    assertThat(verdict.secondWaited()).as("the delivery waits for the identity lock").isTrue();
  }

  /**
   * Without the identity lock the prune holds card-7's lock alone while it deletes. The delivery
   * finds the record naming card-7 and reads again: its lock statement reads the names card-7, then
   * waits for that lock, and its slice, read once the prune committed, has no record. The names it
   * locked are not the names of what it read, and it is refused: a NO_ACK no serial order explains,
   * named as a store error.
   */
  @RepeatedTest(PostgresRaceWindowTests.RUNS)
  void pruningWithoutTheIdentityLockIsCaughtByADeliveryNamingNoCard() throws Exception {
    Verdict verdict =
        pruneRacingADeliveryNamingNoCard(Set.of(PlantedMistake.PRUNING_WITHOUT_THE_IDENTITY_LOCK));

    assertThat(verdict.secondWaited()).as("the read again waits for card-7's lock").isTrue();
    assertThat(verdict.problems())
        .as("the delivery locked card-7 for a record the prune deleted")
        .anyMatch(problem -> problem.contains("the cards locked [card-7]"));
  }

  /**
   * e-1 was first received at T for card-7. A receiver at T+24h prunes it and is held once decided;
   * a delivery of e-1 naming no card arrives, from a receiver whose clock was already at T+24h when
   * e-1 first arrived, so the audit's times follow its order. Its first read takes the identity
   * lock and no card lock. With the identity lock the prune holds, it waits, then finds no record
   * and is a first arrival, decided on that one read.
   */
  private static Verdict pruneRacingADeliveryNamingNoCard(Set<PlantedMistake> planted)
      throws Exception {
    try (RaceRecord race = new RaceRecord()) {
      PostgresReceiver setUp = race.receiver(RaceHook.NONE);
      PostgresReceiver deliverer = race.receiver(RaceHook.NONE);
      deliverer.advanceClock(1, T.plus(Duration.ofHours(24)));
      race.deliver(setUp, 2, FIRST);
      HeldWindow held = new HeldWindow(Window.PRUNE_DECIDED);
      PostgresReceiver pruner = race.receiver(held, planted);
      return race.verdict(
          Race.run(
              race.schema,
              held,
              () -> prune(pruner, 3, T.plus(Duration.ofHours(24))),
              () -> race.deliver(deliverer, 4, NO_CARD)));
    }
  }

  /**
   * A record whose content names no card is held MALFORMED and never resolved (SPEC 5), so the
   * prune must keep it; a redelivery of it, held once decided, holds the identity lock alone, and
   * the prune waits for that lock.
   */
  @RepeatedTest(PostgresRaceWindowTests.RUNS)
  void aRecordNamingNoCardIsKeptByAPruneRacingItsRedelivery() throws Exception {
    Verdict verdict = pruneRacingARedeliveryOfARecordNamingNoCard(Set.of());

    assertThat(verdict.problems()).isEmpty();
    assertThat(verdict.secondWaited()).as("the prune waits for the identity lock").isTrue();
  }

  /**
   * Without the identity lock nothing orders the two, yet nothing goes wrong: whatever the prune
   * reads, the record is still owed and kept. The identity lock is not what keeps this record. It
   * catches nothing, so it runs with the slow tests (CI's slow group, -Pslow).
   */
  @Tag("slow")
  @RepeatedTest(PostgresRaceWindowTests.RUNS)
  void aRecordNamingNoCardIsKeptByAPruneWithoutTheIdentityLock() throws Exception {
    Verdict verdict =
        pruneRacingARedeliveryOfARecordNamingNoCard(
            Set.of(PlantedMistake.PRUNING_WITHOUT_THE_IDENTITY_LOCK));

    assertThat(verdict.problems()).isEmpty();
    assertThat(verdict.secondWaited()).as("nothing makes the prune wait").isFalse();
  }

  /** A prune that does not read the held inputs lets the record go: the replay keeps it. */
  @RepeatedTest(PostgresRaceWindowTests.RUNS)
  void pruningWithoutTheHeldInputsIsCaughtOnARecordNamingNoCard() throws Exception {
    Verdict verdict =
        pruneRacingARedeliveryOfARecordNamingNoCard(
            Set.of(PlantedMistake.PRUNING_WITHOUT_THE_HELD_INPUTS));

    assertThat(verdict.secondWaited()).as("the prune still waits for the identity lock").isTrue();
    assertThat(verdict.problems())
        .as("the store pruned a record the model keeps")
        .anyMatch(problem -> problem.contains("identity"));
  }

  /**
   * e-1 was first received at T naming no card (HELD MALFORMED); a receiver at T+1h redelivers it
   * and is held once decided (DUPLICATE restating HELD MALFORMED); a receiver at T+25h, past the
   * record's window, prunes meanwhile.
   */
  private static Verdict pruneRacingARedeliveryOfARecordNamingNoCard(Set<PlantedMistake> planted)
      throws Exception {
    try (RaceRecord race = new RaceRecord()) {
      PostgresReceiver setUp = race.receiver(RaceHook.NONE);
      race.deliver(setUp, 1, NO_CARD);
      HeldWindow held = new HeldWindow(Window.DELIVERY_DECIDED);
      PostgresReceiver redeliverer = race.receiver(held);
      redeliverer.advanceClock(2, T.plus(Duration.ofHours(1)));
      PostgresReceiver pruner = race.receiver(RaceHook.NONE, planted);
      return race.verdict(
          Race.run(
              race.schema,
              held,
              () -> race.deliver(redeliverer, 2, NO_CARD),
              () -> prune(pruner, 3, T.plus(Duration.ofHours(25)))));
    }
  }

  private static Void prune(PostgresReceiver pruner, int step, Instant clock) {
    pruner.advanceClock(step, clock);
    return null;
  }
}
