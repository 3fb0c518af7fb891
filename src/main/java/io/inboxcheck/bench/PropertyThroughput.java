package io.inboxcheck.bench;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.ScenarioRunner;
import io.inboxcheck.engine.Choices;
import io.inboxcheck.generate.ScenarioGenerator;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Throughput of the property suite, single-threaded: generated steps checked per second with every
 * invariant and conformance on, against a baseline of the same steps replayed through the model
 * with no checks, in the same process.
 */
public final class PropertyThroughput {
  /** Pre-generated scenarios per run; enough that the JIT cannot specialise on a few. */
  public static final int SCENARIOS = 2_000;

  private PropertyThroughput() {}

  public static List<Measurement> measure(long seed, long warmupNanos, long measureNanos) {
    List<Scenario> scenarios = generate(seed);
    ScenarioRunner plain = new ScenarioRunner(ModelReceiver::new);
    long[] baseline = TimedLoop.run(() -> replayAll(scenarios, plain), warmupNanos, measureNanos);
    long[] checked =
        TimedLoop.run(
            () -> checkAll(scenarios, CheckedRun.Checks.INVARIANTS), warmupNanos, measureNanos);
    long[] conformance =
        TimedLoop.run(
            () -> checkAll(scenarios, CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE),
            warmupNanos,
            measureNanos);
    long[] generated = TimedLoop.run(() -> generateAndCheck(seed), warmupNanos, measureNanos);
    double baseRate = rate(baseline);
    List<Measurement> results = new ArrayList<>();
    results.add(
        new Measurement("baseline: model replay, no checks", baseline[0], baseline[1], 1.0));
    results.add(
        new Measurement(
            "model-free invariants after every step",
            checked[0],
            checked[1],
            rate(checked) / baseRate));
    results.add(
        new Measurement(
            "invariants + conformance to the model",
            conformance[0],
            conformance[1],
            rate(conformance) / baseRate));
    results.add(
        new Measurement(
            "generation + invariants + conformance",
            generated[0],
            generated[1],
            rate(generated) / baseRate));
    return results;
  }

  private static double rate(long[] unitsAndNanos) {
    return unitsAndNanos[0] * 1e9 / Math.max(1, unitsAndNanos[1]);
  }

  private static List<Scenario> generate(long seed) {
    ScenarioGenerator generator = new ScenarioGenerator();
    SplittableRandom seeds = new SplittableRandom(seed);
    List<Scenario> scenarios = new ArrayList<>();
    for (int index = 0; index < SCENARIOS; index++) {
      scenarios.add(generator.generate(Choices.random(seeds.nextLong()), "bench"));
    }
    return scenarios;
  }

  private static long replayAll(List<Scenario> scenarios, ScenarioRunner runner) {
    long steps = 0;
    for (Scenario scenario : scenarios) {
      steps += runner.replay(scenario).steps().size();
    }
    return steps;
  }

  private static long checkAll(List<Scenario> scenarios, CheckedRun.Checks checks) {
    long steps = 0;
    for (Scenario scenario : scenarios) {
      CheckedRun.Result result = CheckedRun.run(scenario, ModelReceiver::new, checks);
      if (result.violation().isPresent()) {
        throw new IllegalStateException(
            "the model broke an invariant: " + result.violation().get().describe());
      }
      steps += result.history().steps().size();
    }
    return steps;
  }

  private static long generateAndCheck(long seed) {
    ScenarioGenerator generator = new ScenarioGenerator();
    SplittableRandom seeds = new SplittableRandom(seed);
    long steps = 0;
    for (int index = 0; index < SCENARIOS / 10; index++) {
      Scenario scenario = generator.generate(Choices.random(seeds.nextLong()), "bench");
      steps +=
          CheckedRun.run(scenario, ModelReceiver::new, CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE)
              .history()
              .steps()
              .size();
    }
    return steps;
  }
}
