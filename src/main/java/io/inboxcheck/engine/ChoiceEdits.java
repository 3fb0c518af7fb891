package io.inboxcheck.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * The edits the shrinker's passes make to a choice sequence, each a new list; which edit to try
 * when, and whether to keep it, is {@link Shrinker}'s business.
 */
final class ChoiceEdits {
  private ChoiceEdits() {}

  /** {@code values} without the choices in {@code [start, end)}. */
  static List<Long> without(List<Long> values, int start, int end) {
    List<Long> result = new ArrayList<>(values.subList(0, start));
    result.addAll(values.subList(end, values.size()));
    return result;
  }

  /** {@code values} with every position in {@code positions} set to {@code value}. */
  static List<Long> replaced(List<Long> values, List<Integer> positions, long value) {
    List<Long> result = new ArrayList<>(values);
    for (int position : positions) {
      result.set(position, value);
    }
    return result;
  }

  /** {@code values} with the choices in {@code [start, end)} set to zero. */
  static List<Long> zeroed(List<Long> values, int start, int end) {
    List<Long> result = new ArrayList<>(values);
    for (int position = start; position < end; position++) {
      result.set(position, 0L);
    }
    return result;
  }

  /** {@code values} with the value at {@code from} added to the one at {@code to}, then zeroed. */
  static List<Long> moved(List<Long> values, int from, int to) {
    List<Long> result = new ArrayList<>(values);
    result.set(from, 0L);
    result.set(to, values.get(to) + values.get(from));
    return result;
  }

  /** The distinct non-empty spans of {@code choices}, largest first, then by start. */
  static List<Span> distinctSpansLargestFirst(ChoiceSequence choices) {
    Comparator<Span> order =
        Comparator.comparingInt(Span::length).reversed().thenComparingInt(Span::start);
    TreeSet<Span> distinct = new TreeSet<>(order);
    for (Span span : choices.spans()) {
      if (span.length() > 0) {
        distinct.add(new Span("", span.start(), span.end()));
      }
    }
    return new ArrayList<>(distinct);
  }
}
