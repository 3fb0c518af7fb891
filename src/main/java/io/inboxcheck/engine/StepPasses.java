package io.inboxcheck.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The shrinker's passes over whole steps ({@link Span#STEP} spans): delete blocks and pairs of
 * steps, move a step earlier, and replace a step by one of another kind. The value passes cannot
 * make these edits, because a step's choices mean something only after the right kind.
 *
 * @param <T> the type of generated value
 */
final class StepPasses<T> {
  /** Sizes of the blocks of consecutive steps deleted at once. */
  private static final int[] BLOCK_SIZES = {8, 4, 2, 1};

  /** Up to this many steps, every pair of steps is tried, and a replacement with a deletion. */
  static final int MAX_STEPS_FOR_PAIRS = 6;

  /** The largest block of setup choices deleted together with lowering a count. */
  static final int MAX_SETUP_BLOCK = 8;

  /** The kinds tried in a step's place; a kind draw bounded lower than this stops earlier. */
  static final int MAX_KINDS = 32;

  private final Shrinker<T> shrinker;
  private final PlainSteps<T> plainSteps;

  StepPasses(Shrinker<T> shrinker) {
    this.shrinker = shrinker;
    this.plainSteps = new PlainSteps<>(shrinker);
  }

  /** Deletes blocks of consecutive steps, largest first, then pairs of steps that lie apart. */
  void deleteSteps() {
    for (int size : BLOCK_SIZES) {
      for (int first = layout().size() - size; first >= 0 && !shrinker.exhausted(); first--) {
        StepLayout layout = layout();
        if (first + size <= layout.size()) {
          shrinker.considerFewerSteps(layout.without(values(), range(first, first + size)));
        }
      }
    }
    for (int first = 0; first < layout().size() && small(); first++) {
      for (int second = first + 2; second < layout().size() && small(); second++) {
        shrinker.considerFewerSteps(layout().without(values(), Set.of(first, second)));
      }
    }
  }

  /**
   * Deletes each step on its own, last first; puts the simplest kind of step in each step's place,
   * keeping its optional parts; reduces each optional part ({@link Span#OPTIONAL}) to its simplest
   * form; deletes each element of the setup (such as an initial card) or makes it plainer (its
   * choices after the first, which announces it, set to 0). Sweeps until one whole sweep changes
   * nothing, and returns whether such a sweep completed: then no single step, optional part or
   * setup element can be removed from the current failure, which is one-minimal.
   */
  boolean removeEachOnItsOwn() {
    boolean progress = true;
    while (progress) {
      progress = false;
      for (int step = layout().size() - 1; step >= 0; step--) {
        if (shrinker.exhausted()) {
          return false;
        }
        // A success shifts only the steps after this one: carry on with the one before it.
        progress |=
            step < layout().size()
                && shrinker.considerAfresh(layout().without(values(), Set.of(step)));
      }
      for (int step = layout().size() - 1; step >= 0; step--) {
        if (shrinker.exhausted()) {
          return false;
        }
        progress |= step < layout().size() && plainSteps.plainestKind(step);
      }
      for (int index = removableParts().size() - 1; index >= 0; index--) {
        if (shrinker.exhausted()) {
          return false;
        }
        List<Span> parts = removableParts();
        progress |=
            index < parts.size() && shrinker.considerAfresh(replacedBy(parts.get(index), 1));
      }
      // The setup last, once the kills that make every candidate slow are gone: an initial card
      // no step needs, or values no step reads, are what a person should not have to look past.
      for (int index = setupElements().size() - 1; index >= 0; index--) {
        if (shrinker.exhausted()) {
          return false;
        }
        progress |= index < setupElements().size() && removeOrPlain(index);
      }
    }
    return true;
  }

