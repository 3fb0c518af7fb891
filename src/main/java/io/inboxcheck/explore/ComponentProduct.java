package io.inboxcheck.explore;

import io.inboxcheck.check.Invariant;
import io.inboxcheck.model.Card;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BinaryOperator;
import java.util.function.Function;

/**
 * The whole scenario's counts from its independently searched components. An order of the scenario
 * is one order per component interleaved, so counts multiply: a component's count is scaled by the
 * orders of every other component and by the ways to interleave them.
 */
final class ComponentProduct {
  private ComponentProduct() {}

  /** Ways to interleave the components' deliveries, each component keeping its own order. */
  static BigInteger interleavings(List<Component> components) {
    BigInteger interleavings =
        Explorer.factorial(components.stream().mapToInt(Component::deliveries).sum());
    for (Component component : components) {
      interleavings = interleavings.divide(Explorer.factorial(component.deliveries()));
    }
    return interleavings;
  }

  /**
   * For each delivery, in the order of the file, how many orders gave it each decision: a
   * component's counts scaled by the orders of everything else.
   */
  static Map<String, Map<String, Long>> decisionsInFileOrder(
      List<Search.Result> results, BigInteger total, List<DeliveryClass> classes) {
    Map<String, Map<String, Long>> decisions = new LinkedHashMap<>();
    for (Search.Result result : results) {
      long others = total.divide(BigInteger.valueOf(result.orders())).longValueExact();
      result
          .decisions()
          .forEach(
              (delivery, counts) -> {
                Map<String, Long> scaled = new TreeMap<>();
                counts.forEach(
                    (what, count) -> scaled.put(what, Math.multiplyExact(count, others)));
                decisions.put(delivery, scaled);
              });
    }
    Map<String, Map<String, Long>> inFileOrder = new LinkedHashMap<>();
    for (DeliveryClass deliveryClass : classes) {
      for (int occurrence = 0; occurrence < deliveryClass.multiplicity(); occurrence++) {
        String label = deliveryClass.arrivalLabel(occurrence);
        inFileOrder.put(label, decisions.getOrDefault(label, Map.of()));
      }
    }
    return inFileOrder;
  }

  /** Orders breaking each property: all but those that avoid it in every component at once. */
  static Map<String, Long> violatingOrders(
      RunProperties properties,
      List<Search.Result> results,
      BigInteger interleavings,
      BigInteger total) {
    Set<String> names = new TreeSet<>();
    for (Invariant invariant : Invariant.values()) {
      if (invariant.judgedPerStep()) {
        names.add(invariant.name());
      }
    }
    if (properties.checksExpectedFinalCards()) {
      names.add(RunProperties.EXPECTED_FINAL_CARDS);
    }
    if (properties.checksOrderIndependence()) {
      names.add(RunProperties.ORDER_INDEPENDENT);
    }
    results.forEach(result -> names.addAll(result.violatingOrders().keySet()));
    names.remove(Search.ANY);
    Map<String, Long> violating = new LinkedHashMap<>();
    List<String> ordered = new ArrayList<>(names);
    ordered.add(Search.ANY);
    for (String name : ordered) {
      BigInteger clean = interleavings;
      for (Search.Result result : results) {
        long bad = result.violatingOrders().getOrDefault(name, 0L);
        clean = clean.multiply(BigInteger.valueOf(result.orders() - bad));
      }
      violating.put(name, total.subtract(clean).longValueExact());
    }
    return violating;
  }

  static <K> Map<K, Long> combine(
      List<Search.Result> results,
      Function<FinalState, K> projection,
      BinaryOperator<K> merge,
      K identity,
      long factor) {
    Map<K, Long> combined = new HashMap<>();
    combined.put(identity, 1L);
    for (Search.Result result : results) {
      Map<K, Long> part = new HashMap<>();
      result
          .outcomes()
          .forEach(
              (outcome, count) -> part.merge(projection.apply(outcome), count, Math::addExact));
      Map<K, Long> next = new HashMap<>();
      combined.forEach(
          (left, leftCount) ->
              part.forEach(
                  (right, rightCount) ->
                      next.merge(
                          merge.apply(left, right),
                          Math.multiplyExact(leftCount, rightCount),
                          Math::addExact)));
      combined = next;
    }
    Map<K, Long> scaled = new LinkedHashMap<>();
    combined.entrySet().stream()
        .sorted(
            (left, right) ->
                left.getValue().equals(right.getValue())
                    ? left.getKey().toString().compareTo(right.getKey().toString())
                    : Long.compare(right.getValue(), left.getValue()))
        .forEach(entry -> scaled.put(entry.getKey(), Math.multiplyExact(entry.getValue(), factor)));
    return scaled;
  }

  static SortedMap<String, Card> mergeCards(
      SortedMap<String, Card> left, SortedMap<String, Card> right) {
    SortedMap<String, Card> merged = new TreeMap<>(left);
    merged.putAll(right);
    return merged;
  }

  static List<String> mergeSorted(List<String> left, List<String> right) {
    List<String> merged = new ArrayList<>(left);
    merged.addAll(right);
    merged.sort(null);
    return List.copyOf(merged);
  }
}
