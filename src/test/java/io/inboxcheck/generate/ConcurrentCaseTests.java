package io.inboxcheck.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.engine.Choices;
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
}
