package io.inboxcheck.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A property's tries on several workers at once give exactly the result of one worker: the same
 * status, tries run, labels and metrics, failure and shrunk value. Each worker checks with its own
 * property, as each job of {@code check --jobs N} checks its own receiver, and all but the first
 * wait a time drawn from the value, so later tries often finish before earlier ones.
 *
 * <p>Seeded: {@code -Dinboxcheck.jobsSeed=S} runs seeds S to S+{@value #SEEDS}-1; a failure names
 * its seed and the command that reruns it.
 */
class ParallelTriesTests {
  static final long FIRST_SEED = Long.getLong("inboxcheck.jobsSeed", 20250301L);
  static final int SEEDS = 40;
  static final int JOBS = 3;

  /** Which workers checked anything, over every run of this class: more than one must have. */
  private static final Set<String> WORKERS = ConcurrentHashMap.newKeySet();

  /**
   * Fails on two adjacent elements above 900: a few tries in, at a different try for each seed,
   * often with later tries already running on other workers.
   */
  private static Property<List<Integer>> rareFailure(String worker) {
    return Property.<List<Integer>>of(
            "no two adjacent elements above 900",
            TestSupport.integerLists(1000),
            (list, context) -> {
              waitAWhile(list, worker);
              for (int index = 1; index < list.size(); index++) {
                if (list.get(index - 1) > 900 && list.get(index) > 900) {
                  return Verdict.fail("adjacent large elements", "at index " + index);
                }
              }
              label(list, context);
              return Verdict.pass();
            })
        .requireCoverage("long", 0.2);
  }

  /** Never fails; its labels and metrics must add up to the same counts on any number of jobs. */
  private static Property<List<Integer>> passing(String worker) {
    return Property.<List<Integer>>of(
            "every list is at most 30 long",
            TestSupport.integerLists(1000),
            (list, context) -> {
              waitAWhile(list, worker);
              label(list, context);
              return list.size() <= 30 ? Verdict.pass() : Verdict.fail("too long", "" + list);
            })
        .requireCoverage("long", 0.2)
        .requireCoverage("never reached", 0.01)
        .withTriesMultiplier(0.5);
  }

  private static void label(List<Integer> list, TestContext context) {
    context.label(list.size() > 20 ? "long" : "short");
    context.label(list.isEmpty() ? "empty" : "non-empty");
    context.count("elements", list.size());
  }

  /**
   * Workers other than the first wait up to 2 ms, drawn from the value, so tries finish out of
   * their order; the first, which also shrinks, does not wait.
   */
  private static void waitAWhile(List<Integer> list, String worker) {
    WORKERS.add(worker);
    if (worker.startsWith("worker ") && !worker.equals("worker 0") && !list.isEmpty()) {
      LockSupport.parkNanos(list.get(0) * 2_000L);
    }
  }

  private static PropertyResult<List<Integer>> onOneJob(
      Function<String, Property<List<Integer>>> property, RunConfig config) {
    return PropertyRunner.run(property.apply("alone"), config);
  }

  private static PropertyResult<List<Integer>> onJobs(
      Function<String, Property<List<Integer>>> property, RunConfig config) {
    return PropertyRunner.run(worker -> property.apply("worker " + worker), JOBS, config);
  }

  private static String rerun(long seed) {
    return "seed "
        + seed
        + "; rerun with: mvn -B -o test -Dtest=ParallelTriesTests -Dinboxcheck.jobsSeed="
        + seed;
  }

  @Test
  void aFailingPropertyGivesTheSameFailureShrunkTheSameWayOnThreeJobs() {
    int failed = 0;
    for (long seed = FIRST_SEED; seed < FIRST_SEED + SEEDS; seed++) {
      RunConfig config = TestSupport.config(seed);

      PropertyResult<List<Integer>> alone = onOneJob(ParallelTriesTests::rareFailure, config);
      PropertyResult<List<Integer>> together = onJobs(ParallelTriesTests::rareFailure, config);

      assertThat(together).as(rerun(seed)).isEqualTo(alone);
      assertThat(together.describe()).as(rerun(seed)).isEqualTo(alone.describe());
      if (alone.status() == PropertyResult.Status.FAILED) {
        failed++;
        PropertyResult.Failure<List<Integer>> failure = together.failure().orElseThrow();
        assertThat(together.triesRun()).as(rerun(seed)).isEqualTo(failure.tryIndex() + 1);
        assertThat(failure.shrunkValue()).as(rerun(seed)).containsExactly(901, 901);
      }
    }
    assertThat(failed).as("seeds whose run failed, of %d", SEEDS).isGreaterThan(SEEDS / 2);
    assertThat(WORKERS).as("workers that checked a try").hasSizeGreaterThan(2);
  }

  @Test
  void aPassingPropertyCountsTheSameTriesLabelsAndMetricsOnThreeJobs() {
    for (long seed = FIRST_SEED; seed < FIRST_SEED + SEEDS; seed++) {
      RunConfig config = TestSupport.config(seed).withTries(60);

      PropertyResult<List<Integer>> alone = onOneJob(ParallelTriesTests::passing, config);
      PropertyResult<List<Integer>> together = onJobs(ParallelTriesTests::passing, config);

      assertThat(alone.status()).as(rerun(seed)).isEqualTo(PropertyResult.Status.COVERAGE_FAILED);
      assertThat(alone.triesRun()).isEqualTo(30);
      assertThat(together).as(rerun(seed)).isEqualTo(alone);
      assertThat(together.labelCounts()).as(rerun(seed)).isEqualTo(alone.labelCounts());
      assertThat(together.metrics()).as(rerun(seed)).isEqualTo(alone.metrics());
      assertThat(together.coverageShortfalls())
          .as(rerun(seed))
          .isEqualTo(alone.coverageShortfalls());
    }
  }

  @Test
  void aShardOnThreeJobsRunsTheShardsTries() {
    RunConfig config = TestSupport.config(FIRST_SEED).withTries(40).withShard(new Shard(1, 3));

    PropertyResult<List<Integer>> together = onJobs(ParallelTriesTests::passing, config);

    assertThat(together).isEqualTo(onOneJob(ParallelTriesTests::passing, config));
    assertThat(together.triesRun()).isEqualTo(new Shard(1, 3).triesOf(20));
  }

  @Test
  void aPassedDeadlineStopsEveryWorkerAfterTheTriesTakenBeforeIt() {
    AtomicInteger asked = new AtomicInteger();
    Deadline afterFiveTries = () -> asked.incrementAndGet() > 5;

    PropertyResult<List<Integer>> result =
        onJobs(
            ParallelTriesTests::passing,
            TestSupport.config(FIRST_SEED).withDeadline(afterFiveTries));

    assertThat(result.status()).isEqualTo(PropertyResult.Status.TIME_BUDGET_SPENT);
    assertThat(result.triesRun()).isEqualTo(5);
    assertThat(result.coverageShortfalls()).isEmpty();
  }

  @Test
  void oneJobIsTheSingleWorkerRunItself() {
    AtomicInteger built = new AtomicInteger();
    RunConfig config = TestSupport.config(FIRST_SEED);

    PropertyResult<List<Integer>> result =
        PropertyRunner.run(
            worker -> {
              built.incrementAndGet();
              return rareFailure("alone");
            },
            1,
            config);

    assertThat(built).hasValue(1);
    assertThat(result).isEqualTo(onOneJob(ParallelTriesTests::rareFailure, config));
  }

  @Test
  void jobsBelowOneAndWorkersOfAnotherPropertyAreRefused() {
    RunConfig config = TestSupport.config(FIRST_SEED);

    assertThatThrownBy(() -> PropertyRunner.run(worker -> passing("w"), 0, config))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("jobs must be at least 1, got 0");
    assertThatThrownBy(
            () ->
                PropertyRunner.run(
                    worker -> worker == 0 ? passing("w") : passing("w").withTriesMultiplier(2),
                    2,
                    config))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("differs from");
  }
}
