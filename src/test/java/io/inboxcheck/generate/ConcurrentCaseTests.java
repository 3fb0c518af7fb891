package io.inboxcheck.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.engine.Limits;
import io.inboxcheck.engine.Property;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.PropertyRunner;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.engine.Seeds;
import io.inboxcheck.engine.Verdict;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The rounds of {@code check --concurrency}: K requests each, numbered uniquely, at most one of
 * them a reconciliation or a clock move; the first rounds are copies, variants, a reconciliation of
 * the card the variants paused, and a clock move; a round whose presence is lowered is gone.
 */
class ConcurrentCaseTests {
  @Test
  void roundsHoldKRequestsNumberedOnceAndTheFirstFourRoundsAreEveryKindOfRace() {
    for (int concurrency = 2; concurrency <= 5; concurrency++) {
      ConcurrentCase drawn = ConcurrentCase.draw(Choices.random(concurrency), concurrency);
      Set<Integer> steps = new HashSet<>();
      for (List<ScenarioStep> round : drawn.rounds()) {
        assertThat(round).hasSize(concurrency);
        assertThat(round.stream().filter(step -> !(step instanceof ScenarioStep.Deliver)))
            .hasSizeLessThanOrEqualTo(1);
        round.forEach(step -> assertThat(steps.add(step.number())).isTrue());
      }
      List<List<ScenarioStep>> rounds = drawn.rounds();
      assertThat(rounds.get(1).get(0)).isInstanceOf(ScenarioStep.Deliver.class);
      assertThat(rounds.get(1).stream().map(s -> ((ScenarioStep.Deliver) s).envelope()).distinct())
          .as("copies and variants of one id")
          .hasSizeGreaterThan(1);
      ScenarioStep.Reconcile reconcile = (ScenarioStep.Reconcile) rounds.get(2).get(0);
      String paused =
          ((ScenarioStep.Deliver) rounds.get(1).get(0)).envelope().objectId().orElseThrow();
      assertThat(reconcile.authority()).containsOnlyKeys(paused);
      assertThat(rounds.get(3).get(0)).isInstanceOf(ScenarioStep.Advance.class);
    }
  }

  /**
   * A case's first clock race moves exactly by the retention, onto the retention end of the ids
   * first delivered before it (no move came earlier), and the delivery held with it redelivers one
   * of them; a later clock race moves past every end or onto the ends of the ids since.
   */
  @Test
  void theFirstClockRaceLandsOnTheRetentionEndOfAnIdItsHeldDeliveryRedelivers() {
    for (long seed = 0; seed < 20; seed++) {
      for (int concurrency = 2; concurrency <= 4; concurrency++) {
        ConcurrentCase drawn = ConcurrentCase.draw(Choices.random(seed), concurrency);
        Set<String> before = new HashSet<>();
        boolean checked = false;
        for (List<ScenarioStep> round : drawn.rounds()) {
          if (round.get(0) instanceof ScenarioStep.Advance move) {
            assertThat(move.by())
                .as(
                    "seed %d, K %d: a clock race moves by the retention or past it",
                    seed, concurrency)
                .isIn(ConcurrentCase.RETENTION, ConcurrentRounds.CLOCK_MOVE);
            if (!checked) {
              assertThat(move.by())
                  .as("seed %d, K %d", seed, concurrency)
                  .isEqualTo(ConcurrentCase.RETENTION);
              String held =
                  ((ScenarioStep.Deliver) round.get(1)).envelope().eventId().orElseThrow();
              assertThat(before).as("seed %d, K %d", seed, concurrency).contains(held);
              checked = true;
            }
          }
          round.stream()
              .filter(step -> step instanceof ScenarioStep.Deliver)
              .forEach(
                  step ->
                      ((ScenarioStep.Deliver) step).envelope().eventId().ifPresent(before::add));
        }
        assertThat(checked).as("seed %d, K %d: a clock race", seed, concurrency).isTrue();
      }
    }
  }

