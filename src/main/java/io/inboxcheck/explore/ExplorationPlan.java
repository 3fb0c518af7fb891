package io.inboxcheck.explore;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Splits a scenario into independent components when that is sound, and says why or why not.
 *
 * <p>Deliveries are dependent when they name one card or share an event id (a variant pauses the
 * cards both contents name). For a local receiver, deliveries of different components commute: each
 * reads and writes only its own component's cards, identity records and held inputs. The split also
 * needs the clock not to couple them: every reconcile and advance step must follow the last
 * delivery, no identity record may expire while deliveries still arrive, and each trailing step
 * must expire either every record or none. Then where a delivery sits among the others' deliveries
 * changes nothing, and every order is an interleaving of one order per component.
 */
record ExplorationPlan(List<Component> components, boolean decomposed, String reason) {

  static ExplorationPlan of(
      Scenario scenario, List<DeliveryClass> classes, Reduction reduction, boolean local) {
    String obstacle = obstacle(scenario, reduction, local);
    if (obstacle != null) {
      return whole(scenario, classes, obstacle);
    }
    List<Component> components = split(scenario, classes);
    String reason =
        components.size() == 1
            ? "one group: every delivery shares a card or an event id with another"
            : components.size()
                + " independent groups searched apart (the receiver is local, reconcile and"
                + " advance steps follow the last delivery, and retention treats every"
                + " delivery alike)";
    return new ExplorationPlan(components, components.size() > 1, reason);
  }

  private static ExplorationPlan whole(
      Scenario scenario, List<DeliveryClass> classes, String reason) {
    int[] numbers = new int[scenario.steps().size()];
    for (int index = 0; index < numbers.length; index++) {
      numbers[index] = index + 1;
    }
    return new ExplorationPlan(
        List.of(new Component(scenario, classes, numbers, allObjects(scenario, classes))),
        false,
        reason);
  }

  /** Why the scenario cannot be split, or null when it can. */
  private static String obstacle(Scenario scenario, Reduction reduction, boolean local) {
    if (reduction != Reduction.FULL) {
      return "one search over the whole scenario (reduction " + reduction + ")";
    }
    if (!local) {
      return "one search over the whole scenario: the receiver does not declare locality";
    }
    List<ScenarioStep> steps = scenario.steps();
    int firstDelivery = -1;
    int lastDelivery = -1;
    for (int index = 0; index < steps.size(); index++) {
      if (steps.get(index) instanceof ScenarioStep.Deliver) {
        firstDelivery = firstDelivery < 0 ? index : firstDelivery;
        lastDelivery = index;
      }
    }
    if (firstDelivery < 0) {
      return "one search: the scenario has no deliveries";
    }
    for (int index = 0; index < lastDelivery; index++) {
      if (!(steps.get(index) instanceof ScenarioStep.Deliver)) {
        return "one search over the whole scenario: step "
            + (index + 1)
            + " (reconcile or advance) comes before the last delivery";
      }
    }
    Instant[] clock = Clocks.after(scenario);
    Instant earliest = clock[firstDelivery + 1];
    Instant latest = clock[lastDelivery + 1];
    if (!latest.isBefore(earliest.plus(scenario.retention()))) {
      return "one search over the whole scenario: retention may expire a record while"
          + " deliveries still arrive";
    }
    for (int index = lastDelivery + 1; index < steps.size(); index++) {
      Instant at = clock[index + 1];
      boolean none = at.isBefore(earliest.plus(scenario.retention()));
      boolean all = !at.isBefore(latest.plus(scenario.retention()));
      if (!none && !all) {
        return "one search over the whole scenario: step "
            + (index + 1)
            + " expires some identity records and not others";
      }
    }
    return null;
  }

