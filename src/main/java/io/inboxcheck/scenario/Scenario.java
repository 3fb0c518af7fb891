package io.inboxcheck.scenario;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.JsonObject;
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
    JsonObject expectFinal) {

  public static final Duration DEFAULT_RETENTION = Duration.ofHours(24);
  public static final Set<String> DEFAULT_SUPPORTED_TYPES = Set.of("card.snapshot");

  public Scenario {
    supportedTypes = Set.copyOf(supportedTypes);
    initial = new TreeMap<>(initial);
    steps = List.copyOf(steps);
  }

  public ReceiverSetup setup() {
    return new ReceiverSetup(initial, supportedTypes, retention, start);
  }

  /** Whether the file states anything to check. */
  public boolean hasExpectations() {
    return expectFinal != null || steps.stream().anyMatch(step -> step.expect() != null);
  }
}
