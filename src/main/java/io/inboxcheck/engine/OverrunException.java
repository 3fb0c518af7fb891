package io.inboxcheck.engine;

/**
 * Thrown by {@link Choices} when a test case draws more choices than its limit allows.
 *
 * <p>Generators should let it propagate. Even if one swallows it, the {@link Choices} object
 * remembers the overrun and the runner discards the test case instead of failing it.
 */
public final class OverrunException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  OverrunException(int maxChoices) {
    super("test case drew more than " + maxChoices + " choices", null, false, false);
  }
}
