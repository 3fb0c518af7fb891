package io.inboxcheck.explore;

import io.inboxcheck.check.Invariant;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Checks every arrival order of a scenario's deliveries: the deliveries are permuted as a multiset,
 * reconcile and advance steps keep their positions, and delivery slots keep the file's receive
 * times, so the receiver clock moves the same way in every order. See {@code docs/exploration.md}.
 */
public final class Explorer {
  /**
   * The default bound on distinct states. A state costs its 64-bit fingerprint and its share of the
   * order graph, at most about 400 bytes; the heap bound ({@link Options#heapBytes}) stops a search
   * before it runs out of memory either way.
   */
  public static final long DEFAULT_MAX_STATES = 1_000_000;

  /** At most 20 deliveries: 20! orders still fit a {@code long}, and no search needs more. */
  public static final int MAX_DELIVERIES = 20;

  private Explorer() {}

  /**
   * Options of one exploration.
   *
   * @param heapBytes what the search's fingerprints and order graph may take; by default three
   *     quarters of the JVM's maximum heap
   */
  public record Options(Reduction reduction, long maxStates, long heapBytes) {
    public static final Options DEFAULTS = new Options(Reduction.FULL, DEFAULT_MAX_STATES);

    public Options {
      if (maxStates < 1) {
        throw new IllegalArgumentException("--max-states must be at least 1, got " + maxStates);
      }
    }

    public Options(Reduction reduction, long maxStates) {
      this(reduction, maxStates, Runtime.getRuntime().maxMemory() / 4 * 3);
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
   * @throws StateLimitExceeded when the search needs more than {@code options.maxStates()} states,
   *     or more heap than {@code options.heapBytes()}
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
    StateBudget budget = new StateBudget(options.maxStates(), options.heapBytes());
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
    BigInteger interleavings = ComponentProduct.interleavings(components);
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
        ComponentProduct.combine(
            results, FinalState::cards, ComponentProduct::mergeCards, new TreeMap<>(), factor);
    Map<List<String>, Long> unresolved =
        ComponentProduct.combine(
            results, FinalState::unresolved, ComponentProduct::mergeSorted, List.of(), factor);
    Map<List<String>, Long> paused =
        ComponentProduct.combine(
            results, FinalState::paused, ComponentProduct::mergeSorted, List.of(), factor);
    Map<ReplacementCounters, Long> replacements =
        ComponentProduct.combine(
            results,
            FinalState::replacements,
            ReplacementCounters::plus,
            ReplacementCounters.ZERO,
            factor);

    Map<String, Map<String, Long>> inFileOrder =
        ComponentProduct.decisionsInFileOrder(results, total, classes);

    Map<String, Long> violating =
        ComponentProduct.violatingOrders(properties, results, interleavings, total);
    List<Exploration.Counterexample> counterexamples =
        ConfirmedOrders.counterexamples(scenario, components, results, receivers, properties);
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
