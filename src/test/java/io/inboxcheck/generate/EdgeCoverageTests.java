package io.inboxcheck.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.check.ScenarioRunner;
import io.inboxcheck.engine.Choices;
import io.inboxcheck.engine.CoverageShortfall;
import io.inboxcheck.engine.Limits;
import io.inboxcheck.engine.Property;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.PropertyRunner;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.engine.Verdict;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.suite.EdgeLabels;
import io.inboxcheck.suite.RequiredCoverage;
import io.inboxcheck.suite.TwinLabels;
import io.inboxcheck.suite.ValueLabels;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The edge, swarm and exact-value coverage floors can fail: the generator as it was before edge
 * values and swarm (every case {@link Swarm#PLAIN}) misses the edge and value floors and reaches
 * the rare depths less often; the generator as it is meets them all.
 */
class EdgeCoverageTests {
  /** Enough for the rare depths to tell the swarm from the plain generator at a 2:1 ratio. */
  private static final int TRIES = 1_000;

  /** The value floors are far apart from the plain generator's zero: fewer tries show it. */
  private static final int VALUE_TRIES = 400;

  private static final long SEED = 13;

  @Test
  void thePlainGeneratorFailsTheEdgeFloorsAndTheSwarmReachesRareDepthsMoreOften() {
    PropertyResult<Scenario> plain =
        run(choices -> new ScenarioGenerator().generate(choices, "plain", Swarm.PLAIN));
    PropertyResult<Scenario> swarm =
        run(choices -> new ScenarioGenerator().generate(choices, "swarm"));

    assertThat(plain.status())
        .as(plain.describe())
        .isEqualTo(PropertyResult.Status.COVERAGE_FAILED);
    assertThat(plain.coverageShortfalls().stream().map(CoverageShortfall::label))
        .as("seed %d: %s", SEED, plain.describe())
        .containsAll(EdgeLabels.VERSION_EDGES.values())
        .contains("edge:retention_exact", "edge:retention_1s_before", "edge:retention_1s_after");
    assertThat(swarm.status())
        .as("seed %d (rerun with this test alone): %s", SEED, swarm.describe())
        .isEqualTo(PropertyResult.Status.PASSED);
    // The plain generator reaches these by chance; the swarm at least twice as often.
    for (String label : List.of("edge:one_card_run", "swarm:repaused_after_second_authority")) {
      assertThat(swarm.labelCounts().getOrDefault(label, 0L))
          .as(
              "seed %d, %s: swarm %s, plain %s",
              SEED, label, swarm.labelCounts(), plain.labelCounts())
          .isGreaterThanOrEqualTo(2 * plain.labelCounts().getOrDefault(label, 0L));
    }
  }

  /**
   * The exact-value floors can fail too: the plain generator never sends a number in a state, a
   * look-alike id, an id of another type, a near twin or a "nothing" value, and misses each one;
   * the generator as it is meets them.
   */
  @Test
  void thePlainGeneratorMissesEveryValueFloorAndTheSwarmMeetsThem() {
    PropertyResult<Scenario> plain =
        run(
            choices -> new ScenarioGenerator().generate(choices, "plain", Swarm.PLAIN),
            VALUE_TRIES);
    PropertyResult<Scenario> swarm =
        run(choices -> new ScenarioGenerator().generate(choices, "swarm"), VALUE_TRIES);

    assertThat(plain.coverageShortfalls().stream().map(CoverageShortfall::label))
        .as("seed %d: %s", SEED, plain.describe())
        .containsAll(
            RequiredCoverage.forFaultSequences().keySet().stream()
                .filter(EdgeCoverageTests::valueLabel)
                .toList());
    assertThat(swarm.coverageShortfalls().stream().map(CoverageShortfall::label))
        .as("seed %d (rerun with this test alone): %s", SEED, swarm.describe())
        .noneMatch(EdgeCoverageTests::valueLabel);
  }

  /** A label of a value compared exactly, a near twin or a "nothing" value. */
  private static boolean valueLabel(String label) {
    return label.startsWith("value:") || label.startsWith("twin:") || label.startsWith("nothing:");
  }

  /**
   * Generation and the model's history only: the edge and value labels, without the invariant
   * checker.
   */
  private static PropertyResult<Scenario> run(Function<Choices, Scenario> generator) {
    return run(generator, TRIES);
  }

  private static PropertyResult<Scenario> run(Function<Choices, Scenario> generator, int tries) {
    Property<Scenario> property =
        Property.of(
            "edge coverage",
            generator,
            (scenario, context) -> {
              EdgeLabels.ofScenario(scenario).forEach(context::label);
              ValueLabels.ofScenario(scenario).forEach(context::label);
              TwinLabels.ofScenario(scenario).forEach(context::label);
              History history =
                  ScenarioRunner.replay(scenario, new ModelReceiver(scenario.setup()));
              EdgeLabels.ofHistory(history).forEach(context::label);
              return new Verdict.Pass();
            });
    for (Map.Entry<String, Double> floor : RequiredCoverage.forFaultSequences().entrySet()) {
      if (floor.getKey().startsWith("edge:")
          || floor.getKey().startsWith("swarm:")
          || valueLabel(floor.getKey())) {
        property = property.requireCoverage(floor.getKey(), floor.getValue());
      }
    }
    RunConfig config =
        new RunConfig(
            tries, OptionalLong.of(SEED), Optional.empty(), new Limits(Limits.MAX_CHOICES, 0, 0));
    return PropertyRunner.run(property, config);
  }
}
