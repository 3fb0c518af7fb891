package io.inboxcheck.engine;

import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.LongPredicate;

/**
 * Minimises a failing choice sequence while keeping its failure signature.
 *
 * <p>Every pass proposes edited sequences; a candidate is executed only if it is shortlex-smaller
 * than the current best, and accepted only if the sequence it actually consumed fails with the same
 * signature and is itself shortlex-smaller. Because the order is total and the passes visit
 * candidates in a fixed order, the result depends only on the starting sequence.
 *
 * @param <T> the type of generated value
 */
final class Shrinker<T> {

  /** Block sizes tried when deleting or zeroing runs of adjacent choices. */
  private static final int[] BLOCK_SIZES = {8, 4, 2, 1};

  /**
   * What "smaller" means: fewer steps first, then shortlex. A scenario of two steps reads more
   * simply than one of three even when it takes a few more choices. Both parts are well-founded, so
   * shrinking still terminates, and the result still depends only on the starting sequence.
   */
  static final Comparator<ChoiceSequence> ORDER =
      Comparator.<ChoiceSequence>comparingInt(choices -> StepLayout.of(choices).size())
          .thenComparing(
              (left, right) -> ChoiceSequence.compareShortlex(left.values(), right.values()));

  /** Values from this one up are first tried at the power-of-two edge just below them. */
  private static final long SMALLEST_EDGE = 256;

  /** Longer candidates are not remembered, so the rejection cache stays small. */
  private static final int MAX_CACHED_LENGTH = 2_000;

  /** The outcome of shrinking: the smallest failure found, the work spent and why it stopped. */
  record Result<T>(TestCaseResult<T> best, int acceptedSteps, int attempts, ShrinkStop stop) {}

  private final Function<List<Long>, TestCaseResult<T>> executor;
  private final Limits limits;
  private final Deadline deadline;
  private final Set<String> signatures = new HashSet<>();
  private final Set<List<Long>> rejected = new HashSet<>();
  private final StepPasses<T> steps = new StepPasses<>(this);
  private final ValuePasses<T> valuePasses = new ValuePasses<>(this);
  private TestCaseResult<T> best;
  private int acceptedSteps;
  private int attempts;

  /** Whether attempts are kept back from the other passes for the last one-at-a-time sweeps. */
  private boolean reserving;

  /** How many attempts are kept back, and for which failure that was counted. */
  private int reserve;

  private TestCaseResult<T> reserveCountedFor;

  /** Whether a completed one-at-a-time sweep found nothing to remove from the current failure. */
  private boolean oneMinimal;

  /** A shrinker whose time limit, if {@code limits} sets one, starts now. */
  Shrinker(
      Function<List<Long>, TestCaseResult<T>> executor, TestCaseResult<T> failure, Limits limits) {
    this(
        executor,
        failure,
        limits,
        limits.maxShrinkTime().map(Deadline::after).orElse(Deadline.NONE));
  }

  /** A shrinker that stops with {@link ShrinkStop.Reason#TIME} once {@code deadline} passes. */
  Shrinker(
      Function<List<Long>, TestCaseResult<T>> executor,
      TestCaseResult<T> failure,
      Limits limits,
      Deadline deadline) {
    if (!failure.failed()) {
      throw new IllegalArgumentException("can only shrink a failing test case");
    }
    this.executor = executor;
    this.limits = limits;
    this.deadline = deadline;
    // The failure itself, or another check the same value failed at the same point: the same
    // mistake, seen by another check, whose smallest demonstration may be smaller still.
    signatures.add(failure.signature());
    signatures.addAll(failure.alsoBroken());
    this.best = failure;
  }

  /** Runs all passes repeatedly until a round makes no progress or a limit is reached. */
  Result<T> shrink() {
    boolean optionalParts = steps.hasOptionalParts();
    ShrinkStop.Reason reason = runRounds(optionalParts);
    if (optionalParts && !oneMinimal) {
      // The candidates kept back: the last sweep, so a case cut short by the budget is still one
      // from which no single step or optional part can be removed, when the reserve suffices.
      reserving = false;
      oneMinimal = steps.removeEachOnItsOwn();
    }
    ShrinkStop stop = new ShrinkStop(reason, limits, optionalParts && oneMinimal);
    return new Result<>(best, acceptedSteps, attempts, stop);
  }

  private ShrinkStop.Reason runRounds(boolean optionalParts) {
    for (int round = 0; ; round++) {
      if (optionalParts && !exhausted()) {
        // Removing each step and each optional part on its own costs a candidate each, and is
        // what a person tries first: before any pass that spends many candidates on small edits.
        // Every pass, this sweep too, leaves as many candidates as two sweeps of the current
        // failure take, for the last sweeps (reserve()).
        reserving = true;
        oneMinimal = steps.removeEachOnItsOwn();
      }
      if (exhausted()) {
        return attemptsSpent() ? ShrinkStop.Reason.STEP_BUDGET : ShrinkStop.Reason.TIME;
      }
      if (round >= limits.maxShrinkPasses()) {
        return ShrinkStop.Reason.ROUND_LIMIT;
      }
      List<Long> before = values();
      steps.deleteSteps();
      deleteSpans();
      deleteBlocks();
      zeroBlocks();
      lowerChoices();
      valuePasses.lowerDuplicates();
      valuePasses.redistributePairs();
      steps.moveStepsEarlier();
      if (values().equals(before)) {
        // The costliest pass runs only once the others are stuck.
        steps.replaceSteps();
        steps.shrinkSetup();
      }
      // A round cut short by a limit proves nothing; only a whole round without progress does.
      if (values().equals(before) && !exhausted()) {
        return ShrinkStop.Reason.FIXPOINT;
      }
    }
  }

