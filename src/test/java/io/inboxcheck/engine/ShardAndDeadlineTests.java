package io.inboxcheck.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Shards split a run's tries without overlap or gap; a deadline stops generation visibly. */
class ShardAndDeadlineTests {
  private static final RunConfig CONFIG =
      RunConfig.defaults().withTries(23).withSeed(5).withoutExampleDatabase();

  /** Records the value of every try it checks; values are drawn from each try's own seed. */
  private static Property<Integer> recording(List<Integer> seen) {
    return Property.of(
        "records what it sees",
        choices -> choices.integer(0, 1_000_000),
        (value, context) -> {
          seen.add(value);
          return Verdict.pass();
        });
  }

  @Test
  void theShardsOfARunCheckExactlyItsTriesAndNoTryTwice() {
    List<Integer> whole = new ArrayList<>();
    PropertyResult<Integer> unsharded = PropertyRunner.run(recording(whole), CONFIG);
    List<Integer> sharded = new ArrayList<>();
    int triesRun = 0;
    for (int index = 0; index < 3; index++) {
      List<Integer> part = new ArrayList<>();
      RunConfig config = CONFIG.withShard(new Shard(index, 3));
      PropertyResult<Integer> result = PropertyRunner.run(recording(part), config);
      assertThat(result.triesRun()).isEqualTo(PropertyRunner.plannedTries(recording(part), config));
      triesRun += result.triesRun();
      sharded.addAll(part);
    }

    assertThat(unsharded.triesRun()).isEqualTo(23);
    assertThat(triesRun).isEqualTo(23);
    assertThat(sharded).containsExactlyInAnyOrderElementsOf(whole);
    assertThat(new HashSet<>(sharded)).hasSize(new HashSet<>(whole).size());
  }

  @Test
  void eachTryBelongsToOneShard() {
    Set<Integer> claimed = new HashSet<>();
    for (int index = 0; index < 4; index++) {
      Shard shard = new Shard(index, 4);
      int mine = 0;
      for (int tryIndex = 0; tryIndex < 10; tryIndex++) {
        if (shard.includes(tryIndex)) {
          assertThat(claimed.add(tryIndex)).as("try %d claimed twice", tryIndex).isTrue();
          mine++;
        }
      }
      assertThat(shard.triesOf(10)).isEqualTo(mine);
    }
    assertThat(claimed).hasSize(10);
    assertThatThrownBy(() -> new Shard(4, 4)).hasMessageContaining("4/4");
  }

  @Test
  void aPassedDeadlineStopsGenerationWithItsOwnStatus() {
    AtomicInteger asked = new AtomicInteger();
    Deadline afterFiveTries = () -> asked.incrementAndGet() > 5;
    List<Integer> seen = new ArrayList<>();

    PropertyResult<Integer> result =
        PropertyRunner.run(
            recording(seen).requireCoverage("never reached", 0.5),
            CONFIG.withDeadline(afterFiveTries));

    assertThat(result.status()).isEqualTo(PropertyResult.Status.TIME_BUDGET_SPENT);
    assertThat(result.triesRun()).isEqualTo(5);
    assertThat(seen).hasSize(5);
    assertThat(result.coverageShortfalls()).as("a cut-short run judges no coverage").isEmpty();
    assertThat(result.passed()).isFalse();
  }
}
