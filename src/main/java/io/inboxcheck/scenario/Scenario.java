package io.inboxcheck.scenario;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.model.Card;
import io.inboxcheck.receiver.ReceiverSetup;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A scenario file (SPEC section 9): initial cards, steps and optional expectations.
 *
 * @param source where it was read from, for messages
 * @param start the receiver clock's start (SPEC section 2), already resolved
 * @param expectFinal the expected final state, or null when the file gives none
 * @param settleAfter the steps after which a receiver that acknowledges on acceptance is settled
 *     (SPEC section 3.6), besides once after the last step; null when it is settled after every
 *     delivery. The model and receivers that decide before they answer ignore it
 */
public record Scenario(
    String name,
    String description,
    String source,
    Duration retention,
    Set<String> supportedTypes,
    Instant start,
    SortedMap<String, Card> initial,
    List<ScenarioStep> steps,
    JsonObject expectFinal,
    List<Integer> settleAfter) {

  public static final Duration DEFAULT_RETENTION = Duration.ofHours(24);
  public static final Set<String> DEFAULT_SUPPORTED_TYPES = Set.of("card.snapshot");

  public Scenario {
    supportedTypes = Set.copyOf(supportedTypes);
    initial = new TreeMap<>(initial);
    steps = List.copyOf(steps);
    settleAfter = settleAfter == null ? null : List.copyOf(settleAfter);
  }

  /** A scenario whose receiver, if it acknowledges on acceptance, settles after every delivery. */
  public Scenario(
      String name,
      String description,
      String source,
      Duration retention,
      Set<String> supportedTypes,
      Instant start,
      SortedMap<String, Card> initial,
      List<ScenarioStep> steps,
      JsonObject expectFinal) {
    this(
        name,
        description,
        source,
        retention,
        supportedTypes,
        start,
        initial,
        steps,
        expectFinal,
        null);
  }

  /** The same scenario, settled after {@code steps} and at its end (null: after every delivery). */
  public Scenario withSettles(List<Integer> newSettleAfter) {
    return new Scenario(
        name,
        description,
        source,
        retention,
        supportedTypes,
        start,
        initial,
        steps,
        expectFinal,
        newSettleAfter);
  }

  /**
   * Whether a receiver that acknowledges on acceptance is asked to settle after {@code step}: after
   * each listed step and after the last one.
   */
  public boolean settlesAfter(int step) {
    return settleAfter == null
        || settleAfter.contains(step)
        || (!steps.isEmpty() && step == steps.get(steps.size() - 1).number());
  }

  /** The same scenario with other initial cards, steps and final expectation. */
  public Scenario with(
      SortedMap<String, Card> newInitial, List<ScenarioStep> newSteps, JsonObject newExpectFinal) {
    return new Scenario(
        name,
        description,
        source,
        retention,
        supportedTypes,
        start,
        newInitial,
        newSteps,
        newExpectFinal,
        settleAfter);
  }

  /** The same scenario with other steps and final expectation. */
  public Scenario withSteps(List<ScenarioStep> newSteps, JsonObject newExpectFinal) {
    return with(initial, newSteps, newExpectFinal);
  }

  /**
   * The same steps under another name, as a file of its own (its source is its name) with no final
   * expectation: how counterexamples are written.
   */
  public Scenario renamed(String newName, String newDescription) {
    return new Scenario(
        newName,
        newDescription,
        newName,
        retention,
        supportedTypes,
        start,
        initial,
        steps,
        null,
        settleAfter);
  }

  public ReceiverSetup setup() {
    return new ReceiverSetup(initial, supportedTypes, retention, start);
  }

  /** Whether the file states anything to check. */
  public boolean hasExpectations() {
    return expectFinal != null || steps.stream().anyMatch(step -> step.expect() != null);
  }
}
