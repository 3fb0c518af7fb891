package io.inboxcheck.engine;

/**
 * A check written with assertions only: it passes unless it throws.
 *
 * @param <T> the type of generated value
 */
@FunctionalInterface
public interface AssertingCheck<T> {

  /** Asserts facts about {@code value}, throwing (for example an AssertionError) on violation. */
  void check(T value, TestContext context) throws Exception;
}
