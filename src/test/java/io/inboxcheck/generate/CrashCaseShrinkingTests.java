package io.inboxcheck.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.engine.Limits;
import io.inboxcheck.engine.Property;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.PropertyRunner;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.engine.ShrinkStop;
import io.inboxcheck.engine.Verdict;
import io.inboxcheck.report.ScenarioScript;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Crash cases shrink to the least that fails: a failure that needs one delivery killed in flight
 * ends as one delivery and one kill, whatever drawn step it started in. A drawn step may send two
 * deliveries (two snapshots of which the newer overtakes, a reused id after its first delivery),
 * and the kill may be beside either; only putting a plain step in its place, with the kill carried
 * over, shows that one delivery suffices. The receiver here is a predicate, so every seed runs in
 * milliseconds with the default budget of {@code check --crash}. The initial cards the delivery
 * does not name go too: a list of cards drawn to its longest has no "no more" choice to keep once
 * one is deleted, and the shrinker puts that stop in.
 */
class CrashCaseShrinkingTests {
  /** Seeds 1 to this: before the plain step kept its kill, a quarter of them ended larger. */
  static final int SEEDS = 40;

  /** {@code check --crash}'s default shrink budget. */
  static final int BUDGET = 150;

  /**
   * The stuck "in progress" mark in miniature: a delivery killed in flight once its mark is
   * committed (a millisecond in) is refused for ever. Any such kill fails the case.
   */
  static boolean killedAfterTheMark(CrashCase crashCase) {
    for (CrashCase.Kill kill : crashCase.kills()) {
      ScenarioStep step = crashCase.scenario().steps().get(kill.step() - 1);
      if (kill.point() == CrashCase.Point.IN_FLIGHT
          && kill.delayMicros() >= 1_000
          && step instanceof ScenarioStep.Deliver deliver
          && !deliver.transport().storageFault()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the case's setup holds only what its one delivery needs: at most one initial card. A
   * failure that needs one card must not show four.
   */
  static boolean plainSetup(CrashCase crashCase) {
    return crashCase.scenario().setup().initialCards().size() <= 1;
  }

  /** A budget small enough that some seeds' shrinking stops before the case is one-minimal. */
  static final int SMALL_BUDGET = 30;

  @Test
  void aDeliveryKilledInFlightShrinksToOneStepAndOneKillForEverySeed() {
    List<String> larger = new ArrayList<>();
    int failed = 0;
    for (long seed = 1; seed <= SEEDS; seed++) {
      PropertyResult<CrashCase> result = shrunk(seed, BUDGET);
      if (result.failure().isEmpty()) {
        continue;
      }
      failed++;
      CrashCase shrunk = result.failure().get().shrunkValue();
      if (shrunk.scenario().steps().size() != 1 || shrunk.killCount() != 1 || !plainSetup(shrunk)) {
        larger.add(
            "seed "
                + seed
                + ":\n"
                + ScenarioScript.render(shrunk.scenario())
                + String.join("\n", shrunk.killLines()));
      }
    }
    assertThat(failed).as("seeds whose cases failed").isEqualTo(SEEDS);
    assertThat(larger).as("cases larger than one step, one kill and one initial card").isEmpty();
  }

  /**
   * With a budget of 30 candidates, shrinking may stop before every drawn step and kill was tried
   * away, and the failure must say which: a case it calls one-minimal is the one step and one kill
   * the failure needs; one it does not may be larger (or already that small, untried). Both happen
   * among the seeds.
   */
  @Test
  void aSmallBudgetSaysTrulyWhetherTheCaseIsOneMinimal() {
    List<String> untrue = new ArrayList<>();
    int oneMinimal = 0;
    int notOneMinimal = 0;
    for (long seed = 1; seed <= SEEDS; seed++) {
      PropertyResult<CrashCase> result = shrunk(seed, SMALL_BUDGET);
      assertThat(result.failure()).as("seed %d failed", seed).isPresent();
      PropertyResult.Failure<CrashCase> failure = result.failure().get();
      CrashCase shrunk = failure.shrunkValue();
      boolean smallest = shrunk.scenario().steps().size() == 1 && shrunk.killCount() == 1;
      if (failure.shrinkStop().oneMinimal()) {
        oneMinimal++;
      } else {
        notOneMinimal++;
        assertThat(failure.shrinkStop().reason())
            .as("seed %d stopped early", seed)
            .isEqualTo(ShrinkStop.Reason.STEP_BUDGET);
      }
      if (failure.shrinkStop().oneMinimal() && !smallest) {
        untrue.add(
            "seed "
                + seed
                + " (called one-minimal):\n"
                + ScenarioScript.render(shrunk.scenario())
                + String.join("\n", shrunk.killLines()));
      }
    }
    assertThat(untrue).as("cases whose one-minimal claim is not so").isEmpty();
    assertThat(oneMinimal).as("seeds one-minimal within %d candidates", SMALL_BUDGET).isPositive();
    assertThat(notOneMinimal).as("seeds the budget stopped first").isPositive();
  }

  private static PropertyResult<CrashCase> shrunk(long seed, int budget) {
    Property<CrashCase> property =
        Property.<CrashCase>of(
            "a delivery killed after its mark",
            CrashCase::draw,
            (crashCase, context) ->
                killedAfterTheMark(crashCase) ? Verdict.fail("lost") : Verdict.pass());
    return PropertyRunner.run(
        property,
        RunConfig.defaults()
            .withoutExampleDatabase()
            .withTries(200)
            .withSeed(seed)
            .withLimits(new Limits(Limits.MAX_CHOICES, budget, Limits.MAX_SHRINK_PASSES)));
  }
}
