package io.inboxcheck.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class CoverageTests {

  /** Reaches "rare" in about 1% of test cases and "common" in about half. */
  private static Property<Integer> percentile() {
    return Property.of(
        "percentile labels",
        choices -> choices.integer(0, 99),
        (value, context) -> {
          if (value == 0) {
            context.label("rare");
          }
          if (value < 50) {
            context.label("common");
          }
          return Verdict.pass();
        });
  }

  @Test
  void aRarelyReachedRequiredLabelIsACoverageFailure() {
    Property<Integer> property = percentile().requireCoverage("rare", 0.2);

    PropertyResult<Integer> result = PropertyRunner.run(property, TestSupport.config(3));

    assertThat(result.status()).isEqualTo(PropertyResult.Status.COVERAGE_FAILED);
    assertThat(result.failure()).isEmpty();
    assertThat(result.coverageShortfalls())
        .singleElement()
        .satisfies(
            shortfall -> {
              assertThat(shortfall.label()).isEqualTo("rare");
              assertThat(shortfall.observedShare()).isLessThan(0.05);
              assertThat(shortfall.minimumShare()).isEqualTo(0.2);
              assertThat(shortfall.validTestCases()).isEqualTo(200);
            });
    assertThat(result.describe()).contains("COVERAGE_FAILED", "label 'rare'", "20.00%");
    assertThatThrownBy(result::assertPassed)
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("rare");
  }

  @Test
  void aLabelNeverReachedIsReportedWithZeroShare() {
    Property<Integer> property =
        percentile().requireCoverage("common", 0.3).requireCoverage("unreachable", 0.01);

    PropertyResult<Integer> result = PropertyRunner.run(property, TestSupport.config(3));

    assertThat(result.status()).isEqualTo(PropertyResult.Status.COVERAGE_FAILED);
    assertThat(result.coverageShortfalls())
        .extracting(CoverageShortfall::label)
        .containsExactly("unreachable");
    assertThat(result.coverageShortfalls().get(0).observedShare()).isZero();
  }

  @Test
  void satisfiedCoveragePasses() {
    Property<Integer> property = percentile().requireCoverage("common", 0.3);

    PropertyResult<Integer> result = PropertyRunner.run(property, TestSupport.config(3));

    result.assertPassed();
    assertThat(result.coverageShortfalls()).isEmpty();
    assertThat(result.labelCounts()).containsKey("common");
    assertThat(result.labelCounts().get("common")).isBetween(60L, 140L);
  }

  @Test
  void labelsCountTestCasesAndMetricsSumOverTheRun() {
    Property<List<Integer>> property =
        Property.of(
            "labels and metrics",
            TestSupport.integerLists(9),
            (list, context) -> {
              list.forEach(element -> context.label("element seen"));
              context.count("elements", list.size());
              context.count("test cases");
              return Verdict.pass();
            });
    long expectedElements = 0;
    long nonEmpty = 0;
    for (int tryIndex = 0; tryIndex < 50; tryIndex++) {
      int size = PropertyRunner.generate(property, 8, tryIndex).value().size();
      expectedElements += size;
      nonEmpty += size > 0 ? 1 : 0;
    }

    PropertyResult<List<Integer>> result =
        PropertyRunner.run(property, TestSupport.config(8).withTries(50));

    assertThat(result.triesRun()).isEqualTo(50);
    assertThat(result.labelCounts()).containsEntry("element seen", nonEmpty);
    assertThat(result.metrics())
        .containsEntry("elements", expectedElements)
        .containsEntry("test cases", 50L);
  }

  @Test
  void triesMultiplierScalesTheNumberOfTries() {
    PropertyResult<Integer> result =
        PropertyRunner.run(percentile().withTriesMultiplier(1.5), TestSupport.config(3));

    assertThat(result.triesRun()).isEqualTo(300);
  }
}
