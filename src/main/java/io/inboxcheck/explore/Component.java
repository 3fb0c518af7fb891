package io.inboxcheck.explore;

import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A part of the scenario searched on its own: its deliveries fill the first delivery slots of its
 * own scenario, followed by the trailing steps restricted to its objects. Without independence
 * there is one component, the whole scenario.
 *
 * @param scenario the component's scenario; its deliver steps are the slots orders fill
 * @param classes the component's delivery classes
 * @param globalStepNumbers the original step number of each of the component's steps (index = step
 *     number - 1), for reports
 * @param objects the card and object ids the component owns
 */
record Component(
    Scenario scenario,
    List<DeliveryClass> classes,
    int[] globalStepNumbers,
    SortedSet<String> objects) {

  Component {
    classes = List.copyOf(classes);
    objects = new TreeSet<>(objects);
  }

  int deliveries() {
    return classes.stream().mapToInt(DeliveryClass::multiplicity).sum();
  }

  /** The component's deliveries in file order. */
  List<ScenarioStep.Deliver> members() {
    return classes.stream()
        .flatMap(deliveryClass -> deliveryClass.members().stream())
        .sorted((left, right) -> Integer.compare(left.number(), right.number()))
        .toList();
  }
}
