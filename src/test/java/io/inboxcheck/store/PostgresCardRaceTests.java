package io.inboxcheck.store;

import static io.inboxcheck.store.StoreFixtures.snapshot;
import static io.inboxcheck.store.StoreFixtures.state;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.store.PostgresRaceWindowTests.Verdict;
import io.inboxcheck.store.RaceHook.Window;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.RepeatedTest;

/**
 * The card races of docs/storage-boundary.md 4.1 and 6, played in one order every time (see {@link
 * Race}): two ids deciding on one card, and a delivery deciding on a card's absence while an
 * authority creates it. The broken store has no card-name lock and no update guard ({@link
 * PlantedMistake#CARD_LOCKS_DROPPED}); {@code PostgresConcurrencyTests} still runs it in random
 * batches.
 */
class PostgresCardRaceTests {
  @RepeatedTest(PostgresRaceWindowTests.RUNS)
  void twoIdsForOneCardWaitForItsLock() throws Exception {
    Verdict verdict = twoIdsForOneCard(Set.of());

    assertThat(verdict.problems()).isEmpty();
    assertThat(verdict.secondWaited()).as("e-2 waits for card-7's lock").isTrue();
  }

  @RepeatedTest(PostgresRaceWindowTests.RUNS)
  void withoutTheCardLocksALostUpdateIsCaught() throws Exception {
    Verdict verdict = twoIdsForOneCard(Set.of(PlantedMistake.CARD_LOCKS_DROPPED));

    assertThat(verdict.secondWaited()).isFalse();
    assertThat(verdict.problems()).as("v11 written over v12").isNotEmpty();
  }

  /**
   * Section 6: e-1 decides v11 APPLIED to card-7 and is held before it writes; e-2 brings v12. With
   * the card lock e-2 waits and applies v12 over v11; without it, e-2 applies v12 over v10 and
   * commits, and e-1 then writes v11 over it, which no serial order does.
   */
  private static Verdict twoIdsForOneCard(Set<PlantedMistake> planted) throws Exception {
    try (RaceRecord race = new RaceRecord()) {
      race.receiver(RaceHook.NONE);
      HeldWindow held = new HeldWindow(Window.DELIVERY_DECIDED);
      PostgresReceiver first = race.receiver(held, planted);
      PostgresReceiver second = race.receiver(RaceHook.NONE, planted);
      Race.Outcome<?, ?> outcome =
          Race.run(
              race.schema,
              held,
              () -> race.deliver(first, 1, snapshot("e-1", "card-7", 11L, "L11")),
              () -> race.deliver(second, 2, snapshot("e-2", "card-7", 12L, "L12")));
      return race.verdict(outcome);
    }
  }

  @RepeatedTest(PostgresRaceWindowTests.RUNS)
  void anAuthorityCreatingACardWaitsForADeliveryDecidingOnItsAbsence() throws Exception {
    Verdict verdict = absenceRacingACreation(Set.of());

    assertThat(verdict.problems()).isEmpty();
    assertThat(verdict.secondWaited()).as("the authority waits for card-99's name").isTrue();
  }

  @RepeatedTest(PostgresRaceWindowTests.RUNS)
  void withoutTheCardNameLockAnInputHeldAgainstAnExistingCardIsCaught() throws Exception {
    Verdict verdict = absenceRacingACreation(Set.of(PlantedMistake.CARD_LOCKS_DROPPED));

    assertThat(verdict.secondWaited()).isFalse();
    assertThat(verdict.problems())
        .as("e-1 stays held UNKNOWN_OBJECT although card-99 exists")
        .isNotEmpty();
  }

  /**
   * Section 4.1: e-1 for card-99, which does not exist, decides HELD UNKNOWN_OBJECT and is held
   * before it writes; an authority creates card-99. With the name lock the authority waits, then
   * finds e-1's held input and re-evaluates it; without it, it finds nothing, and e-1's input stays
   * held against a card that exists.
   */
  private static Verdict absenceRacingACreation(Set<PlantedMistake> planted) throws Exception {
    try (RaceRecord race = new RaceRecord()) {
      race.receiver(RaceHook.NONE);
      HeldWindow held = new HeldWindow(Window.DELIVERY_DECIDED);
      PostgresReceiver deliverer = race.receiver(held, planted);
      PostgresReceiver reconciler = race.receiver(RaceHook.NONE, planted);
      SortedMap<String, AuthoritativeCard> authority = new TreeMap<>();
      authority.put("card-99", new AuthoritativeCard(5, state("ready", "L5")));
      Race.Outcome<?, ?> outcome =
          Race.run(
              race.schema,
              held,
              () -> race.deliver(deliverer, 1, snapshot("e-1", "card-99", 6L, "L6")),
              () -> race.reconcile(reconciler, 2, authority));
      return race.verdict(outcome);
    }
  }
}
