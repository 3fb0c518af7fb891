package io.inboxcheck.engine;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * How to run properties: number of tries, seed, example database location and limits.
 *
 * <p>{@link #defaults()} reads two system properties (which the Maven build forwards):
 *
 * <ul>
 *   <li>{@code inboxcheck.tries}: test cases per property, default {@value #DEFAULT_TRIES};
 *   <li>{@code inboxcheck.seed}: the run seed for every property. When unset or empty each
 *       property's seed is a stable hash of its name, so default runs are reproducible; passing
 *       {@code -Dinboxcheck.seed=<n>} explores different values or reproduces a reported run.
 * </ul>
 *
 * <p>and the shrink limits of {@link Limits#fromSystem()}.
 *
 * @param tries test cases per property before the property's multiplier, at least 1
 * @param seed the fixed run seed, or empty to derive it from each property's name
 * @param exampleDirectory directory of the example database, or empty to disable it
 * @param limits generation and shrinking bounds
 * @param shard which of the tries this process runs (all by default)
 * @param deadline when to stop generating new tries (never by default)
 */
public record RunConfig(
    int tries,
    OptionalLong seed,
    Optional<Path> exampleDirectory,
    Limits limits,
    Shard shard,
    Deadline deadline) {

  /** Tries used when {@code inboxcheck.tries} is not set. */
  public static final int DEFAULT_TRIES = 200;

  /** System property naming the number of tries. */
  public static final String TRIES_PROPERTY = "inboxcheck.tries";

  /** System property naming the run seed. */
  public static final String SEED_PROPERTY = "inboxcheck.seed";

  /** System property naming the project root under which the example database lives. */
  public static final String ROOT_PROPERTY = "inboxcheck.root";

  /** Example database location relative to the project root (git-ignored). */
  public static final Path DEFAULT_EXAMPLE_DIRECTORY = Path.of(".inboxcheck", "examples");

  /** Validates the number of tries. */
  public RunConfig {
    if (tries < 1) {
      throw new IllegalArgumentException("tries must be positive: " + tries);
    }
    Objects.requireNonNull(seed, "seed");
    Objects.requireNonNull(exampleDirectory, "exampleDirectory");
    Objects.requireNonNull(limits, "limits");
    Objects.requireNonNull(shard, "shard");
    Objects.requireNonNull(deadline, "deadline");
  }

  /** Every try, with no time limit. */
  public RunConfig(int tries, OptionalLong seed, Optional<Path> exampleDirectory, Limits limits) {
    this(tries, seed, exampleDirectory, limits, Shard.ALL, Deadline.NONE);
  }

  /**
   * Configuration from system properties, with the example database at {@code .inboxcheck/examples}
   * under {@code inboxcheck.root} (or the working directory if unset).
   */
  public static RunConfig defaults() {
    String root = System.getProperty(ROOT_PROPERTY, "");
    Path base = root.isBlank() ? Path.of("") : Path.of(root);
    return new RunConfig(
        SystemSettings.integer(TRIES_PROPERTY, DEFAULT_TRIES),
        SystemSettings.wholeNumber(SEED_PROPERTY),
        Optional.of(base.resolve(DEFAULT_EXAMPLE_DIRECTORY)),
        Limits.fromSystem());
  }

  /** A copy with {@code newTries} tries. */
  public RunConfig withTries(int newTries) {
    return new RunConfig(newTries, seed, exampleDirectory, limits, shard, deadline);
  }

  /** A copy using {@code newSeed} for every property. */
  public RunConfig withSeed(long newSeed) {
    return new RunConfig(
        tries, OptionalLong.of(newSeed), exampleDirectory, limits, shard, deadline);
  }

  /** A copy that derives each property's seed from its name. */
  public RunConfig withSeedFromName() {
    return new RunConfig(tries, OptionalLong.empty(), exampleDirectory, limits, shard, deadline);
  }

  /** A copy storing failing examples in {@code directory}. */
  public RunConfig withExampleDirectory(Path directory) {
    return new RunConfig(tries, seed, Optional.of(directory), limits, shard, deadline);
  }

  /** A copy that neither reads nor writes the example database. */
  public RunConfig withoutExampleDatabase() {
    return new RunConfig(tries, seed, Optional.empty(), limits, shard, deadline);
  }

  /** A copy with different limits. */
  public RunConfig withLimits(Limits newLimits) {
    return new RunConfig(tries, seed, exampleDirectory, newLimits, shard, deadline);
  }

  /** A copy that runs only the tries of {@code newShard}. */
  public RunConfig withShard(Shard newShard) {
    return new RunConfig(tries, seed, exampleDirectory, limits, newShard, deadline);
  }

  /** A copy that stops generating new tries once {@code newDeadline} has passed. */
  public RunConfig withDeadline(Deadline newDeadline) {
    return new RunConfig(tries, seed, exampleDirectory, limits, shard, newDeadline);
  }
}
