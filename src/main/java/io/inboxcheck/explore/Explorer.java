package io.inboxcheck.explore;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.Invariant;
import io.inboxcheck.check.Violation;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioRunner;
import io.inboxcheck.scenario.ScenarioStep;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.EnumMap;
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
 * Checks every arrival order of a scenario's deliveries: the deliveries are permuted as a multiset,
 * reconcile and advance steps keep their positions, and delivery slots keep the file's receive
 * times, so the receiver clock moves the same way in every order. See {@code docs/exploration.md}.
 */
public final class Explorer {
  /** The default bound on distinct states; each costs a few kilobytes of memory. */
  public static final long DEFAULT_MAX_STATES = 1_000_000;

  /** At most 20 deliveries: 20! orders still fit a {@code long}, and no search needs more. */
  public static final int MAX_DELIVERIES = 20;

  private Explorer() {}

  /** Options of one exploration. */
  public record Options(Reduction reduction, long maxStates) {
    public static final Options DEFAULTS = new Options(Reduction.FULL, DEFAULT_MAX_STATES);

    public Options {
      if (maxStates < 1) {
        throw new IllegalArgumentException("--max-states must be at least 1, got " + maxStates);
      }
    }
  }

  /** Explores the reference model. */
  public static Exploration explore(Scenario scenario, Options options) {
    return explore(scenario, ExplorableReceiver::model, options);
  }

  /**
   * Explores every arrival order of {@code scenario} against receivers made by {@code receivers}.
   *
   * @throws IllegalArgumentException when the scenario has more than {@link #MAX_DELIVERIES}
   * @throws StateLimitExceeded when the search needs more than {@code options.maxStates()} states
   */
  public static Exploration explore(
      Scenario scenario,
      Function<ReceiverSetup, ? extends ExplorableReceiver> receivers,
      Options options) {
    List<DeliveryClass> classes = DeliveryClass.of(scenario);
    int deliveries = classes.stream().mapToInt(DeliveryClass::multiplicity).sum();
    if (deliveries > MAX_DELIVERIES) {
      throw new IllegalArgumentException(
          scenario.source()
              + ": "
              + deliveries
              + " deliveries; explore permutes at most "
              + MAX_DELIVERIES
              + " (their orders must fit a 64-bit count)");
    }
    ExplorableReceiver probe = receivers.apply(scenario.setup());
    ExplorationPlan plan =
        ExplorationPlan.of(scenario, classes, options.reduction(), probe.local());
    RunProperties properties = RunProperties.of(scenario);
    Search.StateBudget budget = new Search.StateBudget(options.maxStates());
    long started = System.nanoTime();
    List<Search.Result> results = new ArrayList<>();
    for (Component component : plan.components()) {
      boolean memoise = options.reduction() != Reduction.NONE;
      results.add(new Search(component, receivers, memoise, budget, properties).run());
    }
    long elapsed = System.nanoTime() - started;
    return combine(
        scenario, probe.name(), options, plan, classes, properties, results, elapsed, receivers);
  }

  private static Exploration combine(
      Scenario scenario,
      String receiver,
      Options options,
      ExplorationPlan plan,
      List<DeliveryClass> classes,
      RunProperties properties,
      List<Search.Result> results,
      long elapsed,
      Function<ReceiverSetup, ? extends ExplorableReceiver> receivers) {
    List<Component> components = plan.components();
    BigInteger interleavings = interleavings(components);
    BigInteger total = interleavings;
    for (Search.Result result : results) {
      total = total.multiply(BigInteger.valueOf(result.orders()));
    }
    long orders = total.longValueExact();

    long states = 0;
    long transitions = 0;
    Map<Invariant, Long> checks = new EnumMap<>(Invariant.class);
    List<String> groups = new ArrayList<>();
    for (int index = 0; index < components.size(); index++) {
      Search.Result result = results.get(index);
      states += result.states();
      transitions += result.transitions();
      result.exercised().forEach((invariant, count) -> checks.merge(invariant, count, Long::sum));
      groups.add(
          String.join(", ", components.get(index).objects())
              + ": "
              + components.get(index).deliveries()
              + " deliveries, "
              + result.orders()
              + " orders, "
              + result.states()
              + " states");
    }

    long factor = interleavings.longValueExact();
    Map<SortedMap<String, Card>, Long> finalCards =
        combine(results, FinalOutcome::cards, Explorer::mergeCards, new TreeMap<>(), factor);
    Map<List<String>, Long> unresolved =
        combine(results, FinalOutcome::unresolved, Explorer::mergeSorted, List.of(), factor);
    Map<List<String>, Long> paused =
        combine(results, FinalOutcome::paused, Explorer::mergeSorted, List.of(), factor);
    Map<ReplacementCounters, Long> replacements =
        combine(
            results,
            FinalOutcome::replacements,
            ReplacementCounters::plus,
            ReplacementCounters.ZERO,
            factor);

    Map<String, Map<String, Long>> inFileOrder = decisionsInFileOrder(results, total, classes);

    Map<String, Long> violating = violatingOrders(properties, results, interleavings, total);
    List<Exploration.Counterexample> counterexamples =
        counterexamples(scenario, components, results, receivers, properties);
    List<String> runProperties = new ArrayList<>();
    if (properties.checksExpectedFinalCards()) {
      runProperties.add(RunProperties.EXPECTED_FINAL_CARDS);
    }
    if (properties.checksOrderIndependence()) {
      runProperties.add(RunProperties.ORDER_INDEPENDENT);
    }
    return new Exploration(
        scenario,
        receiver,
        options.reduction(),
        plan.reason(),
        groups,
        classes.stream().mapToInt(DeliveryClass::multiplicity).sum(),
        formula(classes),
        orders,
        states,
        transitions,
        elapsed,
        checks,
        properties.premise(),
        runProperties,
        violating,
        finalCards,
        unresolved,
        paused,
        replacements,
        inFileOrder,
        counterexamples);
  }

