package io.inboxcheck.engine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

/**
 * Runs properties: replays stored failures, generates test cases, shrinks and reports.
 *
 * <p>A run first replays the example database entry of the property, if any; a stored example that
 * still fails is shrunk and reported as coming from the database, and one that passes is deleted.
 * Then try {@code i} draws from {@link Seeds#caseSeed(long, int)} of the run seed, so a run is
 * fully determined by its seed. The first failure is shrunk, saved and reported; remaining tries
 * are skipped. If every try passes, discards and coverage requirements are checked. A {@link Shard}
 * runs only its share of the tries, and a {@link Deadline} that passes stops generation early (the
 * run says so by its status). {@link #run(IntFunction, int, RunConfig)} runs the tries on several
 * workers at once with the same result ({@link ParallelTries}).
 */
public final class PropertyRunner {

  /** Prefix of the signature of a failure thrown by the generator rather than the check. */
  public static final String GENERATOR_FAILURE_PREFIX = "generator: ";

  private PropertyRunner() {}

  /** Runs {@code property} with {@link RunConfig#defaults()}. */
  public static <T> PropertyResult<T> run(Property<T> property) {
    return run(property, RunConfig.defaults());
  }

  /** Runs {@code property} with {@code config}. */
  public static <T> PropertyResult<T> run(Property<T> property, RunConfig config) {
    long seed = config.seed().orElseGet(() -> Seeds.stableHash(property.name()));
    Optional<ExampleDatabase> database = config.exampleDirectory().map(ExampleDatabase::new);
    if (database.isPresent()) {
      Optional<PropertyResult<T>> stored = replayStored(property, config, seed, database.get());
      if (stored.isPresent()) {
        return stored.get();
      }
    }
    return runTries(property, config, seed, database);
  }

  /**
   * Runs the tries of a property on {@code jobs} workers at once, worker {@code w} checking with
   * {@code workers.apply(w)}: the same property (name, generator, coverage, multiplier) with a
   * check of its own, e.g. on its own receiver. The result equals what {@link #run(Property,
   * RunConfig)} gives for worker 0's property: the same tries counted, the same failure, shrunk the
   * same way. Stored examples and shrinking run on worker 0 alone, after every other worker has
   * stopped. With one job (or one planned try) it is exactly {@link #run(Property, RunConfig)}.
   *
   * @throws IllegalArgumentException when {@code jobs} is below 1 or the workers' properties differ
   *     in anything but their check
   */
  public static <T> PropertyResult<T> run(
      IntFunction<Property<T>> workers, int jobs, RunConfig config) {
    if (jobs < 1) {
      throw new IllegalArgumentException("jobs must be at least 1, got " + jobs);
    }
    Property<T> first = workers.apply(0);
    int used = Math.min(jobs, plannedTries(first, config));
    if (used <= 1) {
      return run(first, config);
    }
    List<Property<T>> properties = new ArrayList<>(List.of(first));
    for (int worker = 1; worker < used; worker++) {
      properties.add(sameButCheck(first, workers.apply(worker)));
    }
    long seed = config.seed().orElseGet(() -> Seeds.stableHash(first.name()));
    Optional<ExampleDatabase> database = config.exampleDirectory().map(ExampleDatabase::new);
    if (database.isPresent()) {
      Optional<PropertyResult<T>> stored = replayStored(first, config, seed, database.get());
      if (stored.isPresent()) {
        return stored.get();
      }
    }
    int[] planned =
        IntStream.range(0, totalTries(first, config)).filter(config.shard()::includes).toArray();
    RunStatistics statistics = new RunStatistics();
    ParallelTries.Outcome<T> outcome =
        new ParallelTries<>(properties, planned, seed, config, statistics::record).run();
    if (outcome.failure().isPresent()) {
      return failure(
          first,
          config,
          seed,
          statistics,
          outcome.failure().get(),
          outcome.failureTry(),
          false,
          database);
    }
    if (!outcome.allRun()) {
      return statistics.result(
          first.name(), seed, PropertyResult.Status.TIME_BUDGET_SPENT, Optional.empty(), List.of());
    }
    return completed(first, seed, statistics);
  }

  /** {@code other}, checked to be {@code first} but for its check. */
  private static <T> Property<T> sameButCheck(Property<T> first, Property<T> other) {
    if (!other.name().equals(first.name())
        || other.triesMultiplier() != first.triesMultiplier()
        || other.maxDiscardShare() != first.maxDiscardShare()
        || !other.coverage().equals(first.coverage())) {
      throw new IllegalArgumentException(
          "every worker runs the same property, but \""
              + other.name()
              + "\" differs from \""
              + first.name()
              + "\" in more than its check");
    }
    return other;
  }