  /**
   * Only deliveries racing a reconciliation or a clock move wait, the request they race never does
   * and neither does the first delivery (the run holds the race for it), and across a few cases
   * every lag of the ladder is drawn and shown.
   */
  @Test
  void deliveriesRacingAReconciliationOrAClockMoveWaitLagsFromTheWholeLadder() {
    Set<Duration> drawn = new HashSet<>();
    StringBuilder described = new StringBuilder();
    for (long seed = 1; seed <= 5; seed++) {
      ConcurrentCase concurrentCase = ConcurrentCase.draw(Choices.random(seed), 4);
      for (int round = 0; round < concurrentCase.rounds().size(); round++) {
        List<ScenarioStep> steps = concurrentCase.rounds().get(round);
        List<Duration> lags = concurrentCase.lags().get(round);
        boolean race = !(steps.get(0) instanceof ScenarioStep.Deliver);
        for (int index = 0; index < steps.size(); index++) {
          if (!race || index <= 1) {
            assertThat(lags.get(index)).as("round %d request %d", round + 1, index).isZero();
          }
          drawn.add(lags.get(index));
        }
      }
      described.append(concurrentCase.describe());
    }
    assertThat(described).contains(" after 64 ms;");
    assertThat(drawn).containsExactlyInAnyOrderElementsOf(ConcurrentCase.LAGS);
  }

  @Test
  void aRoundWhosePresenceIsLoweredIsNotSent() {
    assertThat(ConcurrentCase.draw(Choices.replay(List.of()), 4).rounds()).isEmpty();
  }

  /**
   * A generated case has every card but about once in three hundred (a card's presence is drawn, so
   * shrinking can lower it), the default seed of {@code check --concurrency} among those with all;
   * the simplest case has card-1 alone, and says so first.
   */
  @Test
  void aGeneratedCaseAlmostAlwaysStartsWithEveryCardAndTheSimplestWithCardOneAlone() {
    int everyCard = 0;
    for (long seed = 1; seed <= 200; seed++) {
      ConcurrentCase drawn = ConcurrentCase.draw(Choices.random(seed), 4);
      assertThat(drawn.initialCards()).contains("card-1");
      everyCard += drawn.initialCards().size() == ConcurrentCase.CARDS ? 1 : 0;
    }
    assertThat(everyCard).isGreaterThanOrEqualTo(195);
    ConcurrentCase byDefault = ConcurrentCase.draw(Choices.random(Seeds.caseSeed(20261201L, 0)), 4);
    assertThat(byDefault.receiverSetup().initialCards())
        .isEqualTo(ConcurrentCase.setup().initialCards());
    ConcurrentCase simplest = ConcurrentCase.draw(Choices.replay(List.of()), 4);
    assertThat(simplest.initialCards()).containsExactly("card-1");
    assertThat(simplest.describe()).startsWith("initial: card-1 v1 \"L1\"");
  }

  /**
   * Shrinking removes the initial cards a failure does not need: copies of one delivery in flight
   * for a card the receiver holds need one card, and the case shrinks to one round and that card,
   * from the four every generated case starts with. Seeds 1 to 10, {@code check --concurrency}'s
   * default shrink budget of 150.
   */
  @Test
  void aShrunkCaseKeepsOneInitialCardWhereOneSuffices() {
    Property<ConcurrentCase> property =
        Property.<ConcurrentCase>of(
            "no copies in flight for a card held",
            choices -> ConcurrentCase.draw(choices, 2),
            (drawn, context) ->
                copiesForAHeldCard(drawn) ? Verdict.fail("copies") : Verdict.pass());
    for (long seed = 1; seed <= 10; seed++) {
      PropertyResult<ConcurrentCase> result =
          PropertyRunner.run(
              property,
              RunConfig.defaults()
                  .withoutExampleDatabase()
                  .withTries(1)
                  .withSeed(seed)
                  .withLimits(new Limits(Limits.MAX_CHOICES, 150, Limits.MAX_SHRINK_PASSES)));
      ConcurrentCase shrunk = result.failure().orElseThrow().shrunkValue();
      assertThat(shrunk.rounds()).as("seed %d: %s", seed, shrunk.describe()).hasSize(1);
      assertThat(shrunk.initialCards()).as("seed %d: %s", seed, shrunk.describe()).hasSize(1);
    }
  }

  /** Whether a round sends two copies of one delivery that names a card of the setup. */
  private static boolean copiesForAHeldCard(ConcurrentCase drawn) {
    for (List<ScenarioStep> round : drawn.rounds()) {
      Set<Object> seen = new HashSet<>();
      for (ScenarioStep step : round) {
        if (step instanceof ScenarioStep.Deliver deliver
            && drawn.initialCards().contains(deliver.envelope().objectId().orElse(""))
            && !seen.add(deliver.envelope())) {
          return true;
        }
      }
    }
    return false;
  }
}
