package io.inboxcheck.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ShrinkingTests {

  private static PropertyResult.Failure<List<Integer>> failureOf(
      Property<List<Integer>> property, long seed) {
    PropertyResult<List<Integer>> result = PropertyRunner.run(property, TestSupport.config(seed));
    assertThat(result.status()).as(result.describe()).isEqualTo(PropertyResult.Status.FAILED);
    return result.failure().orElseThrow();
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 42, 1234567})
  void listSumBelowThousandShrinksToExactlyOneThousand(long seed) {
    Property<List<Integer>> property =
        Property.of(
            "list sum < 1000",
            TestSupport.integerLists(10_000),
            (list, context) -> {
              int sum = list.stream().mapToInt(Integer::intValue).sum();
              return sum < 1000 ? Verdict.pass() : Verdict.fail("sum too large", "sum " + sum);
            });

    PropertyResult.Failure<List<Integer>> failure = failureOf(property, seed);

    assertThat(failure.shrunkValue()).containsExactly(1000);
    assertThat(failure.signature()).isEqualTo("sum too large");
    assertThat(failure.shrinkStepsAccepted()).isPositive();
    assertThat(failure.shrinkAttempts()).isGreaterThanOrEqualTo(failure.shrinkStepsAccepted());
    assertThat(failure.shrunkChoices().isShortlexSmallerThan(failure.originalChoices())).isTrue();
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 42, 1234567})
  void listWithoutFortyTwoShrinksToSingleFortyTwo(long seed) {
    Property<List<Integer>> property =
        Property.of(
            "no element equals 42",
            TestSupport.integerLists(100),
            (list, context) -> list.contains(42) ? Verdict.fail("contains 42") : Verdict.pass());

    assertThat(failureOf(property, seed).shrunkValue()).containsExactly(42);
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 42, 1234567})
  void listWithoutDuplicatesShrinksToTwoZeros(long seed) {
    Property<List<Integer>> property =
        Property.of(
            "list has no duplicates",
            TestSupport.integerLists(50),
            (list, context) ->
                new HashSet<>(list).size() == list.size()
                    ? Verdict.pass()
                    : Verdict.fail("duplicate element"));

    assertThat(failureOf(property, seed).shrunkValue()).containsExactly(0, 0);
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 42, 1234567})
  void sortedListShrinksToOneZero(long seed) {
    Property<List<Integer>> property =
        Property.of(
            "list is sorted",
            TestSupport.integerLists(1000),
            (list, context) -> {
              List<Integer> sorted = new ArrayList<>(list);
              sorted.sort(null);
              return sorted.equals(list) ? Verdict.pass() : Verdict.fail("unsorted");
            });

    assertThat(failureOf(property, seed).shrunkValue()).containsExactly(1, 0);
  }

  @Test
  void shrinkingRespectsAttemptLimit() {
    Property<List<Integer>> property =
        Property.of(
            "limited shrink",
            TestSupport.integerLists(10_000),
            (list, context) -> list.isEmpty() ? Verdict.pass() : Verdict.fail("not empty"));
    RunConfig config =
        TestSupport.config(7)
            .withLimits(new Limits(Limits.MAX_CHOICES, 3, Limits.MAX_SHRINK_PASSES));

    PropertyResult<List<Integer>> result = PropertyRunner.run(property, config);

    assertThat(result.failure().orElseThrow().shrinkAttempts()).isLessThanOrEqualTo(3);
  }

  @Test
  void aValueFailingOnlyAtMultiplesOfAnEdgeShrinksToTheEdge() {
    // A 16-bit truncation: only multiples of 2^16 read as 0. Binary search from 3 * 2^16 meets
    // passing values on both sides and stays; trying the power-of-two edge below it does not.
    Property<Integer> property =
        Property.of(
            "a positive value never truncates to 0",
            choices -> choices.integer(0, Integer.MAX_VALUE),
            (value, context) ->
                value > 0 && (short) (int) value == 0
                    ? Verdict.fail("truncated to 0")
                    : Verdict.pass());
    TestCaseResult<Integer> failing =
        PropertyRunner.execute(property, Choices.replay(List.of(3L * 65_536)));

    Shrinker.Result<Integer> shrunk =
        new Shrinker<>(
                candidate -> PropertyRunner.execute(property, Choices.replay(candidate)),
                failing,
                Limits.DEFAULTS)
            .shrink();

    assertThat(shrunk.best().value()).isEqualTo(65_536);
  }
}
