package io.inboxcheck.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Crash cases: one kill point per step, drawn beside it, only of a kind the step can take; the
 * simplest choices kill nowhere, so shrinking removes kills; every kind of point comes up.
 */
class CrashCaseTests {
  @Test
  void eachStepHasAKillPointOfAKindItCanTakeAndEveryKindComesUp() {
    Set<CrashCase.Point> seen = EnumSet.noneOf(CrashCase.Point.class);
    for (long seed = 0; seed < 300; seed++) {
      CrashCase crashCase = CrashCase.draw(Choices.random(seed));
      List<ScenarioStep> steps = crashCase.scenario().steps();
      assertThat(crashCase.kills()).hasSameSizeAs(steps);
      for (int index = 0; index < steps.size(); index++) {
        ScenarioStep step = steps.get(index);
        CrashCase.Kill kill = crashCase.kills().get(index);
        assertThat(kill.step()).isEqualTo(step.number());
        assertThat(allowed(step))
            .as("seed %d, step %d", seed, step.number())
            .contains(kill.point());
        assertThat(kill.delayMicros())
            .isBetween(0L, CrashCase.Timing.UNMEASURED.maxInFlightDelayMicros());
        assertThat(kill.recoveryDelaysMicros().size())
            .isLessThanOrEqualTo(CrashCase.MAX_RECOVERY_KILLS);
        seen.add(kill.point());
      }
    }
    assertThat(seen).containsExactlyInAnyOrder(CrashCase.Point.values());
  }

  /**
   * For a receiver measured to take 40 ms a request and 900 ms a start, kills in flight land all
   * over the request, its last tenth too, and kills while it starts all over the start; none lands
   * later than a fifth past the measured time.
   */
  @Test
  void killsSpreadOverTheMeasuredTimeOfARequestAndOfAStart() {
    CrashCase.Timing slow = new CrashCase.Timing(40_000, 900_000);
    List<Long> inFlight = new ArrayList<>();
    List<Long> starting = new ArrayList<>();
    for (long seed = 0; seed < 300; seed++) {
      for (CrashCase.Kill kill : CrashCase.draw(Choices.random(seed), slow).kills()) {
        if (kill.point() == CrashCase.Point.IN_FLIGHT) {
          inFlight.add(kill.delayMicros());
        }
        starting.addAll(kill.recoveryDelaysMicros());
      }
    }
    assertThat(inFlight).allSatisfy(delay -> assertThat(delay).isBetween(0L, 48_000L));
    assertThat(starting).allSatisfy(delay -> assertThat(delay).isBetween(0L, 1_080_000L));
    assertThat(inFlight).anySatisfy(delay -> assertThat(delay).isLessThan(4_000L));
    assertThat(inFlight).anySatisfy(delay -> assertThat(delay).isBetween(36_000L, 40_000L));
    assertThat(starting).anySatisfy(delay -> assertThat(delay).isLessThan(90_000L));
    assertThat(starting).anySatisfy(delay -> assertThat(delay).isBetween(810_000L, 900_000L));
  }

  @Test
  void theSimplestChoicesKillNowhere() {
    CrashCase simplest = CrashCase.draw(Choices.replay(List.of()));

    assertThat(simplest.killCount()).isZero();
    assertThat(simplest.killLines()).isEmpty();
  }

  private static Set<CrashCase.Point> allowed(ScenarioStep step) {
    Set<CrashCase.Point> always =
        EnumSet.of(
            CrashCase.Point.NONE,
            CrashCase.Point.AFTER_ANSWER,
            CrashCase.Point.BETWEEN_STEPS,
            CrashCase.Point.DURING_RECOVERY);
    if (step instanceof ScenarioStep.Deliver deliver && !deliver.transport().storageFault()) {
      always.add(CrashCase.Point.IN_FLIGHT);
    } else if (step instanceof ScenarioStep.Reconcile) {
      always.add(CrashCase.Point.DURING_RECONCILIATION);
    } else if (step instanceof ScenarioStep.Advance) {
      always.add(CrashCase.Point.DURING_CLOCK_MOVE);
    }
    return always;
  }
}
