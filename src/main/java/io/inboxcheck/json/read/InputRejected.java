package io.inboxcheck.json.read;

/**
 * Input that inboxcheck refuses, with a one-line message a person can act on: which file, where
 * (line and column, or a JSON pointer), what is wrong and what would be right.
 */
public final class InputRejected extends Exception {
  private static final long serialVersionUID = 1L;

  private final String source;
  private final String position;
  private final String problem;

  public InputRejected(String source, String position, String problem) {
    super(source + ": " + position + ": " + problem, null, false, false);
    this.source = source;
    this.position = position;
    this.problem = problem;
  }

  public String source() {
    return source;
  }

  public String position() {
    return position;
  }

  public String problem() {
    return problem;
  }
}
