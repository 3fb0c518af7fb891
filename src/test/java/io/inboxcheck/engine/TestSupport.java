package io.inboxcheck.engine;

import java.util.List;
import java.util.function.Function;

/** Shared generators and configuration for the engine's own tests. */
final class TestSupport {

  private TestSupport() {}

  /** A configuration with a fixed seed and no example database. */
  static RunConfig config(long seed) {
    return RunConfig.defaults().withoutExampleDatabase().withTries(200).withSeed(seed);
  }

  /** Lists of up to 30 integers in {@code [0, max]}. */
  static Function<Choices, List<Integer>> integerLists(int max) {
    return choices -> choices.list(0, 30, element -> element.integer(0, max));
  }
}
