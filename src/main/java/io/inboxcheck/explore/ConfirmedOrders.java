package io.inboxcheck.explore;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.ScenarioRunner;
import io.inboxcheck.check.Violation;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The exploration's counterexamples: the first order a component search found breaking each
 * property, completed with the other components' deliveries into an order of the whole scenario,
 * and replayed from a fresh receiver to confirm that it breaks the property there too.
 */
final class ConfirmedOrders {
  private ConfirmedOrders() {}

  /** The first order found per property, made global and replayed to confirm it. */
  static List<Exploration.Counterexample> counterexamples(
      Scenario scenario,
      List<Component> components,
      List<Search.Result> results,
      Function<ReceiverSetup, ? extends ExplorableReceiver> receivers,
      RunProperties properties) {
    Map<String, Exploration.Counterexample> byProperty = new LinkedHashMap<>();
    for (int index = 0; index < components.size(); index++) {
      for (Search.Found found : results.get(index).found()) {
        if (byProperty.containsKey(found.property())) {
          continue;
        }
        // The component's order first; the other components' deliveries commute with it.
        List<ScenarioStep.Deliver> order = new ArrayList<>(found.order());
        for (int other = 0; other < components.size(); other++) {
          if (other != index) {
            order.addAll(components.get(other).members());
          }
        }
        Scenario ordered = Explorer.withOrder(scenario, order);
        byProperty.put(found.property(), replayed(found, ordered, receivers, properties));
      }
    }
    return new ArrayList<>(byProperty.values());
  }

  static Exploration.Counterexample replayed(
      Search.Found found,
      Scenario ordered,
      Function<ReceiverSetup, ? extends ExplorableReceiver> receivers,
      RunProperties properties) {
    String description =
        found.property()
            + (found.step() == 0
                ? " broken by the whole run"
                : " broken at step " + found.step() + " (" + found.stepKind() + ")")
            + ": expected "
            + found.expected()
            + "; observed "
            + found.observed();
    Function<ReceiverSetup, Receiver> factory = receivers::apply;
    if (found.step() == 0) {
      Receiver receiver = factory.apply(ordered.setup());
      History history = ScenarioRunner.replay(ordered, receiver);
      boolean reproduced =
          properties.check(FinalState.of(receiver.view()), history.finalCards().keySet()).stream()
              .anyMatch(failure -> failure.property().equals(found.property()));
      return new Exploration.Counterexample(
          found.property(), ordered, description, null, reproduced);
    }
    Violation violation =
        CheckedRun.run(ordered, factory, CheckedRun.Checks.INVARIANTS).violation().orElse(null);
    boolean reproduced = violation != null && violation.invariant().name().equals(found.property());
    return new Exploration.Counterexample(
        found.property(), ordered, description, violation, reproduced);
  }
}
