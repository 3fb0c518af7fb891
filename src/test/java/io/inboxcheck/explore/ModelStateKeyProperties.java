package io.inboxcheck.explore;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.engine.Choices;
import io.inboxcheck.engine.Property;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.PropertyRunner;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.engine.TestContext;
import io.inboxcheck.engine.Verdict;
import io.inboxcheck.generate.ScenarioGenerator;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import io.inboxcheck.suite.PropertyRecords;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntUnaryOperator;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;

/**
 * The search's fast key for the reference model ({@link ModelStateKey}) against the canonical
 * fingerprint it stands for: after every step of generated scenarios, under generated lookaheads,
 * step names and retention classes, both give the same 64 bits. The fast key is what the explorer
 * memoises on, so a difference would merge states the model tells apart (or split equal ones).
 *
 * <p>Reruns as every property does: {@code mvn -B test -Dtest=ModelStateKeyProperties
 * -Dinboxcheck.seed=S} with the seed a failure prints.
 */
class ModelStateKeyProperties {
  /** Steps compared in a default run, at the least; {@code -Pthorough} runs twenty times more. */
  private static final long LEAST_STEPS = 10_000;

  /** A key function under test: the model's view, step names, retention classes and lookahead. */
  @FunctionalInterface
  interface KeyFunction {
    long key(
        ReceiverView view,
        IntUnaryOperator names,
        ToIntFunction<Instant> retentionClass,
        Ahead ahead,
        Fingerprint64 hashes);
  }

  /** One generated walk: a scenario and, per step, what is said to be ahead and how it is named. */
  record Walk(Scenario scenario, List<Lookaround> lookarounds) {}

  /**
   * What the key is computed under after one step: which event ids may still arrive, which cards'
   * last authority is ahead, the name offset of steps and the retention classes' width.
   */
  record Lookaround(Set<String> arriving, Set<String> authorised, int nameOffset, int classWidth) {}

  @Test
  void theFastKeyEqualsTheFingerprintOfTheCanonicalStateAfterEveryStep() {
    PropertyResult<Walk> result = PropertyRunner.run(property(ModelStateKey::of));
    PropertyRecords.record(ProjectPaths.reports(), result, "model state key");

    result.assertPassed();
    assertThat(result.metrics().get("steps compared"))
        .as("steps compared in %s tries", result.triesRun())
        .isGreaterThanOrEqualTo(LEAST_STEPS);
  }

  @Test
  void aKeyThatForgetsNothingIsCaughtAndShrunkToAFewSteps() {
    // Planted difference: the lookahead's forgetting ignored, as if every id could arrive again.
    KeyFunction planted =
        (view, names, retentionClass, ahead, hashes) ->
            ModelStateKey.of(view, names, retentionClass, everythingArrives(ahead), hashes);

    PropertyResult<Walk> result =
        PropertyRunner.run(property(planted), RunConfig.defaults().withoutExampleDatabase());

    assertThat(result.status()).isEqualTo(PropertyResult.Status.FAILED);
    PropertyResult.Failure<Walk> failure = result.failure().orElseThrow();
    assertThat(failure.signature()).isEqualTo("fast key differs");
    assertThat(failure.shrunkValue().lookarounds())
        .as("steps walked in the shrunk case: %s", failure.renderedValue())
        .hasSizeLessThanOrEqualTo(2);
  }

  private static Property<Walk> property(KeyFunction fast) {
    return Property.of(
            "model state key equals its fingerprint",
            ModelStateKeyProperties::walk,
            (Walk walk, TestContext context) -> compare(walk, fast, context))
        .withRenderer(ModelStateKeyProperties::render)
        .withTriesMultiplier(8)
        .requireCoverage("a decision forgotten", 0.2)
        .requireCoverage("held inputs reordered", 0.02)
        .requireCoverage("a variant kept", 0.1);
  }

  private static Walk walk(Choices choices) {
    Scenario scenario = new ScenarioGenerator().generate(choices, "walk");
    Set<String> ids = new HashSet<>();
    Set<String> cards = new HashSet<>(scenario.initial().keySet());
    for (ScenarioStep step : scenario.steps()) {
      if (step instanceof ScenarioStep.Deliver deliver) {
        deliver.envelope().eventId().ifPresent(ids::add);
      } else if (step instanceof ScenarioStep.Reconcile reconcile) {
        cards.addAll(reconcile.authority().keySet());
      }
    }
    List<String> sortedIds = ids.stream().sorted().toList();
    List<String> sortedCards = cards.stream().sorted().toList();
    List<Lookaround> lookarounds = new ArrayList<>();
    for (int index = 0; index < scenario.steps().size(); index++) {
      Set<String> arriving = new HashSet<>();
      sortedIds.forEach(id -> addUnless(choices.bool(50), id, arriving));
      Set<String> authorised = new HashSet<>();
      sortedCards.forEach(card -> addUnless(choices.bool(50), card, authorised));
      lookarounds.add(
          new Lookaround(arriving, authorised, choices.integer(0, 3), choices.integer(1, 3)));
    }
    return new Walk(scenario, lookarounds);
  }

