package io.inboxcheck.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Sequences with optional parts (a crash case's kills): the shrinker removes each step and each
 * part on its own before other passes spend the budget, keeps candidates back to do it once more
 * when the budget runs out, and says whether the result is one-minimal.
 */
class OneMinimalShrinkingTests {

  /** A step: its kind, and an optional kill (0 for none) with a delay when there is one. */
  record Step(int kind, int kill, int delay) {}

  static final Function<Choices, List<Step>> STEPS =
      choices ->
          choices.list(
              1,
              12,
              element ->
                  element.span(
                      Span.STEP,
                      c -> {
                        int kind = c.integer(0, 9);
                        int[] kill =
                            c.span(
                                Span.OPTIONAL,
                                k -> {
                                  int point = k.integer(0, 3);
                                  return new int[] {point, point == 0 ? 0 : k.integer(0, 1000)};
                                });
                        return new Step(kind, kill[0], kill[1]);
                      }));

  /** Fails once two kills landed, whatever the steps are. */
  private static Verdict fewerThanTwoKills(List<Step> steps, TestContext context) {
    long kills = steps.stream().filter(step -> step.kill() > 0).count();
    return kills < 2 ? Verdict.pass() : Verdict.fail("two kills");
  }

  /** Seven steps of kind 7, each with a kill 500 units after its start. */
  private static List<Long> sevenKilledSteps() {
    List<Long> values = new ArrayList<>();
    for (int step = 0; step < 7; step++) {
      values.addAll(List.of(1L, 7L, 2L, 500L)); // more?, kind, kill point, delay
    }
    values.add(0L); // no more steps
    return values;
  }

  @Test
  void aCaseCutShortByTheBudgetIsStillOneMinimal() {
    Property<List<Step>> property =
        Property.of("fewer than two kills", STEPS, OneMinimalShrinkingTests::fewerThanTwoKills);
    TestCaseResult<List<Step>> failing =
        PropertyRunner.execute(property, Choices.replay(sevenKilledSteps()));
    assertThat(failing.failed()).isTrue();

    Shrinker.Result<List<Step>> shrunk =
        new Shrinker<>(
                candidate -> PropertyRunner.execute(property, Choices.replay(candidate)),
                failing,
                new Limits(Limits.MAX_CHOICES, 30, 100))
            .shrink();

    List<Step> steps = shrunk.best().value();
    assertThat(shrunk.stop().reason()).isEqualTo(ShrinkStop.Reason.STEP_BUDGET);
    assertThat(shrunk.stop().oneMinimal()).as(steps.toString()).isTrue();
    // One-minimal: two steps, each with the kill it needs; no step and no kill to spare.
    assertThat(steps).hasSize(2).allMatch(step -> step.kill() > 0, "killed");
    assertThat(shrunk.attempts()).isLessThanOrEqualTo(30);
  }

  /** Initial cards (their versions), then steps as above. */
  record Case(List<Integer> cards, List<Step> steps) {}

  static final Function<Choices, Case> CARDS_THEN_STEPS =
      choices -> new Case(choices.list(1, 6, c -> c.integer(0, 99)), STEPS.apply(choices));

  @Test
  void initialCardsThatPlayNoPartAreRemovedAndTheOneLeftIsPlain() {
    Property<Case> property =
        Property.of(
            "no kill",
            CARDS_THEN_STEPS,
            (drawn, context) ->
                drawn.steps().stream().anyMatch(step -> step.kill() > 0)
                    ? Verdict.fail("a kill")
                    : Verdict.pass());
    List<Long> values = new ArrayList<>(List.of(57L, 1L, 31L, 1L, 88L, 1L, 12L, 0L)); // 4 cards
    values.addAll(sevenKilledSteps());
    TestCaseResult<Case> failing = PropertyRunner.execute(property, Choices.replay(values));
    assertThat(failing.value().cards()).hasSize(4);

    Shrinker.Result<Case> shrunk =
        new Shrinker<>(
                candidate -> PropertyRunner.execute(property, Choices.replay(candidate)),
                failing,
                new Limits(Limits.MAX_CHOICES, 30, 100))
            .shrink();

    Case smallest = shrunk.best().value();
    assertThat(smallest.cards()).as(smallest.toString()).containsExactly(0);
    assertThat(smallest.steps()).hasSize(1);
    assertThat(shrunk.stop().oneMinimal()).isTrue();
  }

  @Test
  void aSequenceWithoutOptionalPartsMakesNoClaimOfOneMinimality() {
    Property<List<Integer>> property =
        Property.of(
            "no element above 5",
            TestSupport.integerLists(9),
            (list, context) ->
                list.stream().allMatch(value -> value <= 5) ? Verdict.pass() : Verdict.fail("6+"));

    PropertyResult<List<Integer>> result = PropertyRunner.run(property, TestSupport.config(7));

    ShrinkStop stop = result.failure().orElseThrow().shrinkStop();
    assertThat(stop.fixpoint()).isTrue();
    assertThat(stop.oneMinimal()).isFalse();
  }
}
