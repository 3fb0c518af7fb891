package io.inboxcheck.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * The data source handed to generators: every value they produce is a pure function of the bounded
 * integer choices drawn here.
 *
 * <p>Each draw records a non-negative offset from its simplest value (0 is simplest) and a bound.
 * In random mode choices come from a seeded {@link SplittableRandom}; in replay mode they are read
 * from a stored sequence. Replay has two lenient rules that let the shrinker edit sequences freely:
 *
 * <ul>
 *   <li>past the end of the stored sequence every draw returns its simplest value (offset 0);
 *   <li>a stored offset larger than the current draw's bound is clamped to that bound, so the value
 *       drawn and recorded is the bound (for example {@code integer(0, 9)} replaying 50 yields 9).
 * </ul>
 *
 * <p>The sequence actually consumed, including span boundaries, is available from {@link
 * #recorded()} and replays to the same value. An instance is single-use and not thread-safe.
 */
public final class Choices {

  /** Default maximum number of choices one test case may draw before it is discarded. */
  public static final int MAX_CHOICES = 10_000;

  private final SplittableRandom random;
  private final List<Long> prefix;
  private final int maxChoices;
  private final List<Long> recorded = new ArrayList<>();
  private final List<Span> spans = new ArrayList<>();
  private final Deque<OpenSpan> openSpans = new ArrayDeque<>();
  private boolean overrun;

  private record OpenSpan(String label, int start) {}

  private Choices(SplittableRandom random, List<Long> prefix, int maxChoices) {
    if (maxChoices < 1) {
      throw new IllegalArgumentException("maxChoices must be positive: " + maxChoices);
    }
    this.random = random;
    this.prefix = prefix;
    this.maxChoices = maxChoices;
  }

  /** A random-mode source seeded with {@code seed}, limited to {@link #MAX_CHOICES} draws. */
  public static Choices random(long seed) {
    return random(seed, MAX_CHOICES);
  }

  /** A random-mode source seeded with {@code seed}, limited to {@code maxChoices} draws. */
  public static Choices random(long seed, int maxChoices) {
    return new Choices(new SplittableRandom(seed), List.of(), maxChoices);
  }

  /** A replay-mode source reading {@code choices}, limited to {@link #MAX_CHOICES} draws. */
  public static Choices replay(List<Long> choices) {
    return replay(choices, MAX_CHOICES);
  }

  /** A replay-mode source reading {@code choices}, limited to {@code maxChoices} draws. */
  public static Choices replay(List<Long> choices, int maxChoices) {
    return new Choices(null, List.copyOf(choices), maxChoices);
  }

  /** An integer in {@code [min, max]} inclusive, uniform in random mode, shrinking toward min. */
  public int integer(int min, int max) {
    if (min > max) {
      throw new IllegalArgumentException("min " + min + " > max " + max);
    }
    long bound = (long) max - min;
    long offset = draw(bound, source -> source.nextLong(bound + 1));
    return (int) (min + offset);
  }

  /**
   * A boolean that is true with {@code percentTrue} percent probability; false is simplest.
   *
   * <p>At 0 or 100 percent the result is forced: the choice is still recorded (so later choices
   * keep their positions) but a replayed value cannot change it.
   */
  public boolean bool(int percentTrue) {
    return boolWithProbability(percentTrue / 100.0);
  }

  /**
   * An index into {@code weights}, chosen with probability proportional to its weight.
   *
   * <p>Shrinks toward index 0. A replayed index whose weight is zero is replaced by the lowest
   * index with a positive weight, so a zero weight really means "never".
   */
  public int weighted(int... weights) {
    long total = totalWeight(weights);
    long drawn =
        draw(weights.length - 1L, source -> indexForTicket(weights, source.nextLong(total)));
    int index = (int) drawn;
    if (weights[index] > 0) {
      return index;
    }
    int replacement = indexForTicket(weights, 0);
    recorded.set(recorded.size() - 1, (long) replacement);
    return replacement;
  }

  /** One of {@code options}, uniformly in random mode, shrinking toward the first. */
  public <T> T pick(List<T> options) {
    if (options.isEmpty()) {
      throw new IllegalArgumentException("cannot pick from an empty list");
    }
    return options.get(integer(0, options.size() - 1));
  }

  /**
   * A list of {@code minSize..maxSize} elements, built Hypothesis-style so it shrinks well.
   *
   * <p>Each optional element is preceded by a "more?" boolean choice, and that choice plus the
   * element's own choices form one span labelled {@code "list-element"}. Deleting such a span
   * therefore removes exactly one element; lowering a "more?" choice to 0 truncates the list. The
   * first {@code minSize} elements are mandatory and have no "more?" choice. The average length in
   * random mode is {@code min(max(2 * minSize, minSize + 5), (minSize + maxSize) / 2)}.
   */
  public <T> List<T> list(int minSize, int maxSize, Function<Choices, T> element) {
    if (minSize < 0 || maxSize < minSize) {
      throw new IllegalArgumentException("invalid size range [" + minSize + ", " + maxSize + "]");
    }
    double continueProbability = continueProbability(minSize, maxSize);
    List<T> result = new ArrayList<>();
    while (result.size() < maxSize) {
      startSpan(LIST_ELEMENT);
      boolean mandatory = result.size() < minSize;
      if (!mandatory && !boolWithProbability(continueProbability)) {
        endSpan();
        break;
      }
      result.add(element.apply(this));
      endSpan();
    }
    return result;
  }

  /** The label of the span of one element of a {@link #list}, its "more?" choice included. */
  public static final String LIST_ELEMENT = "list-element";

  /** Runs {@code body} inside a span labelled {@code label} and returns its result. */
  public <T> T span(String label, Function<Choices, T> body) {
    startSpan(label);
    T value = body.apply(this);
    endSpan();
    return value;
  }

  /** Opens a span labelled {@code label}; spans nest and must be closed by {@link #endSpan()}. */
  public void startSpan(String label) {
    openSpans.push(new OpenSpan(Objects.requireNonNull(label, "label"), recorded.size()));
  }

  /** Closes the most recently opened span. */
  public void endSpan() {
    if (openSpans.isEmpty()) {
      throw new IllegalStateException("endSpan() without a matching startSpan()");
    }
    OpenSpan open = openSpans.pop();
    spans.add(new Span(open.label(), open.start(), recorded.size()));
  }

  /** The choices consumed so far with the closed spans; spans still open are left out. */
  public ChoiceSequence recorded() {
    return new ChoiceSequence(recorded, spans);
  }

  /** Whether this test case tried to draw more choices than its limit allowed. */
  public boolean overrun() {
    return overrun;
  }

  /** Number of choices drawn so far. */
  public int size() {
    return recorded.size();
  }

  private boolean boolWithProbability(double probability) {
    if (probability <= 0 || probability >= 1) {
      long forced = probability >= 1 ? 1 : 0;
      draw(1, source -> forced);
      recorded.set(recorded.size() - 1, forced);
      return forced == 1;
    }
    return draw(1, source -> source.nextDouble() < probability ? 1 : 0) == 1;
  }

  /** Draws one offset in {@code [0, bound]} from the replay prefix or the random source. */
  private long draw(long bound, ToLongFunction<SplittableRandom> randomOffset) {
    if (overrun || recorded.size() >= maxChoices) {
      overrun = true;
      throw new OverrunException(maxChoices);
    }
    long offset;
    if (random == null) {
      int index = recorded.size();
      offset = index < prefix.size() ? Math.min(prefix.get(index), bound) : 0;
    } else {
      offset = randomOffset.applyAsLong(random);
    }
    recorded.add(offset);
    return offset;
  }

  private static double continueProbability(int minSize, int maxSize) {
    double average = Math.min(Math.max(2.0 * minSize, minSize + 5.0), (minSize + maxSize) / 2.0);
    double extra = Math.max(average - minSize, 0);
    // A geometric number of "more" answers with continue probability p has mean p / (1 - p).
    return extra / (extra + 1);
  }

  private static long totalWeight(int[] weights) {
    if (weights.length == 0) {
      throw new IllegalArgumentException("weighted() needs at least one weight");
    }
    long total = 0;
    for (int weight : weights) {
      if (weight < 0) {
        throw new IllegalArgumentException("weights must be non-negative: " + weight);
      }
      total += weight;
    }
    if (total == 0) {
      throw new IllegalArgumentException("at least one weight must be positive");
    }
    return total;
  }

  private static int indexForTicket(int[] weights, long ticket) {
    long remaining = ticket;
    for (int index = 0; index < weights.length; index++) {
      if (remaining < weights[index]) {
        return index;
      }
      remaining -= weights[index];
    }
    throw new IllegalStateException("ticket " + ticket + " beyond total weight");
  }
}
