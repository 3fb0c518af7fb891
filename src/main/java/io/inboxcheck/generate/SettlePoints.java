package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Where a receiver that acknowledges on acceptance (SPEC section 3.6) is asked to settle, drawn
 * from the engine's choices beside each generated step: first how often for the whole case (never
 * until the end, rarely, often, after every step), then for each step whether it settles after it.
 * "Never until the end" is the simplest value, so shrinking removes the settles a failure does not
 * need, and a case ranges from one settle after a queue of deliveries to one after every step.
 */
public final class SettlePoints {
  /** The chance in six that a step settles, by the case's draw, simplest first. */
  private static final int[] CHANCE_IN_SIX = {0, 1, 3, 6};

  private final int chance;
  private final Set<Integer> steps = new TreeSet<>();

  private SettlePoints(int chance) {
    this.chance = chance;
  }

  /** Draws how often this case settles. */
  public static SettlePoints draw(Choices choices) {
    return new SettlePoints(CHANCE_IN_SIX[choices.integer(0, CHANCE_IN_SIX.length - 1)]);
  }

  /** Draws whether {@code step} is followed by a settle, and notes it when it is. */
  public boolean drawAfter(Choices choices, ScenarioStep step) {
    boolean settles = chance == 6 || (chance > 0 && choices.integer(1, 6) <= chance);
    if (settles) {
      steps.add(step.number());
    }
    return settles;
  }

  /** The steps drawn so far after which the receiver settles. */
  public Set<Integer> steps() {
    return Set.copyOf(steps);
  }

  /**
   * A scenario of the fault-sequence generator with its settle points: {@link
   * Scenario#settleAfter()} lists them, so the counterexample file replays them.
   */
  public static Scenario scenario(Choices choices, ScenarioGenerator generator, String name) {
    SettlePoints settles = draw(choices);
    Scenario scenario = generator.generate(choices, name, settles::drawAfter);
    return scenario.withSettles(List.copyOf(new TreeSet<>(settles.steps)));
  }
}
