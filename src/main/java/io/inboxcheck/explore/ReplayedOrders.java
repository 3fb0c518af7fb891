package io.inboxcheck.explore;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.Facts;
import io.inboxcheck.check.Invariant;
import io.inboxcheck.check.Violation;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Every arrival order of a scenario for a receiver that can neither copy nor fingerprint itself (a
 * database, a service behind HTTP): each order is replayed from a fresh receiver, checked step by
 * step like any scenario, and its final cards held to the whole-run properties. Nothing is shared
 * between orders, so the cost is the orders times the steps, and {@code maxOrders} bounds it;
 * orders run in lexicographic order of delivery classes, as {@link BruteForce} runs them.
 */
public final class ReplayedOrders {
  private ReplayedOrders() {}

  /**
   * What replaying orders found.
   *
   * @param ordersChecked the orders replayed
   * @param ordersInAll the distinct arrival orders of the scenario
   * @param violatingOrders per invariant or whole-run property, the checked orders that broke it
   * @param first the first violating order, if any
   */
  public record Result(
      long ordersChecked,
      BigInteger ordersInAll,
      Map<String, Long> violatingOrders,
      Optional<Found> first) {

    /** Whether every order of the scenario was checked, not only the first {@code maxOrders}. */
    public boolean complete() {
      return ordersInAll.equals(BigInteger.valueOf(ordersChecked));
    }

    public boolean holds() {
      return first.isEmpty();
    }
  }

  /**
   * A violating order: the scenario in that order, the violation, and its checked run (whose
   * histories end at the violation, or at the last step for a whole-run property).
   */
  public record Found(
      Scenario order, String property, Violation violation, CheckedRun.Result run) {}

  /** Replays the orders of {@code scenario}, at most {@code maxOrders} of them. */
  public static Result run(
      Scenario scenario,
      Function<ReceiverSetup, Receiver> receivers,
      CheckedRun.Checks checks,
      long maxOrders) {
    if (maxOrders < 1) {
      throw new IllegalArgumentException("--max-orders must be at least 1, got " + maxOrders);
    }
    List<DeliveryClass> classes = DeliveryClass.of(scenario);
    List<Integer> slots = new ArrayList<>();
    for (DeliveryClass deliveryClass : classes) {
      for (int occurrence = 0; occurrence < deliveryClass.multiplicity(); occurrence++) {
        slots.add(deliveryClass.id());
      }
    }
    int[] classOrder = slots.stream().mapToInt(Integer::intValue).toArray();
    RunProperties properties = RunProperties.of(scenario);
    Map<String, Long> violating = new TreeMap<>();
    Optional<Found> first = Optional.empty();
    long orders = 0;
    boolean more = true;
    while (more && orders < maxOrders) {
      Scenario ordered = Explorer.withOrder(scenario, members(classes, classOrder));
      CheckedRun.Result run = CheckedRun.run(ordered, receivers, checks);
      Optional<Found> found =
          run.violation()
              .map(v -> new Found(ordered, v.invariant().name(), v, run))
              .or(() -> wholeRun(properties, ordered, run));
      if (found.isPresent()) {
        violating.merge(found.get().property(), 1L, Long::sum);
        first = first.or(() -> found);
      }
      orders++;
      more = BruteForce.nextPermutation(classOrder);
    }
    return new Result(orders, ordersInAll(classes), violating, first);
  }

  /** The deliveries in the order {@code classOrder} names their classes. */
  private static List<ScenarioStep.Deliver> members(List<DeliveryClass> classes, int[] classOrder) {
    int[] occurrences = new int[classes.size()];
    List<ScenarioStep.Deliver> members = new ArrayList<>();
    for (int c : classOrder) {
      members.add(classes.get(c).members().get(occurrences[c]++));
    }
    return members;
  }

  /**
   * The first whole-run property the final cards break, as a violation over the whole run (step 0):
   * the file's expected final cards, or the same final cards in every order.
   */
  private static Optional<Found> wholeRun(
      RunProperties properties, Scenario ordered, CheckedRun.Result run) {
    Set<String> objects = new HashSet<>(ordered.initial().keySet());
    objects.addAll(run.history().finalCards().keySet());
    return properties.check(FinalState.of(run.history()), objects).stream()
        .findFirst()
        .map(
            failure ->
                new Found(
                    ordered,
                    failure.property(),
                    Violation.of(
                        Invariant.ORDER_INDEPENDENT,
                        0,
                        "run",
                        Facts.of(failure.property(), failure.expected()),
                        Facts.of(failure.property(), failure.observed())),
                    run));
  }

  /** The multinomial coefficient: deliveries factorial over each class's multiplicity factorial. */
  private static BigInteger ordersInAll(List<DeliveryClass> classes) {
    BigInteger orders = factorial(classes.stream().mapToInt(DeliveryClass::multiplicity).sum());
    for (DeliveryClass deliveryClass : classes) {
      orders = orders.divide(factorial(deliveryClass.multiplicity()));
    }
    return orders;
  }

  private static BigInteger factorial(int n) {
    BigInteger result = BigInteger.ONE;
    for (int k = 2; k <= n; k++) {
      result = result.multiply(BigInteger.valueOf(k));
    }
    return result;
  }
}
