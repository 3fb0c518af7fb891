package io.inboxcheck.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * An immutable recorded sequence of choices together with the spans marked while drawing them.
 *
 * <p>Every value is a non-negative offset from the simplest value of its draw (0 is always the
 * simplest). Replaying {@link #values()} through {@link Choices#replay(List)} regenerates the same
 * value.
 *
 * @param values the choices in draw order
 * @param spans the spans in the order they were closed
 */
public record ChoiceSequence(List<Long> values, List<Span> spans) {

  /** Copies both lists so the sequence cannot change after construction. */
  public ChoiceSequence {
    values = List.copyOf(values);
    spans = List.copyOf(spans);
    for (Long value : values) {
      if (value < 0) {
        throw new IllegalArgumentException("choices must be non-negative: " + value);
      }
    }
  }

  /** A sequence without spans, as read back from the example database. */
  public static ChoiceSequence of(List<Long> values) {
    return new ChoiceSequence(values, List.of());
  }

  /** Number of choices in the sequence. */
  public int size() {
    return values.size();
  }

  /**
   * Whether this sequence sorts strictly before {@code other} in shortlex order.
   *
   * <p>Shortlex (shorter first, then lexicographic) is the total order the shrinker minimises;
   * because it is total and every accepted edit strictly decreases it, shrinking terminates and its
   * result does not depend on timing.
   */
  public boolean isShortlexSmallerThan(ChoiceSequence other) {
    return compareShortlex(values, other.values) < 0;
  }

  /** Compares two choice lists in shortlex order. */
  public static int compareShortlex(List<Long> left, List<Long> right) {
    if (left.size() != right.size()) {
      return Integer.compare(left.size(), right.size());
    }
    for (int index = 0; index < left.size(); index++) {
      int comparison = Long.compare(left.get(index), right.get(index));
      if (comparison != 0) {
        return comparison;
      }
    }
    return 0;
  }

  /** Renders the values as comma-separated decimals, the example database's line format. */
  public String toText() {
    return values.stream().map(String::valueOf).collect(Collectors.joining(","));
  }

  /**
   * Parses the comma-separated format produced by {@link #toText()}.
   *
   * @throws IllegalArgumentException if a field is not a non-negative integer
   */
  public static ChoiceSequence parse(String text) {
    Objects.requireNonNull(text, "text");
    List<Long> parsed = new ArrayList<>();
    for (String field : text.split(",")) {
      String trimmed = field.strip();
      if (trimmed.isEmpty()) {
        continue;
      }
      try {
        parsed.add(Long.parseLong(trimmed));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("not a choice: '" + trimmed + "'", e);
      }
    }
    return of(parsed);
  }
}
