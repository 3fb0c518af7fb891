package io.inboxcheck.explore;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.scenario.Scenario;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * On scenarios small enough to run every order on its own, each reduction reports exactly what the
 * brute force finds: the number of orders, every distribution of outcomes, every decision count and
 * the number of orders breaking each property.
 */
class ExplorerAgreementTests {

  static Stream<Arguments> cases() {
    Function<ReceiverSetup, ExplorableReceiver> model = ExplorableReceiver::model;
    Function<ReceiverSetup, ExplorableReceiver> planted = UnpausingReceiver::new;
    return Stream.of(
            Arguments.of("guide-seven", SmallScenarios.guideSeven(), model),
            Arguments.of("retention-and-faults", SmallScenarios.retentionAndFaults(), model),
            Arguments.of("conflict-free", SmallScenarios.conflictFree(), model),
            Arguments.of("guide-seven, planted bug", SmallScenarios.guideSeven(), planted))
        .flatMap(
            arguments ->
                Stream.of(Reduction.values())
                    .map(
                        reduction ->
                            Arguments.of(
                                arguments.get()[0] + " " + reduction,
                                arguments.get()[1],
                                arguments.get()[2],
                                reduction)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void reducedExplorationAgreesWithBruteForce(
      String name,
      Scenario scenario,
      Function<ReceiverSetup, ExplorableReceiver> receivers,
      Reduction reduction) {
    BruteForce.Result brute = bruteForce(name, scenario, receivers);
    Exploration explored =
        Explorer.explore(
            scenario, receivers, new Explorer.Options(reduction, Explorer.DEFAULT_MAX_STATES));

    assertAgrees(explored, brute);
    if (reduction == Reduction.NONE) {
      assertThat(explored.transitions())
          .as("without a memo every order has a path of its own")
          .isGreaterThanOrEqualTo(brute.orders());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void everyCounterexampleReplaysToItsViolation(
      String name,
      Scenario scenario,
      Function<ReceiverSetup, ExplorableReceiver> receivers,
      Reduction reduction) {
    Exploration explored =
        Explorer.explore(
            scenario, receivers, new Explorer.Options(reduction, Explorer.DEFAULT_MAX_STATES));

    assertThat(explored.counterexamples()).allMatch(Exploration.Counterexample::reproduced);
    assertThat(explored.counterexamples().isEmpty()).isEqualTo(explored.holds());
  }

  /** Everything the exploration reports equals what running each order on its own found. */
  static void assertAgrees(Exploration explored, BruteForce.Result brute) {
    assertThat(brute.complete()).isTrue();
    assertThat(explored.orders()).isEqualTo(brute.orders());
    assertThat(explored.finalCards()).isEqualTo(marginal(brute.outcomes(), FinalState::cards));
    assertThat(explored.unresolved()).isEqualTo(marginal(brute.outcomes(), FinalState::unresolved));
    assertThat(explored.paused()).isEqualTo(marginal(brute.outcomes(), FinalState::paused));
    assertThat(explored.replacements())
        .isEqualTo(marginal(brute.outcomes(), FinalState::replacements));
    assertThat(explored.decisions()).isEqualTo(brute.decisions());
    assertThat(nonZero(explored.violatingOrders())).isEqualTo(brute.violatingOrders());
  }

  static <K> Map<K, Long> marginal(
      Map<FinalState, Long> outcomes, Function<FinalState, K> projection) {
    Map<K, Long> counts = new HashMap<>();
    outcomes.forEach(
        (outcome, orders) -> counts.merge(projection.apply(outcome), orders, Long::sum));
    return counts;
  }

  private static Map<String, Long> nonZero(Map<String, Long> counts) {
    Map<String, Long> nonZero = new java.util.TreeMap<>();
    counts.forEach(
        (property, orders) -> {
          if (orders > 0) {
            nonZero.put(property, orders);
          }
        });
    return nonZero;
  }

  /** Brute force is the slow side; each scenario and receiver runs once for all reductions. */
  private static final Map<String, BruteForce.Result> BRUTE_FORCE = new HashMap<>();

  private static BruteForce.Result bruteForce(
      String name, Scenario scenario, Function<ReceiverSetup, ExplorableReceiver> receivers) {
    String key = name.substring(0, name.lastIndexOf(' '));
    return BRUTE_FORCE.computeIfAbsent(
        key, k -> BruteForce.run(scenario, receivers, Long.MAX_VALUE));
  }

  @Test
  void theCasesExerciseWhatTheyClaim() {
    Exploration planted =
        Explorer.explore(
            SmallScenarios.guideSeven(), UnpausingReceiver::new, Explorer.Options.DEFAULTS);
    assertThat(planted.violatingOrders().get("PAUSED_FROZEN")).isPositive();
    assertThat(planted.plan()).contains("does not declare locality");

    Exploration split = Explorer.explore(SmallScenarios.guideSeven(), Explorer.Options.DEFAULTS);
    assertThat(split.groups()).hasSize(2);
    assertThat(split.orders()).isEqualTo(5040 / 2);

    Exploration retention =
        Explorer.explore(SmallScenarios.retentionAndFaults(), Explorer.Options.DEFAULTS);
    assertThat(retention.plan()).contains("before the last delivery");
    assertThat(retention.decisions().values().stream().flatMap(m -> m.keySet().stream()))
        .as("a redelivery after retention is decided anew in some orders, restated in others")
        .contains("on arrival: DUPLICATE (restates APPLIED)", "on arrival: NO_ACK (not durable)");

    Exploration clean = Explorer.explore(SmallScenarios.conflictFree(), Explorer.Options.DEFAULTS);
    assertThat(clean.runProperties()).contains("ORDER_INDEPENDENT");
    assertThat(clean.finalCards()).hasSize(1);
  }
}
