package io.inboxcheck.bench;

import io.inboxcheck.explore.BruteForce;
import io.inboxcheck.explore.ExplorableReceiver;
import io.inboxcheck.explore.Exploration;
import io.inboxcheck.explore.Explorer;
import io.inboxcheck.explore.Reduction;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.StrictJson;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ReceiverState;
import io.inboxcheck.model.Reducer;
import io.inboxcheck.scenario.Scenario;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Throughput measurements, each repeated and compared with a baseline run in the same process, so
 * the ratios mean something on any machine. Not a test: nothing here asserts a time.
 */
public final class Benchmarks {
  private Benchmarks() {}

  /** The most deliveries one exploration-suite run makes: bounded so its envelopes fit the heap. */
  public static final int MOST_DELIVERIES = 1 << 28;

  /** What to measure. */
  public record Config(
      int cards,
      int deliveries,
      int repeats,
      Scenario guide,
      Scenario large,
      Scenario oneCard,
      long bruteForceOrders) {}

  /**
   * Orders of the one-card scenario brute force runs before its time is extrapolated to all of
   * them: enough for a steady rate, a few seconds in all.
   */
  public static final long ONE_CARD_BRUTE_FORCE_ORDERS = 2_000;

  /**
   * One measured quantity.
   *
   * @param best the best of the repeats, per second
   * @param median the median of the repeats, per second
   * @param ratio best divided by the baseline's best (0 when not compared)
   */
  public record Measurement(String name, String unit, double best, double median, double ratio) {}

  /** Brute force against the reduced search on the guide, measured in one run. */
  public record Comparison(
      long orders,
      long bruteForceOrdersRun,
      double bruteForceSeconds,
      double bruteForceSecondsForAll,
      boolean bruteForceExtrapolated,
      double memoSeconds,
      long memoStates,
      double fullSeconds,
      long fullStates) {}

  /**
   * One exploration of every arrival order of a one-card scenario, against brute force.
   *
   * @param orders the arrival orders the exploration represents
   * @param seconds how long the exploration took
   * @param states its distinct states
   * @param peakHeapBytes the most heap in use during it, summed over the heap's pools
   * @param bruteForceOrdersRun orders brute force ran, one by one, in the same process
   * @param bruteForceSecondsForAll brute force's time extrapolated to every order
   */
  public record OneCard(
      long orders,
      double seconds,
      long states,
      long peakHeapBytes,
      long bruteForceOrdersRun,
      double bruteForceSecondsForAll) {

    public double statesPerSecond() {
      return states / seconds;
    }
  }

  public record Results(List<Measurement> measurements, Comparison comparison, OneCard oneCard) {}

  public static Results run(Config config) throws InputRejected {
    List<Envelope> envelopes = envelopes(config.cards(), config.deliveries());
    List<String> texts = envelopes.stream().map(Envelope::text).toList();
    double[] baseline = repeat(config.repeats(), () -> baseline(config.cards(), envelopes));
    double[] reducer = repeat(config.repeats(), () -> reducer(config.cards(), envelopes));
    double[] endToEnd = repeat(config.repeats(), () -> endToEnd(config.cards(), texts));
    List<Measurement> measurements = new ArrayList<>();
    double base = best(baseline);
    measurements.add(
        measurement("baseline: map lookup and replace per delivery", "deliveries/s", baseline, 0));
    measurements.add(
        measurement(
            "reducer on pre-parsed events (decide + commit)", "deliveries/s", reducer, base));
    measurements.add(
        measurement(
            "end to end from JSON text (parse + decide + commit)", "deliveries/s", endToEnd, base));
    double[] guideStates =
        repeat(config.repeats(), () -> statesPerSecond(config.guide(), Reduction.MEMO));
    measurements.add(
        measurement("explorer, guide, MEMO (one search)", "distinct states/s", guideStates, 0));
    double[] largeStates =
        repeat(config.repeats(), () -> statesPerSecond(config.large(), Reduction.FULL));
    measurements.add(
        measurement(
            "explorer, 16 deliveries, FULL (4 groups)", "distinct states/s", largeStates, 0));
    return new Results(measurements, compare(config), oneCard(config.oneCard()));
  }

  /** Every order of the one-card scenario, explored once, and its brute-force baseline. */
  static OneCard oneCard(Scenario scenario) {
    System.gc();
    List<MemoryPoolMXBean> heap =
        ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(pool -> pool.getType() == MemoryType.HEAP)
            .toList();
    heap.forEach(MemoryPoolMXBean::resetPeakUsage);
    Exploration exploration = Explorer.explore(scenario, Explorer.Options.DEFAULTS);
    long peak = heap.stream().mapToLong(pool -> pool.getPeakUsage().getUsed()).sum();
    BruteForce.Result brute =
        BruteForce.run(scenario, ExplorableReceiver::model, ONE_CARD_BRUTE_FORCE_ORDERS);
    double forAll = brute.elapsedNanos() / 1e9 * exploration.orders() / brute.orders();
    return new OneCard(
        exploration.orders(),
        exploration.seconds(),
        exploration.states(),
        peak,
        brute.orders(),
        forAll);
  }

