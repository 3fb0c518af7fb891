package io.inboxcheck.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OverrunTests {

  @Test
  void anUnboundedGeneratorIsDiscardedNotCrashed() {
    Property<List<Integer>> property =
        Property.of(
            "unbounded",
            choices -> {
              List<Integer> values = new ArrayList<>();
              while (true) {
                values.add(choices.integer(0, 10));
              }
            },
            (values, context) -> Verdict.fail("never reached"));

    PropertyResult<List<Integer>> result =
        PropertyRunner.run(property, TestSupport.config(1).withTries(20));

    assertThat(result.status()).isEqualTo(PropertyResult.Status.TOO_MANY_DISCARDS);
    assertThat(result.discarded()).isEqualTo(20);
    assertThat(result.triesRun()).isEqualTo(20);
    assertThat(result.failure()).isEmpty();
    assertThat(result.describe()).contains("discarded (overrun): 20");
  }

  @Test
  void aGeneratorSwallowingTheOverrunIsStillDiscarded() {
    Property<Integer> property =
        Property.of(
            "swallowing",
            choices -> {
              try {
                while (true) {
                  choices.bool(50);
                }
              } catch (RuntimeException swallowed) {
                return 0;
              }
            },
            (value, context) -> Verdict.fail("never reached"));

    PropertyResult<Integer> result =
        PropertyRunner.run(property, TestSupport.config(1).withTries(5));

    assertThat(result.discarded()).isEqualTo(5);
    assertThat(result.failure()).isEmpty();
  }

  @Test
  void occasionalOverrunsBelowTheToleratedShareStillPass() {
    Property<List<Integer>> property =
        Property.of(
            "occasional overrun",
            choices -> choices.list(0, 50, element -> element.integer(0, 9)),
            (values, context) -> Verdict.pass());
    RunConfig config =
        TestSupport.config(1)
            .withLimits(new Limits(20, Limits.MAX_SHRINK_ATTEMPTS, Limits.MAX_SHRINK_PASSES));

    PropertyResult<List<Integer>> result = PropertyRunner.run(property, config);
    PropertyResult<List<Integer>> strict =
        PropertyRunner.run(property.withMaxDiscardShare(0), config);

    assertThat(result.status()).isEqualTo(PropertyResult.Status.PASSED);
    assertThat(result.discarded()).isPositive();
    assertThat(strict.status()).isEqualTo(PropertyResult.Status.TOO_MANY_DISCARDS);
  }

  @Test
  void shrinkingTreatsOverrunsAsPassing() {
    Property<List<Integer>> property =
        Property.of(
            "overrun during shrinking",
            choices -> choices.list(0, 30, element -> element.integer(0, 100)),
            (values, context) -> values.size() >= 3 ? Verdict.fail("long") : Verdict.pass());
    RunConfig config =
        TestSupport.config(1)
            .withLimits(new Limits(9, Limits.MAX_SHRINK_ATTEMPTS, Limits.MAX_SHRINK_PASSES));

    PropertyResult<List<Integer>> result =
        PropertyRunner.run(property.withMaxDiscardShare(1), config);

    assertThat(result.failure().orElseThrow().shrunkValue()).containsExactly(0, 0, 0);
  }
}
