package io.inboxcheck.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A shrunk failure says why shrinking stopped and, short of a fixpoint, how to go further. */
class ShrinkStopTests {

  private static final Property<List<Integer>> CONTAINS_42 =
      Property.of(
          "no element equals 42",
          TestSupport.integerLists(100),
          (list, context) -> list.contains(42) ? Verdict.fail("contains 42") : Verdict.pass());

  private static final Property<List<Integer>> NOT_EMPTY =
      Property.of(
          "list is empty",
          TestSupport.integerLists(10_000),
          (list, context) -> list.isEmpty() ? Verdict.pass() : Verdict.fail("not empty"));

  private static PropertyResult<List<Integer>> run(
      Property<List<Integer>> property, Limits limits) {
    return PropertyRunner.run(property, TestSupport.config(7).withLimits(limits));
  }

  @Test
  void shrinkingThatRunsUntilNoPassHelpsStopsAtAFixpoint() {
    PropertyResult<List<Integer>> result = run(CONTAINS_42, Limits.DEFAULTS);

    PropertyResult.Failure<List<Integer>> failure = result.failure().orElseThrow();
    assertThat(failure.shrunkValue()).containsExactly(42);
    assertThat(failure.shrinkStop().reason()).isEqualTo(ShrinkStop.Reason.FIXPOINT);
    assertThat(failure.shrinkStop().furtherShrinking()).isEmpty();
    assertThat(failure.shrinkAttempts()).isLessThan(Limits.MAX_SHRINK_ATTEMPTS);
    assertThat(result.describe())
        .contains("shrinking stopped at a fixpoint (no shrink pass made progress)\n");
  }

  @Test
  void shrinkingCutShortByTheAttemptBudgetSaysSoAndHowToRaiseIt() {
    PropertyResult<List<Integer>> result = run(NOT_EMPTY, new Limits(Limits.MAX_CHOICES, 3, 50));

    PropertyResult.Failure<List<Integer>> failure = result.failure().orElseThrow();
    assertThat(failure.shrinkAttempts()).isEqualTo(3);
    assertThat(failure.shrinkStop().reason()).isEqualTo(ShrinkStop.Reason.STEP_BUDGET);
    assertThat(failure.shrinkStop().furtherShrinking()).isEqualTo("-Dinboxcheck.shrinkBudget=6");
    assertThat(result.describe())
        .contains(
            "shrinking stopped at the step budget of 3 shrink attempts; shrink further with"
                + " -Dinboxcheck.shrinkBudget=6");
  }

  @Test
  void aRoundLimitReachedWhileStillProgressingIsNotAFixpoint() {
    PropertyResult<List<Integer>> result =
        run(NOT_EMPTY, new Limits(Limits.MAX_CHOICES, Limits.MAX_SHRINK_ATTEMPTS, 1));

    ShrinkStop stop = result.failure().orElseThrow().shrinkStop();
    assertThat(stop.reason()).isEqualTo(ShrinkStop.Reason.ROUND_LIMIT);
    assertThat(stop.sentence())
        .isEqualTo(
            "shrinking stopped at the limit of 1 shrink rounds; shrink further with"
                + " -Dinboxcheck.shrinkRounds=2");
  }

  @Test
  void aPassedTimeLimitStopsShrinkingWithTheTimeAsReason() {
    Limits limits =
        new Limits(
            Limits.MAX_CHOICES,
            Limits.MAX_SHRINK_ATTEMPTS,
            Limits.MAX_SHRINK_PASSES,
            Optional.of(Duration.ofSeconds(30)));
    TestCaseResult<List<Integer>> failing = firstFailure(NOT_EMPTY);
    Deadline alreadyPassed = () -> true;

    Shrinker.Result<List<Integer>> shrunk =
        new Shrinker<>(
                candidate -> PropertyRunner.execute(NOT_EMPTY, Choices.replay(candidate)),
                failing,
                limits,
                alreadyPassed)
            .shrink();

    assertThat(shrunk.attempts()).isZero();
    assertThat(shrunk.best()).isSameAs(failing);
    assertThat(shrunk.stop().reason()).isEqualTo(ShrinkStop.Reason.TIME);
    assertThat(shrunk.stop().sentence())
        .isEqualTo(
            "shrinking stopped at the shrink time limit of PT30S; shrink further with"
                + " -Dinboxcheck.shrinkTime=PT1M");
  }

  @Test
  void theShrinkLimitsComeFromSystemPropertiesWhenSet() {
    System.setProperty(Limits.SHRINK_BUDGET_PROPERTY, "12");
    System.setProperty(Limits.SHRINK_TIME_PROPERTY, "PT2M");
    try {
      Limits limits = Limits.fromSystem();
      assertThat(limits.maxShrinkAttempts()).isEqualTo(12);
      assertThat(limits.maxShrinkPasses()).isEqualTo(Limits.MAX_SHRINK_PASSES);
      assertThat(limits.maxShrinkTime()).contains(Duration.ofMinutes(2));
      System.setProperty(Limits.SHRINK_TIME_PROPERTY, "two minutes");
      assertThatThrownBy(Limits::fromSystem)
          .hasMessage(
              "inboxcheck.shrinkTime is not an ISO-8601 duration such as PT2M: two minutes");
    } finally {
      System.clearProperty(Limits.SHRINK_BUDGET_PROPERTY);
      System.clearProperty(Limits.SHRINK_TIME_PROPERTY);
    }
  }

  private static TestCaseResult<List<Integer>> firstFailure(Property<List<Integer>> property) {
    for (int tryIndex = 0; ; tryIndex++) {
      TestCaseResult<List<Integer>> result = PropertyRunner.generate(property, 7, tryIndex);
      if (result.failed()) {
        return result;
      }
    }
  }
}
