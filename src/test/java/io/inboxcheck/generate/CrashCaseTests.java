package io.inboxcheck.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.scenario.ScenarioStep;
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
        assertThat(kill.delayMicros()).isBetween(0L, CrashCase.MAX_IN_FLIGHT_DELAY_MICROS);
        assertThat(kill.recoveryDelaysMicros().size())
            .isLessThanOrEqualTo(CrashCase.MAX_RECOVERY_KILLS);
        seen.add(kill.point());
      }
    }
    assertThat(seen).containsExactlyInAnyOrder(CrashCase.Point.values());
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
