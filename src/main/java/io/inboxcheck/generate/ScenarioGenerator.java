package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.time.Instant;

/**
 * Generates scenarios the way providers misbehave: a provider's truth per card (increasing versions
 * with gaps, full snapshots) delivered duplicated, late, with reused ids, missing or invalid
 * versions, for unknown cards, with storage faults, clock jumps and authoritative snapshots. Each
 * case first draws its {@link Swarm}: which kinds it leaves out and which edge values it aims at
 * ({@link EdgeValues}). Every value is drawn from {@link Choices}, so a scenario shrinks by its
 * choices, and a swarm shrinks back to the plain generator.
 */
public final class ScenarioGenerator {
  /** Bounds of one generated scenario. */
  public static final int MAX_CARDS = 4;

  public static final int MAX_ACTIONS = 24;
  public static final Instant START = Instant.parse("2024-03-01T10:00:00Z");
  public static final Duration RETENTION = Duration.ofHours(24);

  /** Long generated ids share this many first characters and differ only after them. */
  public static final int LONG_ID_PREFIX = ExactValues.LONG_PREFIX_LENGTH;

  /**
   * How much more often {@link #forCrashes()} draws reconciliations and clock moves: a crash check
   * kills during them, and they are rare in fault sequences.
   */
  static final int CRASH_CONTROL_BOOST = 3;

  private final Generation generation;
  private final int controlBoost;

  /** The generator as it always was: the draft's own small gaps and a day of retention. */
  public ScenarioGenerator() {
    this(Generation.DEFAULT);
  }

  /** A generator following a provider's schedule and a retention, when {@code generation} says. */
  public ScenarioGenerator(Generation generation) {
    this(generation, 1);
  }

  private ScenarioGenerator(Generation generation, int controlBoost) {
    this.generation = generation;
    this.controlBoost = controlBoost;
  }

  /** The generator of crash cases: reconciliations and clock moves come more often. */
  public static ScenarioGenerator forCrashes() {
    return new ScenarioGenerator(Generation.DEFAULT, CRASH_CONTROL_BOOST);
  }

  /**
   * What a caller draws beside each generated step, inside the span of the action that made it, so
   * that deleting the action while shrinking deletes what was drawn for its steps too.
   */
  @FunctionalInterface
  public interface StepDraws {
    void drawn(Choices choices, ScenarioStep step);

    StepDraws NONE = (choices, step) -> {};
  }

  /** Generates one scenario named {@code name}. */
  public Scenario generate(Choices choices, String name) {
    return generate(choices, name, StepDraws.NONE);
  }

  /** Generates one scenario, calling {@code draws} for each step as it is made. */
  public Scenario generate(Choices choices, String name, StepDraws draws) {
    return generate(choices, name, Swarm.draw(choices), draws);
  }

  /** Generates one scenario with a given swarm: {@link Swarm#PLAIN} is the generator before it. */
  Scenario generate(Choices choices, String name, Swarm swarm) {
    return generate(choices, name, swarm, StepDraws.NONE);
  }

  private Scenario generate(Choices choices, String name, Swarm swarm, StepDraws draws) {
    ScenarioDraft draft = new ScenarioDraft(choices, generation, swarm);
    int[] weights = swarm.weights(generation.schedule().isEmpty());
    weights[StepKind.RECONCILIATION.ordinal()] *= controlBoost;
    weights[StepKind.CLOCK_ADVANCE.ordinal()] *= controlBoost;
    // A list of cards, not a count: deleting one card's span shrinks the scenario by that card
    // without moving the choices of the others.
    choices.list(
        1,
        MAX_CARDS,
        c -> {
          String objectId = "card-" + (draft.initialCards().size() + 1);
          draft.addInitialCard(objectId);
          return objectId;
        });
    choices.list(
        1,
        MAX_ACTIONS,
        c -> {
          c.span(
              "step",
              d -> {
                StepKind kind = StepKind.values()[c.weighted(weights)];
                int before = draft.steps().size();
                draft.act(kind);
                draft.steps().subList(before, draft.steps().size()).forEach(s -> draws.drawn(d, s));
                return kind;
              });
          return Boolean.TRUE;
        });
    return draft.toScenario(name);
  }
}