  /** Deletes setup element {@code index}, or else makes it plainer: its choices zeroed. */
  private boolean removeOrPlain(int index) {
    Span element = setupElements().get(index);
    List<Long> without = ChoiceEdits.without(values(), element.start(), element.end());
    if (shrinker.consider(without)) {
      return true;
    }
    // A list drawn to its longest records no "no more" after its last element: once one element
    // is gone, the list needs that stop, or it reads the first step's first choice as one.
    List<Long> stopped = new ArrayList<>(without);
    stopped.add(setupEnd() - element.length(), 0L);
    if (shrinker.consider(stopped)) {
      return true;
    }
    // Past its "more?" choice, if it has one; a list's mandatory first element has none.
    List<Long> plainer = ChoiceEdits.zeroed(values(), element.start() + 1, element.end());
    if (!plainer.equals(values()) && shrinker.consider(plainer)) {
      return true;
    }
    List<Long> plainest = ChoiceEdits.zeroed(values(), element.start(), element.end());
    return !plainest.equals(values()) && shrinker.consider(plainest);
  }

  /** {@code part}'s choices replaced by {@code length} zeros: the simplest form of the part. */
  private List<Long> replacedBy(Span part, int length) {
    List<Long> simplest = new ArrayList<>(values().subList(0, part.start()));
    for (int zero = 0; zero < length; zero++) {
      simplest.add(0L);
    }
    simplest.addAll(values().subList(part.end(), values().size()));
    return simplest;
  }

  /** How many candidates one sweep of {@link #removeEachOnItsOwn} tries at most. */
  int oneAtATimeCandidates() {
    return layout().size()
        + plainSteps.candidates()
        + removableParts().size()
        + 3 * setupElements().size();
  }

  /** Whether the current failure has optional parts, so one-at-a-time removal applies to it. */
  boolean hasOptionalParts() {
    return shrinker.best().spans().stream().anyMatch(span -> span.label().equals(Span.OPTIONAL));
  }

  /** The optional parts not already in their simplest form, in order. */
  private List<Span> removableParts() {
    List<Long> values = values();
    return shrinker.best().spans().stream()
        .filter(span -> span.label().equals(Span.OPTIONAL))
        .filter(span -> !(span.length() == 1 && values.get(span.start()) == 0L))
        .sorted(Comparator.comparingInt(Span::start))
        .toList();
  }

  /**
   * The outermost list elements before the first step (the setup's initial cards, say), in order; a
   * single choice of 0 (the "more?" that ends a list) is as plain as an element gets.
   */
  private List<Span> setupElements() {
    int end = setupEnd();
    List<Long> values = values();
    List<Span> elements =
        shrinker.best().spans().stream()
            .filter(span -> span.label().equals(Choices.LIST_ELEMENT))
            .filter(span -> span.end() <= end && span.length() > 0)
            .filter(span -> !(span.length() == 1 && values.get(span.start()) == 0L))
            .sorted(Comparator.comparingInt(Span::start).thenComparing(span -> -span.end()))
            .toList();
    List<Span> outermost = new ArrayList<>();
    for (Span element : elements) {
      if (outermost.isEmpty() || element.start() >= outermost.get(outermost.size() - 1).end()) {
        outermost.add(element);
      }
    }
    return outermost;
  }

  /** Moves each step before each earlier one, kept only when that sorts the sequence lower. */
  void moveStepsEarlier() {
    for (int moved = 1; moved < layout().size() && !shrinker.exhausted(); moved++) {
      for (int before = 0; before < moved && moved < layout().size(); before++) {
        if (shrinker.consider(layout().movedEarlier(values(), moved, before))) {
          break;
        }
      }
    }
  }

  /**
   * Puts a step of another kind in each step's place, alone and, in short sequences, together with
   * deleting one other step: a failure reached through one kind of step is often reached more
   * simply through another, which then makes a step before it unnecessary.
   */
  void replaceSteps() {
    boolean progress = true;
    while (progress && !shrinker.exhausted()) {
      progress = false;
      for (int step = 0; step < layout().size() && !progress && !shrinker.exhausted(); step++) {
        progress = replaceStep(step);
      }
    }
  }

  private boolean replaceStep(int step) {
    StepLayout layout = layout();
    List<Long> values = values();
    long current = values.get(layout.starts().get(step));
    for (long kind = 0; kind < MAX_KINDS && !shrinker.exhausted(); kind++) {
      if (kind == current) {
        continue;
      }
      for (Set<Integer> removed : removals(layout, step)) {
        Replacement outcome = replace(layout, values, step, kind, removed);
        if (outcome == Replacement.ACCEPTED) {
          return true;
        }
        if (outcome == Replacement.NO_SUCH_KIND) {
          return false;
        }
      }
    }
    return false;
  }

