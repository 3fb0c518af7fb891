package io.inboxcheck.conform;

/**
 * Where a recorded step was read: the log's name and the line (JSON Lines, CSV) or row (a database
 * table) it starts on, counted from 1.
 *
 * @param unit {@code line} or {@code row}
 */
public record LinePosition(String source, String unit, long number) {

  public static LinePosition line(String source, long number) {
    return new LinePosition(source, "line", number);
  }

  public static LinePosition row(String source, long number) {
    return new LinePosition(source, "row", number);
  }

  /** {@code log.jsonl line 12}: what every message about the line starts with. */
  public String describe() {
    return source + " " + unit + " " + number;
  }

  @Override
  public String toString() {
    return describe();
  }
}
