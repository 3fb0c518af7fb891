package io.inboxcheck.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.engine.Limits;
import io.inboxcheck.engine.Property;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.PropertyRunner;
import io.inboxcheck.engine.RunConfig;
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
 * milliseconds with the default budget of {@code check --crash}.
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

  @Test
  void aDeliveryKilledInFlightShrinksToOneStepAndOneKillForEverySeed() {
    Property<CrashCase> property =
        Property.<CrashCase>of(
            "a delivery killed after its mark",
            CrashCase::draw,
            (crashCase, context) ->
                killedAfterTheMark(crashCase) ? Verdict.fail("lost") : Verdict.pass());
    List<String> larger = new ArrayList<>();
    int failed = 0;
    for (long seed = 1; seed <= SEEDS; seed++) {
      PropertyResult<CrashCase> result =
          PropertyRunner.run(
              property,
              RunConfig.defaults()
                  .withoutExampleDatabase()
                  .withTries(200)
                  .withSeed(seed)
                  .withLimits(new Limits(Limits.MAX_CHOICES, BUDGET, Limits.MAX_SHRINK_PASSES)));
      if (result.failure().isEmpty()) {
        continue;
      }
      failed++;
      CrashCase shrunk = result.failure().get().shrunkValue();
      if (shrunk.scenario().steps().size() != 1 || shrunk.killCount() != 1) {
        larger.add(
            "seed "
                + seed
                + ":\n"
                + ScenarioScript.render(shrunk.scenario())
                + String.join("\n", shrunk.killLines()));
      }
    }
    assertThat(failed).as("seeds whose cases failed").isEqualTo(SEEDS);
    assertThat(larger).as("cases larger than one step and one kill").isEmpty();
  }
}
