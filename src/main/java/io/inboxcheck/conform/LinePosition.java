package io.inboxcheck.conform;

import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * Where a recorded step was read: the log's name and the line (JSON Lines, CSV) or row (a database
 * table) it starts on, counted from 1, and how that format names a field in a message ({@code
 * $.decision}, {@code column outcome (decision)}). Two positions are the same line when the source,
 * unit and number are; the names are how a message says it, nothing more.
 *
 * @param unit {@code line} or {@code row}
 */
public record LinePosition(
    String source, String unit, long number, UnaryOperator<String> fieldNames) {

  /** How JSON Lines name a field. */
  static final UnaryOperator<String> JSON_FIELDS = field -> "$." + field;

  public static LinePosition line(String source, long number) {
    return new LinePosition(source, "line", number, JSON_FIELDS);
  }

  public static LinePosition row(String source, long number) {
    return new LinePosition(source, "row", number, JSON_FIELDS);
  }

  /** The same position, naming fields as {@code names} does. */
  LinePosition naming(UnaryOperator<String> names) {
    return new LinePosition(source, unit, number, names);
  }

  /** How a message names {@code field} of this line. */
  public String field(String field) {
    return fieldNames.apply(field);
  }

  /** {@code log.jsonl line 12}: what every message about the line starts with. */
  public String describe() {
    return source + " " + unit + " " + number;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof LinePosition position
        && source.equals(position.source)
        && unit.equals(position.unit)
        && number == position.number;
  }

  @Override
  public int hashCode() {
    return Objects.hash(source, unit, number);
  }

  @Override
  public String toString() {
    return describe();
  }
}