  private enum Replacement {
    ACCEPTED,
    REJECTED,
    NO_SUCH_KIND
  }

  /**
   * Replaces step {@code step} by a step of {@code kind}, deleting the steps in {@code removed}.
   * How many choices the new step takes is only known by running it, so the edited sequence is
   * first run up to that step (a probe), and the choices the new step consumed are then spliced in
   * before the rest.
   */
  private Replacement replace(
      StepLayout layout, List<Long> values, int step, long kind, Set<Integer> removed) {
    int start = layout.starts().get(step);
    List<Long> raw = new java.util.ArrayList<>();
    raw.add(kind);
    raw.addAll(values.subList(start + 1, layout.ends().get(step)));
    int newStart = layout.startWithout(step, removed);
    List<Long> probe = layout.edited(values, removed, step, raw).subList(0, newStart + raw.size());
    int acceptedBefore = shrinker.acceptedSteps();
    ChoiceSequence consumed = shrinker.probe(probe);
    if (shrinker.acceptedSteps() > acceptedBefore) {
      return Replacement.ACCEPTED;
    }
    if (consumed.size() <= newStart || consumed.values().get(newStart) != kind) {
      // The draw was clamped to a lower bound (or never made): no step has this kind.
      return consumed.size() > newStart ? Replacement.NO_SUCH_KIND : Replacement.REJECTED;
    }
    for (Span span : consumed.spans()) {
      if (span.label().equals(Span.STEP) && span.start() == newStart) {
        List<Long> newStep = consumed.values().subList(span.start(), span.end());
        List<Long> candidate = layout.edited(values, removed, step, newStep);
        boolean accepted =
            removed.isEmpty()
                ? shrinker.consider(candidate)
                : shrinker.considerFewerSteps(candidate);
        return accepted ? Replacement.ACCEPTED : Replacement.REJECTED;
      }
    }
    return Replacement.REJECTED;
  }

  /**
   * Lowers a count in the setup (the choices before the first step, such as how many cards there
   * are) by one while deleting the choices that described the last, or the first, thing counted:
   * two cards merge into one, where lowering alone would misread every choice after the count.
   */
  void shrinkSetup() {
    for (int position = 0; position < setupEnd() && !shrinker.exhausted(); position++) {
      for (int size = 1; size <= MAX_SETUP_BLOCK && !shrinker.exhausted(); size++) {
        long value = values().get(position);
        int end = setupEnd();
        if (value == 0 || position + size >= end) {
          break;
        }
        List<Long> lowered = ChoiceEdits.replaced(values(), List.of(position), value - 1);
        if (shrinker.consider(ChoiceEdits.without(lowered, end - size, end))
            || shrinker.consider(ChoiceEdits.without(lowered, position + 1, position + 1 + size))) {
          size = 0; // The count went down: try it again from the smallest block.
        }
      }
    }
  }

  private int setupEnd() {
    StepLayout layout = layout();
    return layout.size() == 0 ? 0 : layout.leads().get(0);
  }

  /** No deletion, then (in short sequences) each other single step deleted. */
  private static List<Set<Integer>> removals(StepLayout layout, int step) {
    List<Set<Integer>> removals = new java.util.ArrayList<>();
    removals.add(Set.of());
    if (layout.size() <= MAX_STEPS_FOR_PAIRS) {
      for (int other = 0; other < layout.size(); other++) {
        if (other != step) {
          removals.add(Set.of(other));
        }
      }
    }
    return removals;
  }

  private boolean small() {
    return !shrinker.exhausted() && layout().size() <= MAX_STEPS_FOR_PAIRS;
  }

  private static Set<Integer> range(int from, int to) {
    return IntStream.range(from, to).boxed().collect(Collectors.toCollection(HashSet::new));
  }

  private StepLayout layout() {
    return StepLayout.of(shrinker.best());
  }

  private List<Long> values() {
    return shrinker.best().values();
  }
}
