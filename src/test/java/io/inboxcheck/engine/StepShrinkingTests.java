package io.inboxcheck.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The passes over whole steps: a failure reached through several steps of one kind shrinks to one
 * step of another kind, even when that step takes more choices; and the edits keep every remaining
 * step parsing as a step.
 */
class StepShrinkingTests {

  /** A step: its kind (0 to 3) and, for kind 3 only, three more choices. */
  record Step(int kind, List<Integer> extra) {}

  /** A stateful-looking generator: one or more "step" spans in a list. */
  static final Function<Choices, List<Step>> STEPS =
      choices ->
          choices.list(
              1,
              12,
              element ->
                  element.span(
                      Span.STEP,
                      c -> {
                        int kind = c.integer(0, 3);
                        List<Integer> extra = new ArrayList<>();
                        if (kind == 3) {
                          for (int index = 0; index < 3; index++) {
                            extra.add(c.integer(0, 9));
                          }
                        }
                        return new Step(kind, extra);
                      }));

  /** Kind 1 adds 1, kind 3 adds 2: two kind-1 steps and one kind-3 step fail alike. */
  private static Verdict levelBelowTwo(List<Step> steps, TestContext context) {
    int level = 0;
    for (Step step : steps) {
      level += step.kind() == 1 ? 1 : step.kind() == 3 ? 2 : 0;
    }
    return level < 2 ? Verdict.pass() : Verdict.fail("level reached 2");
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 42, 1234567})
  void twoStepsOfOneKindShrinkToOneStepOfAnother(long seed) {
    Property<List<Step>> property =
        Property.of("level stays below 2", STEPS, StepShrinkingTests::levelBelowTwo);

    PropertyResult<List<Step>> result = PropertyRunner.run(property, TestSupport.config(seed));

    assertThat(result.status()).as(result.describe()).isEqualTo(PropertyResult.Status.FAILED);
    PropertyResult.Failure<List<Step>> failure = result.failure().orElseThrow();
    // One step of kind 3 takes five choices with the list's end; two of kind 1 only four.
    assertThat(failure.shrunkValue()).containsExactly(new Step(3, List.of(0, 0, 0)));
    assertThat(failure.shrinkStop().fixpoint()).as(failure.shrinkStop().sentence()).isTrue();
  }

  @Test
  void twoKindOneStepsBecomeOneKindThreeStepThoughItTakesMoreChoices() {
    Property<List<Step>> property =
        Property.of("level stays below 2", STEPS, StepShrinkingTests::levelBelowTwo);
    // Two steps of kind 1: four choices, against five for one step of kind 3. No deletion or
    // lowering reaches the one-step failure; only putting a kind-3 step in a kind-1 step's place
    // while deleting the other does.
    TestCaseResult<List<Step>> failing =
        PropertyRunner.execute(property, Choices.replay(List.of(1L, 1L, 1L, 0L)));
    assertThat(failing.failed()).isTrue();

    Shrinker.Result<List<Step>> shrunk =
        new Shrinker<>(
                candidate -> PropertyRunner.execute(property, Choices.replay(candidate)),
                failing,
                Limits.DEFAULTS)
            .shrink();

    assertThat(shrunk.best().value()).containsExactly(new Step(3, List.of(0, 0, 0)));
    assertThat(shrunk.best().choices().values()).hasSize(5);
    assertThat(shrunk.stop().reason()).isEqualTo(ShrinkStop.Reason.FIXPOINT);
  }

  /** A card's three choices, and the steps: each a kind and the card it names. */
  record Cards(List<List<Integer>> cards, List<List<Integer>> steps) {}

  /** A setup of 1 to 4 cards, then steps naming one of them, as the scenario generator's do. */
  static final Function<Choices, Cards> CARDS_THEN_STEPS =
      choices -> {
        int count = choices.integer(1, 4);
        List<List<Integer>> cards = new ArrayList<>();
        for (int card = 0; card < count; card++) {
          cards.add(List.of(choices.integer(0, 9), choices.integer(0, 9), choices.integer(0, 9)));
        }
        List<List<Integer>> steps =
            choices.list(
                1,
                12,
                element ->
                    element.span(
                        Span.STEP, c -> List.of(c.integer(0, 3), c.integer(0, count - 1))));
        return new Cards(cards, steps);
      };

  @Test
  void aCardTheFailureNeedsMovesIntoThePlaceOfCardsItDoesNot() {
    Property<Cards> property =
        Property.of(
            "no step of kind 2 names a card starting with 5",
            CARDS_THEN_STEPS,
            (value, context) ->
                value.steps().stream()
                        .anyMatch(s -> s.get(0) == 2 && value.cards().get(s.get(1)).get(0) == 5)
                    ? Verdict.fail("kind 2 on a 5")
                    : Verdict.pass());
    // Three cards, the last one (5, 6, 7) named by one step of kind 2; the list's end.
    TestCaseResult<Cards> failing =
        PropertyRunner.execute(
            property, Choices.replay(List.of(2L, 0L, 0L, 0L, 0L, 0L, 0L, 5L, 6L, 7L, 2L, 2L, 0L)));
    assertThat(failing.failed()).isTrue();

    Shrinker.Result<Cards> shrunk =
        new Shrinker<>(
                candidate -> PropertyRunner.execute(property, Choices.replay(candidate)),
                failing,
                Limits.DEFAULTS)
            .shrink();

    // One card: lowering the count alone misreads every later choice, deleting a card alone too.
    assertThat(shrunk.best().value().cards()).containsExactly(List.of(5, 0, 0));
    assertThat(shrunk.best().value().steps()).containsExactly(List.of(2, 0));
  }

  @Test
  void withoutStepSpansSmallerMeansShortlexAsBefore() {
    ChoiceSequence shorter = ChoiceSequence.of(List.of(9L));
    ChoiceSequence longer = ChoiceSequence.of(List.of(0L, 0L));
    assertThat(Shrinker.ORDER.compare(shorter, longer)).isNegative();
  }

  @Test
  void deletingTheFirstStepMovesTheNextIntoItsPlace() {
    List<Long> values = recorded(List.of(1L, 1L, 2L, 1L, 0L, 0L));
    StepLayout layout = StepLayout.of(seq(values));

    assertThat(layout.size()).isEqualTo(3);
    assertThat(kinds(layout.without(values, Set.of(0)))).containsExactly(2, 0);
    assertThat(kinds(layout.without(values, Set.of(2)))).containsExactly(1, 2);
    assertThat(kinds(layout.without(values, Set.of(0, 2)))).containsExactly(2);
    assertThat(kinds(layout.without(values, Set.of(1, 2)))).containsExactly(1);
  }

  @Test
  void movingAStepEarlierKeepsEveryStep() {
    List<Long> values = recorded(List.of(1L, 1L, 2L, 1L, 0L, 0L));
    StepLayout layout = StepLayout.of(seq(values));

    assertThat(kinds(layout.movedEarlier(values, 2, 0))).containsExactly(0, 1, 2);
    assertThat(kinds(layout.movedEarlier(values, 1, 0))).containsExactly(2, 1, 0);
  }

  @Test
  void replacingAStepSplicesInTheChoicesOfTheNewKind() {
    List<Long> values = recorded(List.of(1L, 1L, 2L, 0L));
    StepLayout layout = StepLayout.of(seq(values));

    List<Long> edited = layout.edited(values, Set.of(0), 1, List.of(3L, 4L, 5L, 6L));

    assertThat(STEPS.apply(Choices.replay(edited))).containsExactly(new Step(3, List.of(4, 5, 6)));
  }

  /** The choices {@link #STEPS} consumes when replaying {@code values}. */
  private static List<Long> recorded(List<Long> values) {
    return seq(values).values();
  }

  private static ChoiceSequence seq(List<Long> values) {
    Choices choices = Choices.replay(values);
    STEPS.apply(choices);
    return choices.recorded();
  }

  private static List<Integer> kinds(List<Long> values) {
    return STEPS.apply(Choices.replay(values)).stream().map(Step::kind).toList();
  }
}