  private static List<Component> split(Scenario scenario, List<DeliveryClass> classes) {
    UnionFind groups = new UnionFind();
    for (DeliveryClass deliveryClass : classes) {
      String own = "class:" + deliveryClass.id();
      groups.add(own);
      deliveryClass.envelope().eventId().ifPresent(id -> groups.union(own, "id:" + id));
      deliveryClass.envelope().objectId().ifPresent(id -> groups.union(own, "card:" + id));
    }
    Map<String, List<DeliveryClass>> classesByGroup = new LinkedHashMap<>();
    for (DeliveryClass deliveryClass : classes) {
      classesByGroup
          .computeIfAbsent(groups.find("class:" + deliveryClass.id()), g -> new ArrayList<>())
          .add(deliveryClass);
    }
    Map<String, TreeSet<String>> objectsByGroup = new HashMap<>();
    TreeSet<String> unclaimed = new TreeSet<>();
    for (String object : allObjects(scenario, classes)) {
      String key = "card:" + object;
      if (groups.contains(key) && classesByGroup.containsKey(groups.find(key))) {
        objectsByGroup.computeIfAbsent(groups.find(key), g -> new TreeSet<>()).add(object);
      } else {
        unclaimed.add(object);
      }
    }
    List<Component> components = new ArrayList<>();
    for (Map.Entry<String, List<DeliveryClass>> group : classesByGroup.entrySet()) {
      TreeSet<String> objects = objectsByGroup.getOrDefault(group.getKey(), new TreeSet<>());
      components.add(component(scenario, group.getValue(), objects));
    }
    if (!unclaimed.isEmpty()) {
      // Cards no delivery names still go through the trailing steps, in one order.
      components.add(component(scenario, List.of(), unclaimed));
    }
    return components;
  }

  private static TreeSet<String> allObjects(Scenario scenario, List<DeliveryClass> classes) {
    TreeSet<String> objects = new TreeSet<>(scenario.initial().keySet());
    classes.forEach(c -> c.envelope().objectId().ifPresent(objects::add));
    for (ScenarioStep step : scenario.steps()) {
      if (step instanceof ScenarioStep.Reconcile reconcile) {
        objects.addAll(reconcile.authority().keySet());
      }
    }
    return objects;
  }

  /** The component's own scenario: its deliveries in the first slots, then the trailing steps. */
  private static Component component(
      Scenario scenario, List<DeliveryClass> classes, TreeSet<String> objects) {
    List<ScenarioStep> steps = scenario.steps();
    List<ScenarioStep.Deliver> slots = new ArrayList<>();
    List<ScenarioStep> trailing = new ArrayList<>();
    for (ScenarioStep step : steps) {
      if (step instanceof ScenarioStep.Deliver deliver) {
        slots.add(deliver);
      } else {
        trailing.add(step);
      }
    }
    List<ScenarioStep.Deliver> members =
        classes.stream()
            .flatMap(c -> c.members().stream())
            .sorted((left, right) -> Integer.compare(left.number(), right.number()))
            .toList();
    List<ScenarioStep> own = new ArrayList<>();
    List<Integer> numbers = new ArrayList<>();
    for (int index = 0; index < members.size(); index++) {
      ScenarioStep.Deliver member = members.get(index);
      own.add(
          new ScenarioStep.Deliver(
              index + 1,
              member.envelope(),
              slots.get(index).receivedAt(),
              member.transport(),
              null));
      numbers.add(slots.get(index).number());
    }
    for (ScenarioStep step : trailing) {
      own.add(renumbered(step, own.size() + 1, objects));
      numbers.add(step.number());
    }
    SortedMap<String, Card> initial = new TreeMap<>();
    scenario
        .initial()
        .forEach(
            (id, card) -> {
              if (objects.contains(id)) {
                initial.put(id, card);
              }
            });
    Scenario part = scenario.with(initial, own, scenario.expectFinal());
    return new Component(
        part, classes, numbers.stream().mapToInt(Integer::intValue).toArray(), objects);
  }

  private static ScenarioStep renumbered(ScenarioStep step, int number, TreeSet<String> objects) {
    if (step instanceof ScenarioStep.Reconcile reconcile) {
      SortedMap<String, AuthoritativeCard> authority = new TreeMap<>();
      reconcile
          .authority()
          .forEach(
              (id, card) -> {
                if (objects.contains(id)) {
                  authority.put(id, card);
                }
              });
      return new ScenarioStep.Reconcile(number, authority, reconcile.at(), null);
    }
    ScenarioStep.Advance advance = (ScenarioStep.Advance) step;
    return new ScenarioStep.Advance(number, advance.by(), advance.time(), null);
  }

  /** Disjoint sets over string keys, for grouping deliveries by shared cards and ids. */
  private static final class UnionFind {
    private final Map<String, String> parent = new HashMap<>();

    void add(String key) {
      parent.putIfAbsent(key, key);
    }

    boolean contains(String key) {
      return parent.containsKey(key);
    }

    String find(String key) {
      String root = key;
      while (!parent.get(root).equals(root)) {
        root = parent.get(root);
      }
      parent.put(key, root);
      return root;
    }

    void union(String left, String right) {
      add(left);
      add(right);
      String leftRoot = find(left);
      String rightRoot = find(right);
      if (!leftRoot.equals(rightRoot)) {
        parent.put(rightRoot, leftRoot);
      }
    }
  }
}
