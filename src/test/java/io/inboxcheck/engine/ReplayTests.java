package io.inboxcheck.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReplayTests {

  private static final Property<List<Integer>> SUM_BELOW_THOUSAND =
      Property.of(
          "replayed list sum < 1000",
          TestSupport.integerLists(10_000),
          (list, context) ->
              list.stream().mapToInt(Integer::intValue).sum() < 1000
                  ? Verdict.pass()
                  : Verdict.fail("sum too large", "list " + list));

  @Test
  void replayingTheShrunkChoicesGivesTheSameValueAndFailure() {
    PropertyResult.Failure<List<Integer>> failure =
        PropertyRunner.run(SUM_BELOW_THOUSAND, TestSupport.config(11)).failure().orElseThrow();

    TestCaseResult<List<Integer>> replayed =
        PropertyRunner.replay(SUM_BELOW_THOUSAND, failure.shrunkChoices().values());

    assertThat(replayed.value()).isEqualTo(failure.shrunkValue()).containsExactly(1000);
    assertThat(replayed.failedWith(failure.signature())).isTrue();
    assertThat(replayed.message()).isEqualTo(failure.message());
    assertThat(replayed.choices()).isEqualTo(failure.shrunkChoices());
  }

  @Test
  void regeneratingTheFailingTryGivesTheOriginalChoices() {
    PropertyResult<List<Integer>> result =
        PropertyRunner.run(SUM_BELOW_THOUSAND, TestSupport.config(12));
    PropertyResult.Failure<List<Integer>> failure = result.failure().orElseThrow();

    TestCaseResult<List<Integer>> regenerated =
        PropertyRunner.generate(SUM_BELOW_THOUSAND, result.seed(), failure.tryIndex());

    assertThat(regenerated.choices()).isEqualTo(failure.originalChoices());
    assertThat(regenerated.failedWith(failure.signature())).isTrue();
  }

  @Test
  void replayingPastTheEndOfTheChoicesYieldsSimplestValues() {
    TestCaseResult<List<Integer>> empty = PropertyRunner.replay(SUM_BELOW_THOUSAND, List.of());
    // "more?" = yes, element = 4, then the sequence ends: "more?" reads 0, so the list stops.
    TestCaseResult<List<Integer>> truncated =
        PropertyRunner.replay(SUM_BELOW_THOUSAND, List.of(1L, 4L));

    assertThat(empty.value()).isEmpty();
    assertThat(empty.outcome()).isEqualTo(TestCaseResult.Outcome.PASSED);
    assertThat(truncated.value()).containsExactly(4);
    assertThat(truncated.choices().values()).containsExactly(1L, 4L, 0L);
  }
}