  /** Regenerates and checks the value encoded by {@code choices}, with the default limit. */
  public static <T> TestCaseResult<T> replay(Property<T> property, List<Long> choices) {
    return execute(property, Choices.replay(choices));
  }

  /** Generates and checks the test case of try {@code tryIndex} in a run seeded {@code seed}. */
  public static <T> TestCaseResult<T> generate(Property<T> property, long seed, int tryIndex) {
    return execute(property, Choices.random(Seeds.caseSeed(seed, tryIndex)));
  }

  /** Generates a value from {@code choices} and checks it; never throws for check failures. */
  public static <T> TestCaseResult<T> execute(Property<T> property, Choices choices) {
    T value;
    try {
      value = property.generator().apply(choices);
    } catch (Throwable thrown) {
      if (choices.overrun()) {
        return overrun(choices);
      }
      rethrowIfFatal(thrown);
      return failed(
          null,
          GENERATOR_FAILURE_PREFIX + ExceptionSignatures.signature(thrown),
          ExceptionSignatures.message(thrown),
          choices,
          new TestContext(),
          Set.of());
    }
    if (choices.overrun()) {
      return overrun(choices);
    }
    return check(property, value, choices);
  }

  private static <T> TestCaseResult<T> check(Property<T> property, T value, Choices choices) {
    TestContext context = new TestContext();
    Verdict verdict;
    try {
      verdict = property.check().check(value, context);
    } catch (Throwable thrown) {
      rethrowIfFatal(thrown);
      verdict =
          Verdict.fail(ExceptionSignatures.signature(thrown), ExceptionSignatures.message(thrown));
    }
    if (verdict == null) {
      verdict = Verdict.fail("check returned null", "the check returned null instead of a verdict");
    }
    if (verdict instanceof Verdict.Fail fail) {
      return failed(value, fail.signature(), fail.message(), choices, context, fail.alsoBroken());
    }
    return new TestCaseResult<>(
        TestCaseResult.Outcome.PASSED,
        value,
        null,
        choices.recorded(),
        context.labels(),
        context.metrics());
  }

  private static <T> Optional<PropertyResult<T>> replayStored(
      Property<T> property, RunConfig config, long seed, ExampleDatabase database) {
    for (ChoiceSequence stored : database.load(property.name())) {
      TestCaseResult<T> result =
          execute(property, Choices.replay(stored.values(), config.limits().maxChoices()));
      if (result.failed()) {
        RunStatistics statistics = new RunStatistics();
        statistics.record(result);
        return Optional.of(
            failure(property, config, seed, statistics, result, 0, true, Optional.of(database)));
      }
    }
    // Nothing stored fails any more (the bug was fixed), so the example has served its purpose.
    database.delete(property.name());
    return Optional.empty();
  }

  private static <T> PropertyResult<T> runTries(
      Property<T> property, RunConfig config, long seed, Optional<ExampleDatabase> database) {
    int tries = totalTries(property, config);
    RunStatistics statistics = new RunStatistics();
    for (int tryIndex = 0; tryIndex < tries; tryIndex++) {
      if (!config.shard().includes(tryIndex)) {
        continue;
      }
      if (config.deadline().passed()) {
        return statistics.result(
            property.name(),
            seed,
            PropertyResult.Status.TIME_BUDGET_SPENT,
            Optional.empty(),
            List.of());
      }
      Choices choices =
          Choices.random(Seeds.caseSeed(seed, tryIndex), config.limits().maxChoices());
      TestCaseResult<T> result = execute(property, choices);
      statistics.record(result);
      if (result.failed()) {
        return failure(property, config, seed, statistics, result, tryIndex, false, database);
      }
    }
    return completed(property, seed, statistics);
  }

  /** The tries of the whole run, every shard's: the configured tries times the multiplier. */
  public static int totalTries(Property<?> property, RunConfig config) {
    return Math.max(1, (int) Math.round(config.tries() * property.triesMultiplier()));
  }

  /** The tries this process runs of {@code property}: its shard's share of the total. */
  public static int plannedTries(Property<?> property, RunConfig config) {
    return config.shard().triesOf(totalTries(property, config));
  }

