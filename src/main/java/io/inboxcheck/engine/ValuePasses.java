package io.inboxcheck.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongPredicate;

/**
 * The shrinker's passes over several values at once: lowering equal values together, moving one
 * value onto another, and the binary search every lowering uses.
 *
 * @param <T> the type of generated value
 */
final class ValuePasses<T> {
  /** How far apart two choices may be for the redistribution pass to pair them. */
  private static final int REDISTRIBUTION_WINDOW = 8;

  /** Value groups the duplicate-lowering pass handles per round, to bound its cost. */
  private static final int MAX_DUPLICATE_GROUPS = 32;

  /** Copies of one value that the pairwise duplicate pass combines, to bound its cost. */
  private static final int MAX_PAIRED_COPIES = 6;

  private final Shrinker<T> shrinker;

  ValuePasses(Shrinker<T> shrinker) {
    this.shrinker = shrinker;
  }

  /**
   * Lowers copies of a repeated value together, for failures that need equal values.
   *
   * <p>All copies are tried first; if that fails, each pair of the first few copies is tried,
   * because unrelated choices (such as a list's "more?" flags) often share the same value.
   */
  void lowerDuplicates() {
    Map<Long, List<Integer>> positionsByValue = new TreeMap<>();
    List<Long> snapshot = values();
    for (int index = 0; index < snapshot.size(); index++) {
      if (snapshot.get(index) > 0) {
        positionsByValue.computeIfAbsent(snapshot.get(index), v -> new ArrayList<>()).add(index);
      }
    }
    int groups = 0;
    for (Map.Entry<Long, List<Integer>> entry : positionsByValue.entrySet()) {
      List<Integer> positions = entry.getValue();
      if (positions.size() < 2 || groups++ >= MAX_DUPLICATE_GROUPS || exhausted()) {
        continue;
      }
      if (!lowerTogether(entry.getKey(), positions)) {
        lowerPairs(entry.getKey(), positions);
      }
    }
  }

  private void lowerPairs(long value, List<Integer> positions) {
    int count = Math.min(positions.size(), MAX_PAIRED_COPIES);
    for (int first = 0; first < count; first++) {
      for (int second = first + 1; second < count && !exhausted(); second++) {
        if (lowerTogether(value, List.of(positions.get(first), positions.get(second)))) {
          return;
        }
      }
    }
  }

  /** Lowers the choices at {@code positions} (all equal to {@code value}); true on progress. */
  private boolean lowerTogether(long value, List<Integer> positions) {
    int last = positions.get(positions.size() - 1);
    int acceptedBefore = shrinker.acceptedSteps();
    minimise(
        value,
        candidate ->
            last < values().size()
                && consider(ChoiceEdits.replaced(values(), positions, candidate)));
    return shrinker.acceptedSteps() > acceptedBefore;
  }

  /**
   * Moves the whole value of one choice onto a nearby later one.
   *
   * <p>Needed when only the total matters (a sum over a list): no single deletion or lowering keeps
   * such a failure, but emptying one element into another does, after which the emptied element can
   * be deleted.
   */
  void redistributePairs() {
    for (int first = 0; first < values().size() && !exhausted(); first++) {
      int limit = first + REDISTRIBUTION_WINDOW;
      for (int second = first + 1; second <= limit && !exhausted(); second++) {
        List<Long> current = values();
        if (second >= current.size() || current.get(first) == 0) {
          break;
        }
        consider(ChoiceEdits.moved(current, first, second));
      }
    }
  }

  /**
   * Finds the smallest value in {@code [0, current)} that {@code attempt} accepts.
   *
   * <p>Assumes acceptance is roughly monotone; when it is not, this still ends at a value no larger
   * than {@code current}, just not necessarily the global minimum.
   */
  void minimise(long current, LongPredicate attempt) {
    if (current == 0 || attempt.test(0)) {
      return;
    }
    long rejectedAt = 0;
    long acceptedAt = current;
    while (acceptedAt - rejectedAt > 1 && !exhausted()) {
      long middle = rejectedAt + (acceptedAt - rejectedAt) / 2;
      if (attempt.test(middle)) {
        acceptedAt = middle;
      } else {
        rejectedAt = middle;
      }
    }
  }

  private boolean consider(List<Long> candidate) {
    return shrinker.consider(candidate);
  }

  private boolean exhausted() {
    return shrinker.exhausted();
  }

  private List<Long> values() {
    return shrinker.values();
  }
}
