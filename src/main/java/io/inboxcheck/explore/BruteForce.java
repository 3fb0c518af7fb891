package io.inboxcheck.explore;

import io.inboxcheck.check.InvariantChecker;
import io.inboxcheck.check.Violation;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Every arrival order run on its own, from the initial state, with every invariant checked after
 * every step: no memo, no shared prefixes, no independence. It is the oracle the reduced search is
 * tested against, and the baseline it is measured against.
 */
public final class BruteForce {
  private BruteForce() {}

  /**
   * What running orders one by one found.
   *
   * @param orders the orders run
   * @param complete whether every order was run (false when {@code limit} stopped it)
   * @param outcomes final outcome per order, counted
   * @param decisions per delivery (class and arrival) each fact with the orders it happens in
   * @param violatingOrders per property, the orders in which it broke; {@code any} for at least one
   * @param steps step executions
   */
  public record Result(
      long orders,
      boolean complete,
      Map<FinalState, Long> outcomes,
      Map<String, Map<String, Long>> decisions,
      Map<String, Long> violatingOrders,
      long steps,
      long elapsedNanos) {}

  /** Runs every order, or the first {@code limit} in lexicographic order of classes. */
  public static Result run(
      Scenario scenario,
      Function<ReceiverSetup, ? extends ExplorableReceiver> receivers,
      long limit) {
    List<DeliveryClass> classes = DeliveryClass.of(scenario);
    RunProperties properties = RunProperties.of(scenario);
    List<String> names = new ArrayList<>();
    List<Integer> order = new ArrayList<>();
    for (DeliveryClass deliveryClass : classes) {
      for (int occurrence = 0; occurrence < deliveryClass.multiplicity(); occurrence++) {
        names.add(deliveryClass.arrivalLabel(occurrence));
        order.add(deliveryClass.id());
      }
    }
    int[] classOrder = order.stream().mapToInt(Integer::intValue).toArray();
    int[] nameBase = new int[classes.size()];
    for (int index = 1; index < classes.size(); index++) {
      nameBase[index] = nameBase[index - 1] + classes.get(index - 1).multiplicity();
    }
    Set<String> objects = new HashSet<>(scenario.initial().keySet());
    classes.forEach(c -> c.envelope().objectId().ifPresent(objects::add));
    scenario.steps().stream()
        .filter(ScenarioStep.Reconcile.class::isInstance)
        .forEach(step -> objects.addAll(((ScenarioStep.Reconcile) step).authority().keySet()));

    Map<FinalState, Long> outcomes = new HashMap<>();
    Map<String, Map<String, Long>> decisions = new LinkedHashMap<>();
    names.forEach(name -> decisions.put(name, new TreeMap<>()));
    Map<String, Long> violating = new TreeMap<>();
    long orders = 0;
    long steps = 0;
    long started = System.nanoTime();
    boolean more = true;
    while (more && orders < limit) {
      ExplorableReceiver receiver = receivers.apply(scenario.setup());
      InvariantChecker checker = new InvariantChecker(scenario);
      int[] stepNames = new int[scenario.steps().size() + 1];
      int[] occurrences = new int[classes.size()];
      Set<String> broken = new HashSet<>();
      List<ScenarioStep.Deliver> members = new ArrayList<>();
      for (int c : classOrder) {
        members.add(classes.get(c).members().get(occurrences[c]));
        occurrences[c]++;
      }
      java.util.Arrays.fill(occurrences, 0);
      int slot = 0;
      for (ScenarioStep step : Explorer.withOrder(scenario, members).steps()) {
        if (step instanceof ScenarioStep.Deliver) {
          int c = classOrder[slot++];
          stepNames[step.number()] = nameBase[c] + occurrences[c]++;
        }
        CheckedStep checked = CheckedStep.run(step, receiver, checker);
        steps++;
        checked.violations().stream().map(Violation::invariant).forEach(i -> broken.add(i.name()));
        for (CheckedStep.Note note : checked.notes(s -> stepNames[s], step.number())) {
          decisions.get(names.get(note.name())).merge(note.what(), 1L, Long::sum);
        }
      }
      FinalState outcome = FinalState.of(receiver.view());
      outcomes.merge(outcome, 1L, Long::sum);
      properties.check(outcome, objects).forEach(failure -> broken.add(failure.property()));
      broken.forEach(property -> violating.merge(property, 1L, Long::sum));
      if (!broken.isEmpty()) {
        violating.merge(Search.ANY, 1L, Long::sum);
      }
      orders++;
      more = nextPermutation(classOrder);
    }
    return new Result(
        orders, !more, outcomes, decisions, violating, steps, System.nanoTime() - started);
  }

  /** Advances to the next multiset permutation in lexicographic order; false after the last. */
  static boolean nextPermutation(int[] values) {
    int pivot = values.length - 2;
    while (pivot >= 0 && values[pivot] >= values[pivot + 1]) {
      pivot--;
    }
    if (pivot < 0) {
      return false;
    }
    int successor = values.length - 1;
    while (values[successor] <= values[pivot]) {
      successor--;
    }
    swap(values, pivot, successor);
    for (int left = pivot + 1, right = values.length - 1; left < right; left++, right--) {
      swap(values, left, right);
    }
    return true;
  }

  private static void swap(int[] values, int left, int right) {
    int kept = values[left];
    values[left] = values[right];
    values[right] = kept;
  }
}