  private static <T> PropertyResult<T> failure(
      Property<T> property,
      RunConfig config,
      long seed,
      RunStatistics statistics,
      TestCaseResult<T> original,
      int tryIndex,
      boolean fromDatabase,
      Optional<ExampleDatabase> database) {
    int maxChoices = config.limits().maxChoices();
    Shrinker.Result<T> shrunk =
        new Shrinker<>(
                candidate -> execute(property, Choices.replay(candidate, maxChoices)),
                original,
                config.limits())
            .shrink();
    TestCaseResult<T> best = shrunk.best();
    Optional<Path> exampleFile = Optional.empty();
    if (database.isPresent()) {
      database.get().save(property.name(), best.choices());
      exampleFile = Optional.of(database.get().fileFor(property.name()));
    }
    PropertyResult.Failure<T> details =
        new PropertyResult.Failure<>(
            tryIndex,
            fromDatabase,
            original.choices(),
            best.choices(),
            best.value(),
            render(property, best),
            best.signature(),
            best.message(),
            shrunk.acceptedSteps(),
            shrunk.attempts(),
            shrunk.stop(),
            exampleFile);
    return statistics.result(
        property.name(), seed, PropertyResult.Status.FAILED, Optional.of(details), List.of());
  }

  private static <T> PropertyResult<T> completed(
      Property<T> property, long seed, RunStatistics statistics) {
    if (statistics.discarded > property.maxDiscardShare() * statistics.triesRun) {
      return statistics.result(
          property.name(),
          seed,
          PropertyResult.Status.TOO_MANY_DISCARDS,
          Optional.empty(),
          List.of());
    }
    List<CoverageShortfall> shortfalls = statistics.shortfalls(property.coverage());
    PropertyResult.Status status =
        shortfalls.isEmpty() ? PropertyResult.Status.PASSED : PropertyResult.Status.COVERAGE_FAILED;
    return statistics.result(property.name(), seed, status, Optional.empty(), shortfalls);
  }

  private static <T> String render(Property<T> property, TestCaseResult<T> result) {
    if (result.signature().startsWith(GENERATOR_FAILURE_PREFIX)) {
      return "<no value: " + result.signature() + ">";
    }
    try {
      return property.renderer().apply(result.value());
    } catch (RuntimeException e) {
      return "<renderer threw " + e + ">";
    }
  }

  private static <T> TestCaseResult<T> overrun(Choices choices) {
    return TestCaseResult.overrun(choices.recorded());
  }

  private static <T> TestCaseResult<T> failed(
      T value,
      String signature,
      String message,
      Choices choices,
      TestContext context,
      Set<String> alsoBroken) {
    return new TestCaseResult<>(
        TestCaseResult.Outcome.FAILED,
        value,
        new Verdict.Fail(signature, message, alsoBroken),
        choices.recorded(),
        context.labels(),
        context.metrics());
  }

  /** Lets errors the JVM cannot recover from escape; stack overflows are ordinary bugs here. */
  private static void rethrowIfFatal(Throwable thrown) {
    if (thrown instanceof VirtualMachineError && !(thrown instanceof StackOverflowError)) {
      throw (VirtualMachineError) thrown;
    }
  }

  /** Mutable tallies for one run, turned into an immutable result at the end. */
  private static final class RunStatistics {
    private int triesRun;
    private int discarded;
    private final SortedMap<String, Long> labelCounts = new TreeMap<>();
    private final SortedMap<String, Long> metrics = new TreeMap<>();

    void record(TestCaseResult<?> result) {
      triesRun++;
      if (result.outcome() == TestCaseResult.Outcome.OVERRUN) {
        discarded++;
      }
      result.labels().keySet().forEach(label -> labelCounts.merge(label, 1L, Long::sum));
      result.metrics().forEach((name, amount) -> metrics.merge(name, amount, Long::sum));
    }

    List<CoverageShortfall> shortfalls(List<CoverageRequirement> requirements) {
      long valid = (long) triesRun - discarded;
      List<CoverageShortfall> shortfalls = new ArrayList<>();
      for (CoverageRequirement requirement : requirements) {
        long reaching = labelCounts.getOrDefault(requirement.label(), 0L);
        double share = valid == 0 ? 0 : (double) reaching / valid;
        if (share < requirement.minimumShare()) {
          shortfalls.add(
              new CoverageShortfall(
                  requirement.label(), requirement.minimumShare(), share, reaching, valid));
        }
      }
      return shortfalls;
    }

    <T> PropertyResult<T> result(
        String name,
        long seed,
        PropertyResult.Status status,
        Optional<PropertyResult.Failure<T>> failure,
        List<CoverageShortfall> shortfalls) {
      return new PropertyResult<>(
          name, seed, triesRun, discarded, labelCounts, metrics, status, failure, shortfalls);
    }
  }
}