  /** Deletes whole spans, largest first, so entire steps or list elements vanish at once. */
  private void deleteSpans() {
    int index = 0;
    while (!exhausted()) {
      List<Span> spans = ChoiceEdits.distinctSpansLargestFirst(best.choices());
      if (index >= spans.size()) {
        return;
      }
      Span span = spans.get(index);
      // After a success the span list changes, so the same index now names a different span.
      if (!consider(ChoiceEdits.without(values(), span.start(), span.end()))) {
        index++;
      }
    }
  }

  /** Deletes runs of adjacent choices, walking backwards so earlier positions stay valid. */
  private void deleteBlocks() {
    for (int size : BLOCK_SIZES) {
      int start = values().size() - size;
      while (start >= 0 && !exhausted()) {
        consider(ChoiceEdits.without(values(), start, start + size));
        start = Math.min(start - 1, values().size() - size);
      }
    }
  }

  /** Sets runs of adjacent choices to zero, which simplifies correlated choices together. */
  private void zeroBlocks() {
    for (int size : BLOCK_SIZES) {
      if (size == 1) {
        continue; // lowerChoices() tries zero first for single choices.
      }
      for (int start = 0; start + size <= values().size() && !exhausted(); start++) {
        List<Long> candidate = ChoiceEdits.zeroed(values(), start, start + size);
        if (!candidate.equals(values())) {
          consider(candidate);
        }
      }
    }
  }

  /**
   * Lowers each choice to the smallest value that still fails: first to the nearest power-of-two
   * edge below a large value (a bug at 2^31 fails from there on, not below), then by binary search.
   */
  private void lowerChoices() {
    for (int index = 0; index < values().size() && !exhausted(); index++) {
      int position = index;
      LongPredicate attempt =
          value ->
              position < values().size()
                  && consider(ChoiceEdits.replaced(values(), List.of(position), value));
      long value = values().get(position);
      if (value >= SMALLEST_EDGE) {
        long edge = Long.highestOneBit(value);
        if (!attempt.test(edge - 1) && edge != value) {
          attempt.test(edge);
        }
      }
      if (position < values().size()) {
        valuePasses.minimise(values().get(position), attempt);
      }
    }
  }

  /**
   * Executes {@code candidate} whatever its order, to learn what it consumes; keeps what it
   * consumed if that is a smaller failure of the same kind. Used by passes that must run a step to
   * know its length.
   */
  ChoiceSequence probe(List<Long> candidate) {
    attempts++;
    TestCaseResult<T> result = executor.apply(candidate);
    keepIfSmaller(result);
    return result.choices();
  }

  /** Executes {@code candidate} if it is new and smaller; keeps it if it fails the same way. */
  boolean consider(List<Long> candidate) {
    return ChoiceSequence.compareShortlex(candidate, values()) < 0 && considerFewerSteps(candidate);
  }

  /**
   * Executes {@code candidate}, which may hold more choices than the current failure but is meant
   * to have fewer steps; keeps it if it fails the same way and is smaller in {@link #ORDER}.
   */
  boolean considerFewerSteps(List<Long> candidate) {
    if (exhausted()) {
      return false;
    }
    if (candidate.size() <= MAX_CACHED_LENGTH && !rejected.add(candidate)) {
      return false;
    }
    attempts++;
    return keepIfSmaller(executor.apply(candidate));
  }

  /**
   * Executes {@code candidate} even when it was rejected before, and keeps it if it fails the same
   * way and is smaller in {@link #ORDER}. Where a failure depends on timing (a kill inside a
   * request), one run that did not fail proves little, so the one-at-a-time sweep tries its
   * removals afresh each time rather than trusting an earlier rejection.
   */
  boolean considerAfresh(List<Long> candidate) {
    if (exhausted()) {
      return false;
    }
    attempts++;
    return keepIfSmaller(executor.apply(candidate));
  }

  private boolean keepIfSmaller(TestCaseResult<T> result) {
    if (result.failed()
        && signatures.contains(result.signature())
        && ORDER.compare(result.choices(), best.choices()) < 0) {
      best = result;
      acceptedSteps++;
      oneMinimal = false;
      return true;
    }
    return false;
  }

  /** The smallest failure found so far. */
  ChoiceSequence best() {
    return best.choices();
  }

  int acceptedSteps() {
    return acceptedSteps;
  }

  boolean exhausted() {
    return attemptsSpent() || deadline.passed();
  }

  private boolean attemptsSpent() {
    return attempts >= limits.maxShrinkAttempts() - reserve();
  }

  /**
   * The attempts kept back for the last sweep: as many as two sweeps of the current failure. A
   * sweep that removes or simplifies something starts again on the result, which costs no more than
   * the first; with one sweep kept back, a candidate that failed this time and passed the last (a
   * kill that lands elsewhere inside a request) left the case unproven.
   */
  private int reserve() {
    if (!reserving) {
      return 0;
    }
    if (reserveCountedFor != best) {
      reserve = 2 * steps.oneAtATimeCandidates();
      reserveCountedFor = best;
    }
    return reserve;
  }

  List<Long> values() {
    return best.choices().values();
  }
}
