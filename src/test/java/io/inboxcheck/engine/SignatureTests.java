package io.inboxcheck.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SignatureTests {

  /**
   * Fails in two ways: a returned verdict for an element of at least 500, and an AssertJ error for
   * an element in [100, 500). Shrinking a "big element" failure without the signature rule would
   * end at [100], which is the other failure mode.
   */
  private static final Property<List<Integer>> TWO_FAILURE_MODES =
      Property.of(
          "two failure modes",
          TestSupport.integerLists(1000),
          (list, context) -> {
            for (int element : list) {
              if (element >= 500) {
                return Verdict.fail("big element", "element " + element);
              }
              assertThat(element).isLessThan(100);
            }
            return Verdict.pass();
          });

  @Test
  void shrinkingNeverSwitchesToAnotherFailureMode() {
    Map<String, List<Integer>> shrunkBySignature = new TreeMap<>();
    for (long seed = 1; seed <= 40; seed++) {
      PropertyResult.Failure<List<Integer>> failure =
          PropertyRunner.run(TWO_FAILURE_MODES, TestSupport.config(seed)).failure().orElseThrow();
      TestCaseResult<List<Integer>> original =
          PropertyRunner.replay(TWO_FAILURE_MODES, failure.originalChoices().values());

      assertThat(original.signature()).isEqualTo(failure.signature());
      shrunkBySignature.putIfAbsent(failure.signature(), failure.shrunkValue());
      assertThat(failure.shrunkValue())
          .isEqualTo(failure.signature().equals("big element") ? List.of(500) : List.of(100));
    }

    assertThat(shrunkBySignature).hasSize(2).containsEntry("big element", List.of(500));
  }

  @Test
  void aThrownAssertionIsAFailureSignedByExceptionClassAndFirstFrame() {
    Property<List<Integer>> property =
        Property.asserting(
            "no element above 700",
            TestSupport.integerLists(1000),
            (list, context) -> assertThat(list).allMatch(element -> element <= 700));

    PropertyResult<List<Integer>> result = PropertyRunner.run(property, TestSupport.config(4));
    PropertyResult.Failure<List<Integer>> failure = result.failure().orElseThrow();

    assertThat(failure.signature())
        .startsWith("java.lang.AssertionError at " + SignatureTests.class.getName() + ".");
    assertThat(failure.shrunkValue()).containsExactly(701);
    assertThat(failure.message()).contains("701").doesNotContain("Shrinker");
    assertThat(PropertyRunner.replay(property, failure.shrunkChoices().values()).message())
        .isEqualTo(failure.message());
    assertThat(result.describe()).contains("shrunk value: [701]", failure.signature());
  }

  @Test
  void checkedExceptionsAndGeneratorExceptionsAreFailures() {
    Property<Integer> checkThrows =
        Property.of(
            "check throws",
            choices -> choices.integer(0, 10),
            (value, context) -> {
              if (value > 3) {
                throw new java.io.IOException("value " + value);
              }
              return Verdict.pass();
            });
    Property<Integer> generatorThrows =
        Property.of(
            "generator throws",
            choices -> 10 / choices.integer(0, 10),
            (value, context) -> Verdict.pass());

    PropertyResult.Failure<Integer> checkFailure =
        PropertyRunner.run(checkThrows, TestSupport.config(1)).failure().orElseThrow();
    PropertyResult.Failure<Integer> generatorFailure =
        PropertyRunner.run(generatorThrows, TestSupport.config(1)).failure().orElseThrow();

    assertThat(checkFailure.signature()).startsWith("java.io.IOException at ");
    assertThat(checkFailure.shrunkValue()).isEqualTo(4);
    assertThat(generatorFailure.signature())
        .startsWith(PropertyRunner.GENERATOR_FAILURE_PREFIX + "java.lang.ArithmeticException");
    assertThat(generatorFailure.shrunkChoices().values()).containsExactly(0L);
  }

  @Test
  void describeUsesTheRendererAndAnOverridingRenderer() {
    Property<List<Integer>> property =
        Property.of(
                "rendered",
                TestSupport.integerLists(100),
                (list, context) -> list.isEmpty() ? Verdict.pass() : Verdict.fail("non-empty"))
            .withRenderer(list -> "size=" + list.size());

    PropertyResult<List<Integer>> result = PropertyRunner.run(property, TestSupport.config(2));

    assertThat(result.describe()).contains("shrunk value: size=1", "failing try:");
    assertThat(result.describe(list -> "first=" + list.get(0))).contains("shrunk value: first=0");
  }
}
