package io.inboxcheck.engine;

/**
 * The assertion part of a property: judges one generated value.
 *
 * <p>Throwing is also a failure; its signature is the exception class plus the first stack frame
 * (class, method and line), so AssertJ assertion errors work without wrapping.
 *
 * @param <T> the type of generated value
 */
@FunctionalInterface
public interface Check<T> {

  /** Returns {@link Verdict#pass()} or a {@link Verdict.Fail} for {@code value}. */
  Verdict check(T value, TestContext context) throws Exception;
}
