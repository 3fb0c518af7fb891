package io.inboxcheck.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Where the steps of a choice sequence lie, so the shrinker can edit whole steps: delete several at
 * once, move one earlier, or put another step in one's place.
 *
 * <p>A step is a span labelled {@link Span#STEP}. Its <em>announcement</em> is the choices just
 * before it that belong to it alone, such as a list's "more?" flag: the largest span ending where
 * the step ends that holds no other step. Edits keep every remaining step behind an announcement of
 * the same shape, so the steps after an edited one still parse as steps.
 *
 * @param starts where each step's own choices start, in order
 * @param ends where each step ends (exclusive)
 * @param leads where each step's announcement starts; equal to its start when it has none
 */
record StepLayout(List<Integer> starts, List<Integer> ends, List<Integer> leads) {

  /** The steps of {@code choices}, outermost ones only, in order. */
  static StepLayout of(ChoiceSequence choices) {
    List<Span> steps = new ArrayList<>();
    for (Span span : choices.spans()) {
      if (span.label().equals(Span.STEP) && span.length() > 0) {
        steps.add(span);
      }
    }
    steps.sort(Comparator.comparingInt(Span::start).thenComparing(s -> -s.end()));
    List<Span> outermost = new ArrayList<>();
    for (Span step : steps) {
      if (outermost.isEmpty() || step.start() >= outermost.get(outermost.size() - 1).end()) {
        outermost.add(step);
      }
    }
    List<Integer> starts = new ArrayList<>();
    List<Integer> ends = new ArrayList<>();
    List<Integer> leads = new ArrayList<>();
    for (int index = 0; index < outermost.size(); index++) {
      Span step = outermost.get(index);
      int previousEnd = index == 0 ? 0 : outermost.get(index - 1).end();
      int lead = step.start();
      for (Span span : choices.spans()) {
        if (span.end() == step.end() && span.start() < lead && span.start() >= previousEnd) {
          lead = span.start();
        }
      }
      starts.add(step.start());
      ends.add(step.end());
      leads.add(lead);
    }
    return new StepLayout(starts, ends, leads);
  }

  int size() {
    return starts.size();
  }

  /**
   * {@code values} without the steps in {@code removed}. A run of removed steps goes with its
   * announcement; a run without one (a list's mandatory first element) takes the next step's
   * announcement instead, so that step moves into its place.
   */
  List<Long> without(List<Long> values, Set<Integer> removed) {
    return edited(values, removed, -1, List.of());
  }

  /**
   * {@code values} without the steps in {@code removed} and with step {@code replaced}'s own
   * choices (from its start to its end) replaced by {@code replacement}.
   */
  List<Long> edited(List<Long> values, Set<Integer> removed, int replaced, List<Long> replacement) {
    boolean[] dropped = dropped(values.size(), removed);
    List<Long> result = new ArrayList<>();
    for (int position = 0; position < values.size(); position++) {
      if (replaced >= 0 && position == starts.get(replaced)) {
        result.addAll(replacement);
        position = ends.get(replaced) - 1;
      } else if (!dropped[position]) {
        result.add(values.get(position));
      }
    }
    return result;
  }

  /** Where step {@code index} starts once the steps in {@code removed} are gone. */
  int startWithout(int index, Set<Integer> removed) {
    int start = starts.get(index);
    boolean[] dropped = dropped(start, removed);
    int kept = 0;
    for (boolean gone : dropped) {
      kept += gone ? 0 : 1;
    }
    return kept;
  }

  /** Which of the first {@code length} positions removing the steps {@code removed} drops. */
  private boolean[] dropped(int length, Set<Integer> removed) {
    boolean[] dropped = new boolean[length];
    for (int first = 0; first < size(); first++) {
      if (!removed.contains(first) || removed.contains(first - 1)) {
        continue;
      }
      int last = first;
      while (removed.contains(last + 1)) {
        last++;
      }
      int from = leads.get(first);
      int to = ends.get(last);
      if (from == starts.get(first) && last + 1 < size()) {
        to = starts.get(last + 1);
      }
      for (int position = from; position < Math.min(to, length); position++) {
        dropped[position] = true;
      }
    }
    return dropped;
  }

  /**
   * {@code values} with step {@code moved} (and its announcement) placed before step {@code
   * before}, which must come earlier.
   */
  List<Long> movedEarlier(List<Long> values, int moved, int before) {
    List<Long> result = new ArrayList<>(values.subList(0, starts.get(before)));
    result.addAll(values.subList(starts.get(moved), ends.get(moved)));
    result.addAll(values.subList(leads.get(moved), starts.get(moved)));
    result.addAll(values.subList(starts.get(before), leads.get(moved)));
    result.addAll(values.subList(ends.get(moved), values.size()));
    return result;
  }
}
