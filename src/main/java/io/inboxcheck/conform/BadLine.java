package io.inboxcheck.conform;

/**
 * A line of a log that cannot be read as a recorded step: which line, which field, what is wrong.
 * The run stops on it (exit code 2) unless told to skip such lines and count them.
 */
public final class BadLine extends Exception {
  private static final long serialVersionUID = 1L;

  private final transient LinePosition position;
  private final String field;
  private final String problem;

  /**
   * @param field how the line's format names the field, e.g. {@code $.decision} or {@code column
   *     outcome (decision)}; null when the problem is the whole line
   */
  public BadLine(LinePosition position, String field, String problem) {
    super(
        position.describe() + (field == null ? "" : ", " + field) + ": " + problem,
        null,
        false,
        false);
    this.position = position;
    this.field = field;
    this.problem = problem;
  }

  public LinePosition position() {
    return position;
  }

  public String field() {
    return field;
  }

  public String problem() {
    return problem;
  }
}
