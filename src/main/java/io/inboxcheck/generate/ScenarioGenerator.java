package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.scenario.Scenario;
import java.time.Duration;
import java.time.Instant;

/**
 * Generates scenarios the way providers misbehave: a provider's truth per card (increasing versions
 * with gaps, full snapshots) delivered duplicated, late, with reused ids, missing or invalid
 * versions, for unknown cards, with storage faults, clock jumps and authoritative snapshots. Every
 * value is drawn from {@link Choices}, so a scenario shrinks by its choices.
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
    ScenarioDraft draft = new ScenarioDraft(choices, generation);
    int cardCount = choices.integer(1, MAX_CARDS);
    for (int index = 1; index <= cardCount; index++) {
      draft.addInitialCard("card-" + index);
    }
    choices.list(
        1,
        MAX_ACTIONS,
        c -> {
          c.span(
              "step",
              d -> {
                StepKind kind = StepKind.values()[c.weighted(StepKind.weights())];
                draft.act(kind);
                return kind;
              });
          return Boolean.TRUE;
        });
    return draft.toScenario(name);
  }
}