  private static void addUnless(boolean leaveOut, String value, Set<String> set) {
    if (!leaveOut) {
      set.add(value);
    }
  }

  private static Verdict compare(Walk walk, KeyFunction fast, TestContext context) {
    Scenario scenario = walk.scenario();
    ExplorableReceiver model = ExplorableReceiver.model(scenario.setup());
    Map<Integer, Envelope> delivered = new HashMap<>();
    Map<String, AuthoritativeCard> lastAuthority = new TreeMap<>();
    Fingerprint64 hashes = new Fingerprint64();
    for (ScenarioStep step : scenario.steps()) {
      if (step instanceof ScenarioStep.Reconcile reconcile) {
        lastAuthority.putAll(reconcile.authority());
      }
    }
    for (int index = 0; index < scenario.steps().size(); index++) {
      ScenarioStep step = scenario.steps().get(index);
      run(model, step);
      if (step instanceof ScenarioStep.Deliver deliver) {
        delivered.put(step.number(), deliver.envelope());
      }
      Lookaround around = walk.lookarounds().get(index);
      Ahead ahead = ahead(around, delivered, lastAuthority);
      IntUnaryOperator names = number -> number + around.nameOffset();
      ToIntFunction<Instant> retentionClass =
          time -> (int) (time.getEpochSecond() % around.classWidth());
      long expected = Fingerprint64.of(model.fingerprint(names, retentionClass, ahead));
      long actual = fast.key(model.view(), names, retentionClass, ahead, hashes);
      context.count("steps compared");
      label(model.view(), around, context);
      if (actual != expected) {
        return Verdict.fail(
            "fast key differs",
            "after step "
                + step.number()
                + " the fast key is "
                + actual
                + ", the fingerprint's "
                + expected);
      }
    }
    return Verdict.pass();
  }

  private static void run(ExplorableReceiver model, ScenarioStep step) {
    if (step.time() != null && !step.time().isBefore(model.view().clock())) {
      model.advanceClock(step.number(), step.time());
    }
    if (step instanceof ScenarioStep.Deliver deliver) {
      model.deliver(deliver.number(), deliver.envelope(), deliver.transport());
    } else if (step instanceof ScenarioStep.Reconcile reconcile) {
      model.reconcile(reconcile.number(), reconcile.authority());
    }
  }

  private static void label(ReceiverView view, Lookaround around, TestContext context) {
    if (view.identities().stream()
        .anyMatch(record -> !around.arriving().contains(record.eventId()))) {
      context.label("a decision forgotten");
    }
    if (view.identities().stream().anyMatch(record -> !record.variants().isEmpty())) {
      context.label("a variant kept");
    }
    Map<String, Integer> heldPerPausedCard = new HashMap<>();
    view.held()
        .forEach(
            input ->
                input
                    .objectId()
                    .filter(card -> around.authorised().contains(card))
                    .filter(card -> view.card(card).map(c -> c.paused()).orElse(false))
                    .ifPresent(card -> heldPerPausedCard.merge(card, 1, Integer::sum)));
    if (heldPerPausedCard.values().stream().anyMatch(count -> count >= 2)) {
      context.label("held inputs reordered");
    }
  }

  private static Ahead ahead(
      Lookaround around, Map<Integer, Envelope> delivered, Map<String, AuthoritativeCard> last) {
    return new Ahead() {
      @Override
      public boolean mayArrive(String eventId) {
        return around.arriving().contains(eventId);
      }

      @Override
      public Envelope envelope(int name) {
        return delivered.get(name - around.nameOffset());
      }

      @Override
      public List<Envelope> envelopes() {
        return List.copyOf(delivered.values());
      }

      @Override
      public AuthoritativeCard lastAuthority(String objectId) {
        return around.authorised().contains(objectId) ? last.get(objectId) : null;
      }
    };
  }

  private static Ahead everythingArrives(Ahead ahead) {
    return new Ahead() {
      @Override
      public boolean mayArrive(String eventId) {
        return true;
      }

      @Override
      public Envelope envelope(int name) {
        return ahead.envelope(name);
      }

      @Override
      public List<Envelope> envelopes() {
        return ahead.envelopes();
      }

      @Override
      public AuthoritativeCard lastAuthority(String objectId) {
        return ahead.lastAuthority(objectId);
      }
    };
  }

  private static String render(Walk walk) {
    StringBuilder text = new StringBuilder(walk.scenario().name()).append(':');
    for (int index = 0; index < walk.lookarounds().size(); index++) {
      ScenarioStep step = walk.scenario().steps().get(index);
      text.append("\n  ").append(step.number()).append(' ').append(describe(step));
      text.append("  ahead ").append(walk.lookarounds().get(index));
    }
    return text.toString();
  }

  private static String describe(ScenarioStep step) {
    if (step instanceof ScenarioStep.Deliver deliver) {
      return "deliver " + deliver.envelope();
    }
    if (step instanceof ScenarioStep.Reconcile reconcile) {
      return "reconcile " + reconcile.authority();
    }
    return "advance to " + step.time();
  }
}
