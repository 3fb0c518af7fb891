package io.inboxcheck.store;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.generate.ScenarioGenerator;
import io.inboxcheck.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * What a crash run delivers: generated scenarios (duplicates, late events, reused ids, faults,
 * clock jumps, authorities), one after the other, each in its own schema of one database. The
 * parent and every child build the same list from the same seed, so a position names one step.
 */
final class CrashStream {
  private CrashStream() {}

  /** A step of the stream: its scenario (from 0) and its step number in that scenario. */
  record Position(int scenario, int step) implements Comparable<Position> {
    static final Position START = new Position(0, 1);

    @Override
    public int compareTo(Position other) {
      return scenario != other.scenario
          ? Integer.compare(scenario, other.scenario)
          : Integer.compare(step, other.step);
    }

    /** The step after this one, or the first step of the next scenario. */
    Position next(List<Scenario> scenarios) {
      return step < scenarios.get(scenario).steps().size()
          ? new Position(scenario, step + 1)
          : new Position(scenario + 1, 1);
    }

    @Override
    public String toString() {
      return scenario + " " + step;
    }

    static Position parse(String scenario, String step) {
      return new Position(Integer.parseInt(scenario), Integer.parseInt(step));
    }
  }

  /** As many generated scenarios as it takes to reach {@code minimumSteps} steps in total. */
  static List<Scenario> scenarios(long seed, int minimumSteps) {
    ScenarioGenerator generator = new ScenarioGenerator();
    SplittableRandom seeds = new SplittableRandom(seed);
    List<Scenario> scenarios = new ArrayList<>();
    int steps = 0;
    while (steps < minimumSteps) {
      Scenario scenario =
          generator.generate(Choices.random(seeds.nextLong()), "crash-" + scenarios.size());
      scenarios.add(scenario);
      steps += scenario.steps().size();
    }
    return scenarios;
  }

  static String schema(int scenario) {
    return "crash_" + scenario;
  }
}
