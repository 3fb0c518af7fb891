package io.inboxcheck.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class ChoicesTests {

  private record Sample(int number, boolean flag, int index, String picked, List<Integer> items) {}

  private static final Function<Choices, Sample> SAMPLES =
      choices ->
          new Sample(
              choices.integer(-5, 5),
              choices.bool(50),
              choices.weighted(1, 2, 3),
              choices.pick(List.of("x", "y", "z")),
              choices.list(0, 10, element -> element.integer(10, 20)));

  @Test
  void randomDrawsStayWithinBounds() {
    Choices choices = Choices.random(99);
    for (int draw = 0; draw < 1_000; draw++) {
      assertThat(choices.integer(-3, 7)).isBetween(-3, 7);
    }
    assertThat(Choices.random(1).integer(Integer.MIN_VALUE, Integer.MAX_VALUE)).isNotNull();
  }

  @Test
  void recordedChoicesReplayToTheSameValue() {
    for (long seed = 0; seed < 50; seed++) {
      Choices random = Choices.random(seed);
      Sample generated = SAMPLES.apply(random);

      Choices replay = Choices.replay(random.recorded().values());

      assertThat(SAMPLES.apply(replay)).isEqualTo(generated);
      assertThat(replay.recorded()).isEqualTo(random.recorded());
    }
  }

  @Test
  void replayPastTheEndYieldsSimplestValues() {
    Choices choices = Choices.replay(List.of());

    assertThat(choices.integer(5, 10)).isEqualTo(5);
    assertThat(choices.bool(90)).isFalse();
    assertThat(choices.weighted(3, 1)).isZero();
    assertThat(choices.pick(List.of("first", "second"))).isEqualTo("first");
    assertThat(choices.list(2, 5, element -> element.integer(7, 9))).containsExactly(7, 7);
    assertThat(choices.recorded().values()).containsOnly(0L);
  }

  @Test
  void replayClampsValuesAboveTheBoundToTheBound() {
    Choices choices = Choices.replay(List.of(50L, 7L));

    assertThat(choices.integer(0, 9)).isEqualTo(9);
    assertThat(choices.pick(List.of("a", "b"))).isEqualTo("b");
    assertThat(choices.recorded().values()).containsExactly(9L, 1L);
  }

  @Test
  void weightedNeverReturnsAZeroWeightIndex() {
    assertThat(Choices.replay(List.of(0L)).weighted(0, 5, 1)).isEqualTo(1);
    for (long seed = 0; seed < 200; seed++) {
      assertThat(Choices.random(seed).weighted(0, 5, 0, 1)).isIn(1, 3);
    }
  }

  @Test
  void forcedBooleansIgnoreReplayedValues() {
    Choices choices = Choices.replay(List.of(1L, 0L));

    assertThat(choices.bool(0)).isFalse();
    assertThat(choices.bool(100)).isTrue();
    assertThat(choices.recorded().values()).containsExactly(0L, 1L);
  }

  @Test
  void listElementsAreSpansSoDeletingOneRemovesOneElement() {
    Choices random = Choices.random(5);
    List<Integer> original = random.list(3, 3, e -> e.integer(0, 1000));
    List<Integer> more = random.list(0, 8, e -> e.integer(0, 1000));
    ChoiceSequence recorded = random.recorded();
    Span optionalElement =
        recorded.spans().stream().filter(span -> span.start() >= 3).findFirst().orElseThrow();
    assertThat(more).isNotEmpty();
    assertThat(optionalElement.label()).isEqualTo("list-element");
    assertThat(optionalElement.length()).isEqualTo(2);

    List<Long> edited = new ArrayList<>(recorded.values());
    edited.subList(optionalElement.start(), optionalElement.end()).clear();
    Choices replay = Choices.replay(edited);

    assertThat(replay.list(3, 3, e -> e.integer(0, 1000))).isEqualTo(original);
    assertThat(replay.list(0, 8, e -> e.integer(0, 1000))).isEqualTo(more.subList(1, more.size()));
  }

  @Test
  void callerSpansAreRecordedWithTheirLabels() {
    Choices choices = Choices.random(3);
    choices.integer(0, 1);
    choices.startSpan("step");
    choices.integer(0, 1);
    choices.span("payload", c -> c.integer(0, 1));
    choices.endSpan();

    assertThat(choices.recorded().spans())
        .containsExactly(new Span("payload", 2, 3), new Span("step", 1, 3));
    assertThatThrownBy(choices::endSpan).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void drawingBeyondTheLimitOverrunsEvenIfTheGeneratorSwallowsIt() {
    Choices choices = Choices.random(1, 3);
    for (int draw = 0; draw < 3; draw++) {
      choices.integer(0, 10);
    }

    assertThatThrownBy(() -> choices.integer(0, 10)).isInstanceOf(OverrunException.class);
    assertThat(choices.overrun()).isTrue();
    assertThat(choices.size()).isEqualTo(3);
  }

  @Test
  void sequencesCompareInShortlexOrderAndRoundTripThroughText() {
    ChoiceSequence shortOne = ChoiceSequence.of(List.of(9L, 9L));
    ChoiceSequence longOne = ChoiceSequence.of(List.of(0L, 0L, 0L));
    ChoiceSequence smaller = ChoiceSequence.of(List.of(9L, 8L));

    assertThat(shortOne.isShortlexSmallerThan(longOne)).isTrue();
    assertThat(smaller.isShortlexSmallerThan(shortOne)).isTrue();
    assertThat(shortOne.isShortlexSmallerThan(shortOne)).isFalse();
    assertThat(ChoiceSequence.parse(longOne.toText())).isEqualTo(longOne);
    assertThat(ChoiceSequence.parse("")).isEqualTo(ChoiceSequence.of(List.of()));
  }
}
