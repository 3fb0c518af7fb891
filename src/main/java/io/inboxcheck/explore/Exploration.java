package io.inboxcheck.explore;

import io.inboxcheck.check.Invariant;
import io.inboxcheck.check.Violation;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.scenario.Scenario;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * What an exploration found, as data; {@link ExplorationText} and {@link ExplorationJson} render
 * it.
 *
 * @param scenario the explored scenario
 * @param receiver the receiver's name
 * @param reduction the reduction asked for
 * @param plan how the search was split, and why
 * @param groups one line per component searched
 * @param deliveries the number of deliver steps permuted
 * @param ordersFormula how the number of orders follows from the classes, e.g. {@code 10!/2!}
 * @param orders the number of distinct arrival orders represented, each checked
 * @param states distinct states visited (over all components)
 * @param transitions transitions run and checked (each distinct one once)
 * @param elapsedNanos wall time of the search
 * @param checks per invariant, how often it was checked where it could fail, over distinct
 *     transitions
 * @param orderIndependencePremise which ORDER_INDEPENDENT claim applies, or why none does
 * @param runProperties the whole-run properties checked on every order's final outcome
 * @param violatingOrders per property, the number of orders in which it breaks (0 when it holds),
 *     and under {@code any} the orders that break at least one
 * @param finalCards the distribution of final cards over orders
 * @param unresolved the distribution of unresolved sets
 * @param paused the distribution of paused sets
 * @param replacements the distribution of replacement counters
 * @param decisions per delivery (class and arrival), each decision or reconciliation fact with the
 *     number of orders in which it happens
 * @param counterexamples one order per broken property, validated by an ordinary checked replay
 */
public record Exploration(
    Scenario scenario,
    String receiver,
    Reduction reduction,
    String plan,
    List<String> groups,
    int deliveries,
    String ordersFormula,
    long orders,
    long states,
    long transitions,
    long elapsedNanos,
    Map<Invariant, Long> checks,
    String orderIndependencePremise,
    List<String> runProperties,
    Map<String, Long> violatingOrders,
    Map<SortedMap<String, Card>, Long> finalCards,
    Map<List<String>, Long> unresolved,
    Map<List<String>, Long> paused,
    Map<ReplacementCounters, Long> replacements,
    Map<String, Map<String, Long>> decisions,
    List<Counterexample> counterexamples) {

  /** The key of {@link #violatingOrders} that counts orders breaking any property. */
  public static final String ANY = Search.ANY;

  /**
   * One arrival order that breaks a property.
   *
   * @param property the invariant (SPEC section 7) or whole-run property
   * @param order the scenario with the deliveries in that order, no expectations
   * @param found what the search saw: expected versus observed
   * @param replayed the violation an ordinary checked replay of the order reports first, or null
   *     for a whole-run property
   * @param reproduced whether the replay reproduced the property's failure
   */
  public record Counterexample(
      String property, Scenario order, String found, Violation replayed, boolean reproduced) {}

  public boolean holds() {
    return violatingOrders.getOrDefault(ANY, 0L) == 0;
  }

  public double seconds() {
    return elapsedNanos / 1e9;
  }

  /** Step executions an order-by-order brute force would need: every step of every order. */
  /**
   * An upper bound on the probability that two distinct states of the search shared a 64-bit
   * fingerprint, so that one was taken for the other: n^2 / 2^65 for n states, as TLC reports it
   * (n(n-1)/2 pairs, each colliding with probability 2^-64). Without memoisation nothing is merged.
   */
  public double fingerprintCollisionBound() {
    return reduction == Reduction.NONE ? 0 : (double) states * states / 0x1p65;
  }

  public double bruteForceSteps() {
    return (double) orders * scenario.steps().size();
  }

  /**
   * A rate of checked steps per second no run here comes near (the reducer alone, unchecked, is
   * measured in docs/performance.md), so an estimate at this rate is a lower bound.
   */
  public static final double OPTIMISTIC_STEPS_PER_SECOND = 1_000_000;

  /** Checked transitions per second in this run. */
  public double transitionsPerSecond() {
    return transitions / Math.max(seconds(), 1e-9);
  }

  /** Brute force's estimated time at this run's rate of checked transitions. */
  public double bruteForceSeconds() {
    return bruteForceSteps() / transitionsPerSecond();
  }

  /** Brute force's time even at {@link #OPTIMISTIC_STEPS_PER_SECOND}: a lower bound. */
  public double bruteForceSecondsAtLeast() {
    return bruteForceSteps() / OPTIMISTIC_STEPS_PER_SECOND;
  }
}
