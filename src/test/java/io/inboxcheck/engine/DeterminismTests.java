package io.inboxcheck.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeterminismTests {

  private static final Property<List<Integer>> NO_LARGE_PAIR =
      Property.of(
          "no two adjacent elements above 600",
          TestSupport.integerLists(1000),
          (list, context) -> {
            for (int index = 1; index < list.size(); index++) {
              if (list.get(index - 1) > 600 && list.get(index) > 600) {
                return Verdict.fail("adjacent large elements", "at index " + index);
              }
            }
            context.label(list.isEmpty() ? "empty" : "non-empty");
            context.count("elements", list.size());
            return Verdict.pass();
          });

  private static List<List<Integer>> generated(long seed, int tries) {
    List<List<Integer>> values = new ArrayList<>();
    for (int tryIndex = 0; tryIndex < tries; tryIndex++) {
      values.add(PropertyRunner.generate(NO_LARGE_PAIR, seed, tryIndex).value());
    }
    return values;
  }

  @Test
  void sameSeedGeneratesTheSameValues() {
    assertThat(generated(77, 100)).isEqualTo(generated(77, 100));
  }

  @Test
  void differentSeedsGenerateDifferentValues() {
    assertThat(generated(77, 100)).isNotEqualTo(generated(78, 100));
  }

  @Test
  void sameSeedGivesAnIdenticalResultIncludingTheShrunkOutput() {
    PropertyResult<List<Integer>> first = PropertyRunner.run(NO_LARGE_PAIR, TestSupport.config(5));
    PropertyResult<List<Integer>> second = PropertyRunner.run(NO_LARGE_PAIR, TestSupport.config(5));

    assertThat(first.status()).isEqualTo(PropertyResult.Status.FAILED);
    assertThat(second).isEqualTo(first);
    assertThat(second.describe()).isEqualTo(first.describe());
    assertThat(first.failure().orElseThrow().shrunkValue()).containsExactly(601, 601);
  }

  @Test
  void unsetSeedIsAStableHashOfThePropertyName() {
    RunConfig config = TestSupport.config(0).withSeedFromName();

    PropertyResult<List<Integer>> result = PropertyRunner.run(NO_LARGE_PAIR, config);

    assertThat(result.seed()).isEqualTo(Seeds.stableHash(NO_LARGE_PAIR.name()));
    assertThat(PropertyRunner.run(NO_LARGE_PAIR, config)).isEqualTo(result);
    assertThat(result.describe()).contains("-Dinboxcheck.seed=" + result.seed());
  }

  @Test
  void caseSeedsDifferPerTryAndPerRunSeed() {
    assertThat(Seeds.caseSeed(1, 0)).isNotEqualTo(Seeds.caseSeed(1, 1));
    assertThat(Seeds.caseSeed(1, 0)).isNotEqualTo(Seeds.caseSeed(2, 0));
    assertThat(Seeds.caseSeed(1, 0)).isEqualTo(Seeds.caseSeed(1, 0));
  }
}