  /** The least any receiver does: find the card, compare versions, replace. */
  private static double baseline(int cards, List<Envelope> envelopes) {
    Map<String, long[]> versions = new HashMap<>();
    for (int card = 0; card < cards; card++) {
      versions.put("card-" + card, new long[] {1});
    }
    String[] ids = new String[envelopes.size()];
    long[] numbers = new long[envelopes.size()];
    for (int index = 0; index < ids.length; index++) {
      ids[index] = envelopes.get(index).objectId().orElseThrow();
      numbers[index] = index % 10 + 2;
    }
    long started = System.nanoTime();
    long applied = 0;
    for (int index = 0; index < ids.length; index++) {
      long[] version = versions.get(ids[index]);
      if (numbers[index] > version[0]) {
        version[0] = numbers[index];
        applied++;
      }
    }
    return perSecond(ids.length + (applied & 0), started);
  }

  private static double reducer(int cards, List<Envelope> envelopes) {
    ReceiverState state = state(cards);
    long started = System.nanoTime();
    int step = 1;
    for (Envelope envelope : envelopes) {
      DeliveryOutcome outcome = Reducer.decide(state, envelope);
      state.commit(step++, envelope, outcome);
    }
    return perSecond(envelopes.size(), started);
  }

  private static double endToEnd(int cards, List<String> texts) {
    ReceiverState state = state(cards);
    StrictJson json = new StrictJson();
    long started = System.nanoTime();
    int step = 1;
    for (String text : texts) {
      Envelope envelope;
      try {
        envelope = new Envelope(json.parse("delivery", text), text);
      } catch (InputRejected rejected) {
        throw new IllegalStateException(rejected.getMessage(), rejected);
      }
      DeliveryOutcome outcome = Reducer.decide(state, envelope);
      state.commit(step++, envelope, outcome);
    }
    return perSecond(texts.size(), started);
  }

  private static double statesPerSecond(Scenario scenario, Reduction reduction) {
    Exploration exploration =
        Explorer.explore(scenario, new Explorer.Options(reduction, Explorer.DEFAULT_MAX_STATES));
    return exploration.states() / exploration.seconds();
  }

  private static Comparison compare(Config config) {
    Scenario guide = config.guide();
    Exploration memo =
        Explorer.explore(guide, new Explorer.Options(Reduction.MEMO, Explorer.DEFAULT_MAX_STATES));
    Exploration full = Explorer.explore(guide, Explorer.Options.DEFAULTS);
    BruteForce.Result brute =
        BruteForce.run(guide, ExplorableReceiver::model, config.bruteForceOrders());
    double bruteSeconds = brute.elapsedNanos() / 1e9;
    double forAll = bruteSeconds * memo.orders() / brute.orders();
    return new Comparison(
        memo.orders(),
        brute.orders(),
        bruteSeconds,
        forAll,
        !brute.complete(),
        memo.seconds(),
        memo.states(),
        full.seconds(),
        full.states());
  }

  /**
   * Deliveries over {@code cards} cards, ten per card in rounds: mostly newer versions, with a
   * stale one and an identical redelivery in each ten, so every branch of the reducer is paid for.
   */
  static List<Envelope> envelopes(int cards, int deliveries) {
    List<Envelope> envelopes = new ArrayList<>(deliveries);
    for (int index = 0; index < deliveries; index++) {
      int card = index % cards;
      int round = index / cards;
      if (round % 10 == 9 && index >= cards) {
        envelopes.add(envelopes.get(index - cards));
        continue;
      }
      long version = round % 10 == 5 ? 1 : round + 2;
      TreeMap<String, JsonValue> state = new TreeMap<>();
      state.put("stage", new JsonString(round % 2 == 0 ? "ready" : "building"));
      state.put("label", new JsonString("Card " + card + " r" + round));
      TreeMap<String, JsonValue> members = new TreeMap<>();
      members.put(Envelope.EVENT_ID, new JsonString("e-" + card + "-" + round));
      members.put(Envelope.OBJECT_ID, new JsonString("card-" + card));
      members.put(Envelope.OBJECT_VERSION, JsonNumber.of(version));
      members.put(Envelope.OCCURRED_AT, new JsonString("2024-01-01T08:00:00Z"));
      members.put(Envelope.TYPE, new JsonString("card.snapshot"));
      members.put(Envelope.STATE, new JsonObject(state));
      envelopes.add(new Envelope(new JsonObject(members)));
    }
    return envelopes;
  }

  /** The state every run starts from: {@code cards} cards at version 1. */
  private static ReceiverState state(int cards) {
    Map<String, Card> initial = new HashMap<>();
    JsonObject queued = JsonObject.of(Map.of("stage", new JsonString("queued")));
    for (int card = 0; card < cards; card++) {
      initial.put("card-" + card, new Card(1, queued, false));
    }
    ReceiverState state =
        new ReceiverState(
            initial,
            Set.of("card.snapshot"),
            Duration.ofHours(24),
            Instant.parse("2024-01-01T08:00:00Z"));
    return state;
  }

  private interface Run {
    double perSecond();
  }

  private static double[] repeat(int repeats, Run run) {
    double[] results = new double[repeats];
    for (int index = 0; index < repeats; index++) {
      // Every run starts from a collected heap, not amid the garbage of the state the run before it
      // built and dropped; the collection is outside the timed part.
      System.gc();
      results[index] = run.perSecond();
    }
    return results;
  }

  private static Measurement measurement(String name, String unit, double[] runs, double baseline) {
    double best = best(runs);
    double[] sorted = runs.clone();
    Arrays.sort(sorted);
    return new Measurement(
        name, unit, best, sorted[sorted.length / 2], baseline == 0 ? 0 : best / baseline);
  }

  private static double best(double[] runs) {
    return Arrays.stream(runs).max().orElse(0);
  }

  private static double perSecond(long count, long startedNanos) {
    return count / ((System.nanoTime() - startedNanos) / 1e9);
  }
}