  /** Ways to interleave the components' deliveries, each component keeping its own order. */
  private static BigInteger interleavings(List<Component> components) {
    BigInteger interleavings = factorial(components.stream().mapToInt(Component::deliveries).sum());
    for (Component component : components) {
      interleavings = interleavings.divide(factorial(component.deliveries()));
    }
    return interleavings;
  }

  /**
   * For each delivery, in the order of the file, how many orders gave it each decision: a
   * component's counts scaled by the orders of everything else.
   */
  private static Map<String, Map<String, Long>> decisionsInFileOrder(
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
  private static Map<String, Long> violatingOrders(
      RunProperties properties,
      List<Search.Result> results,
      BigInteger interleavings,
      BigInteger total) {
    Set<String> names = new TreeSet<>();
    for (Invariant invariant : Invariant.values()) {
      if (invariant.modelFree() && invariant != Invariant.ORDER_INDEPENDENT) {
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

  private static <K> Map<K, Long> combine(
      List<Search.Result> results,
      Function<FinalOutcome, K> projection,
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

  private static SortedMap<String, Card> mergeCards(
      SortedMap<String, Card> left, SortedMap<String, Card> right) {
    SortedMap<String, Card> merged = new TreeMap<>(left);
    merged.putAll(right);
    return merged;
  }

  private static List<String> mergeSorted(List<String> left, List<String> right) {
    List<String> merged = new ArrayList<>(left);
    merged.addAll(right);
    merged.sort(null);
    return List.copyOf(merged);
  }

  /** The first order found per property, made global and replayed to confirm it. */
  private static List<Exploration.Counterexample> counterexamples(
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
        Scenario ordered = withOrder(scenario, order);
        byProperty.put(found.property(), replayed(found, ordered, receivers, properties));
      }
    }
    return new ArrayList<>(byProperty.values());
  }

  private static Exploration.Counterexample replayed(
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
      History history = ScenarioRunner.replay(ordered, receiver, ScenarioRunner.StepObserver.NONE);
      boolean reproduced =
          properties.check(FinalOutcome.of(receiver.view()), history.finalCards().keySet()).stream()
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

  /** The scenario with its delivery slots filled by {@code order}, expectations dropped. */
  static Scenario withOrder(Scenario scenario, List<ScenarioStep.Deliver> order) {
    List<ScenarioStep> steps = new ArrayList<>();
    int next = 0;
    for (ScenarioStep step : scenario.steps()) {
      if (step instanceof ScenarioStep.Deliver slot) {
        ScenarioStep.Deliver member = order.get(next++);
        steps.add(
            new ScenarioStep.Deliver(
                slot.number(), member.envelope(), slot.receivedAt(), member.transport(), null));
      } else if (step instanceof ScenarioStep.Reconcile reconcile) {
        steps.add(
            new ScenarioStep.Reconcile(
                reconcile.number(), reconcile.authority(), reconcile.at(), null));
      } else {
        ScenarioStep.Advance advance = (ScenarioStep.Advance) step;
        steps.add(new ScenarioStep.Advance(advance.number(), advance.by(), advance.time(), null));
      }
    }
    return scenario.withSteps(steps, null);
  }

  private static String formula(List<DeliveryClass> classes) {
    int deliveries = classes.stream().mapToInt(DeliveryClass::multiplicity).sum();
    StringBuilder text = new StringBuilder(deliveries + "!");
    List<String> divisors = new ArrayList<>();
    classes.stream()
        .filter(c -> c.multiplicity() > 1)
        .forEach(c -> divisors.add(c.multiplicity() + "!"));
    if (!divisors.isEmpty()) {
      text.append("/").append(String.join("·", divisors));
    }
    return text.toString();
  }

  static BigInteger factorial(int n) {
    BigInteger result = BigInteger.ONE;
    for (int factor = 2; factor <= n; factor++) {
      result = result.multiply(BigInteger.valueOf(factor));
    }
    return result;
  }
}
