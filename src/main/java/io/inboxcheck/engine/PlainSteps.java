package io.inboxcheck.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The one-at-a-time sweep's plain steps ({@link StepPasses#removeEachOnItsOwn}): each step replaced
 * by a step of the simplest kind that keeps the optional parts ({@link Span#OPTIONAL}) drawn beside
 * it, such as a crash case's kill. The other passes cannot make this edit: replacing a step's kind
 * alone leaves its optional parts reading choices the old kind drew for something else.
 *
 * @param <T> the type of generated value
 */
final class PlainSteps<T> {
  private final Shrinker<T> shrinker;

  PlainSteps(Shrinker<T> shrinker) {
    this.shrinker = shrinker;
  }

  /**
   * Puts a step of the simplest kind (kind 0) in step {@code step}'s place, keeping what was drawn
   * beside it; failing that, and when there are other steps, tries that step alone. One drawn step
   * may make several steps of a scenario (two snapshots of which the newer overtakes, a reused id
   * and its first delivery), each with its own optional part, where the failure needs only one of
   * them: this is the candidate that shows it. The plain step alone is for a step that depends on
   * the ones before it (a reused id needs its first delivery), and for a plain step that takes more
   * choices than the old one, which is not smaller unless the other steps go with it.
   */
  boolean plainestKind(int step) {
    if (plainestKindKeepingParts(step, Set.of())) {
      return true;
    }
    int steps = layout().size();
    Set<Integer> others = new HashSet<>();
    for (int other = 0; other < steps; other++) {
      others.add(other);
    }
    others.remove(step);
    return steps > 1 && step < steps && plainestKindKeepingParts(step, others);
  }

  /**
   * Step {@code step} as a step of the simplest kind (kind 0), the steps in {@code removed}
   * deleted, and the optional parts drawn beside the old step (a crash case's kill) carried over in
   * order, those in their simplest form last. Replacing the kind alone ({@link #replaceSteps})
   * would leave the parts reading choices the old kind drew for something else. Costs two
   * candidates: the new kind is run up to its end to learn how many choices it takes, then the
   * whole sequence.
   */
  private boolean plainestKindKeepingParts(int step, Set<Integer> removed) {
    StepLayout layout = layout();
    List<Long> values = values();
    int start = layout.starts().get(step);
    if (values.get(start) == 0L && removed.isEmpty()) {
      return false;
    }
    List<List<Long>> carried = new ArrayList<>();
    List<List<Long>> simplest = new ArrayList<>();
    for (Span part : partsWithin(shrinker.best(), start, layout.ends().get(step))) {
      List<Long> choices = values.subList(part.start(), part.end());
      (choices.equals(List.of(0L)) ? simplest : carried).add(List.copyOf(choices));
    }
    if (carried.isEmpty()) {
      return false; // nothing drawn beside it to keep: replaceSteps tries plain kinds
    }
    carried.addAll(simplest);
    List<Long> raw = new ArrayList<>();
    raw.add(0L);
    raw.addAll(values.subList(start + 1, layout.ends().get(step)));
    int newStart = layout.startWithout(step, removed);
    int acceptedBefore = shrinker.acceptedSteps();
    ChoiceSequence consumed =
        shrinker.probe(layout.edited(values, removed, step, raw).subList(0, newStart + raw.size()));
    if (shrinker.acceptedSteps() > acceptedBefore) {
      return true;
    }
    Span newStep =
        consumed.spans().stream()
            .filter(span -> span.label().equals(Span.STEP) && span.start() == newStart)
            .findFirst()
            .orElse(null);
    if (newStep == null || consumed.values().get(newStart) != 0L) {
      return false;
    }
    List<Long> replacement = new ArrayList<>();
    int position = newStep.start();
    int next = 0;
    for (Span part : partsWithin(consumed, newStep.start(), newStep.end())) {
      replacement.addAll(consumed.values().subList(position, part.start()));
      replacement.addAll(next < carried.size() ? carried.get(next++) : List.of(0L));
      position = part.end();
    }
    replacement.addAll(consumed.values().subList(position, newStep.end()));
    List<Long> candidate = layout.edited(values, removed, step, replacement);
    return removed.isEmpty()
        ? shrinker.considerAfresh(candidate)
        : shrinker.considerFewerSteps(candidate);
  }

  /** The outermost optional parts between {@code start} and {@code end} of {@code choices}. */
  private static List<Span> partsWithin(ChoiceSequence choices, int start, int end) {
    List<Span> parts = new ArrayList<>();
    choices.spans().stream()
        .filter(span -> span.label().equals(Span.OPTIONAL))
        .filter(span -> span.start() >= start && span.end() <= end && span.length() > 0)
        .sorted(Comparator.comparingInt(Span::start).thenComparing(span -> -span.end()))
        .forEach(
            span -> {
              if (parts.isEmpty() || span.start() >= parts.get(parts.size() - 1).end()) {
                parts.add(span);
              }
            });
    return parts;
  }

  /** How many candidates {@link #plainestKind} tries over every step of the current failure. */
  int candidates() {
    StepLayout layout = layout();
    List<Long> values = values();
    int candidates = 0;
    for (int step = 0; step < layout.size(); step++) {
      boolean kept =
          partsWithin(shrinker.best(), layout.starts().get(step), layout.ends().get(step)).stream()
              .anyMatch(part -> !(part.length() == 1 && values.get(part.start()) == 0L));
      if (kept) {
        // A probe and a candidate for the plain kind in place, as many again for it alone.
        boolean plainAlready = values.get(layout.starts().get(step)) == 0L;
        candidates += (plainAlready ? 0 : 2) + (layout.size() > 1 ? 2 : 0);
      }
    }
    return candidates;
  }

  private StepLayout layout() {
    return StepLayout.of(shrinker.best());
  }

  private List<Long> values() {
    return shrinker.best().values();
  }
}
