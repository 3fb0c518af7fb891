package io.inboxcheck.engine;

import java.util.Objects;

/**
 * A labelled range of choice indices that one generator call consumed.
 *
 * <p>The shrinker deletes whole spans at once, which is how it removes an entire step or list
 * element without leaving half of it behind to be misread as something else.
 *
 * @param label caller-supplied label, for example {@code "step"}
 * @param start index of the first choice inside the span (inclusive)
 * @param end index one past the last choice inside the span (exclusive)
 */
public record Span(String label, int start, int end) {

  /**
   * The label of one step of a stateful property; the shrinker deletes, moves and replaces spans
   * with this label as whole steps.
   */
  public static final String STEP = "step";

  /**
   * The label of an optional part of a step whose simplest form is one choice of 0, meaning the
   * part is absent (a crash case's kill at a step: no kill). A sequence holding such parts is
   * shrunk first by removing each step and each optional part on its own, and the shrinker keeps
   * candidates back to try that once more when its budget runs out, so the case it ends with is
   * one-minimal where it can be.
   */
  public static final String OPTIONAL = "optional";

  /** Validates that the span is a well-formed, non-negative range. */
  public Span {
    Objects.requireNonNull(label, "label");
    if (start < 0 || end < start) {
      throw new IllegalArgumentException("invalid span [" + start + ", " + end + ")");
    }
  }

  /** Number of choices inside the span. */
  public int length() {
    return end - start;
  }
}
