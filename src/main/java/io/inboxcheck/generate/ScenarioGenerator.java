package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.scenario.Scenario;
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

  private final Generation generation;

  /** The generator as it always was: the draft's own small gaps and a day of retention. */
  public ScenarioGenerator() {
    this(Generation.DEFAULT);
  }

  /** A generator following a provider's schedule and a retention, when {@code generation} says. */
  public ScenarioGenerator(Generation generation) {
    this.generation = generation;
  }

  /** Generates one scenario named {@code name}. */
  public Scenario generate(Choices choices, String name) {
    return generate(choices, name, Swarm.draw(choices));
  }

  /** Generates one scenario with a given swarm: {@link Swarm#PLAIN} is the generator before it. */
  Scenario generate(Choices choices, String name, Swarm swarm) {
    ScenarioDraft draft = new ScenarioDraft(choices, generation, swarm);
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
                StepKind kind = StepKind.values()[c.weighted(swarm.weights())];
                draft.act(kind);
                return kind;
              });
          return Boolean.TRUE;
        });
    return draft.toScenario(name);
  }
}
