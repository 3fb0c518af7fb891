package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.engine.Span;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One case of {@code check --crash}: a generated scenario and where the receiver is killed with
 * SIGKILL while it runs. Both are drawn from the engine's choices, so a failing case shrinks to
 * fewer steps and fewer kills, and replaying its choices kills at the same points again.
 *
 * <p>The points are the windows where receivers lose what they acknowledged: right after an answer
 * was read (a receiver that answers and then commits), while a delivery, a reconciliation or a
 * clock move is in flight, between steps, and again and again while the receiver starts up and
 * recovers its storage. A kill point's simplest value is no kill, so shrinking removes kills. The
 * instant of a kill in flight or while starting is drawn as a share of what the receiver was
 * measured to take ({@link Timing}), so kills reach the end of a slow request or a slow start.
 *
 * @param scenario the steps, as the fault-sequence property generates them
 * @param kills one entry per step, in step order; {@link Point#NONE} where nothing is killed
 * @param settleAfter for a receiver that acknowledges on acceptance (SPEC section 3.6), the steps
 *     after which it is asked to decide what it accepted; it is settled after the last step too.
 *     Empty for every other receiver
 */
public record CrashCase(Scenario scenario, List<Kill> kills, Set<Integer> settleAfter) {
  /** Where a kill lands, as {@code check --crash} reports them. */
  public enum Point {
    NONE("no kill"),
    AFTER_ANSWER("right after an answer, before the next request"),
    IN_FLIGHT("while a delivery was in flight"),
    BETWEEN_STEPS("between steps, after the view was read"),
    DURING_RECONCILIATION("while a reconciliation was in flight"),
    DURING_CLOCK_MOVE("while a clock move was in flight"),
    DURING_RECOVERY("while it started again after a kill");

    private final String description;

    Point(String description) {
      this.description = description;
    }

    public String description() {
      return description;
    }
  }

  /**
   * A kill planned at one step.
   *
   * @param step the step's number
   * @param point where the kill lands; for {@link Point#DURING_RECOVERY} the receiver is first
   *     killed after the step, then each time it starts again, once per delay
   * @param delayMicros for an in-flight point, how long after the request was sent
   * @param recoveryDelaysMicros for a recovery point, how long after each start it is killed again
   */
  public record Kill(int step, Point point, long delayMicros, List<Long> recoveryDelaysMicros) {
    public Kill {
      recoveryDelaysMicros = List.copyOf(recoveryDelaysMicros);
    }

    /** How many times the receiver dies for this kill: recovery kills come on top of the first. */
    public int count() {
      return point == Point.NONE ? 0 : 1 + recoveryDelaysMicros.size();
    }
  }

  /**
   * How long the receiver under check takes, measured on it before any case is drawn: a kill in
   * flight lands anywhere in the time a request takes, and a kill while it starts anywhere in the
   * time a start takes, so a receiver that writes a delivery in two transactions late in a slow
   * request, or sweeps its storage late in a slow start, is killed in between.
   *
   * @param requestMicros how long a delivery takes to be answered
   * @param startMicros how long a start takes, until the receiver prints its address
   */
  public record Timing(long requestMicros, long startMicros) {
    /**
     * The times a case is drawn for when nothing was measured: a quick receiver's. Shrinking and
     * its tests, which run no receiver, draw for it.
     */
    public static final Timing UNMEASURED = new Timing(8_000, 150_000);

    public Timing {
      if (requestMicros <= 0 || startMicros <= 0) {
        throw new IllegalArgumentException(
            "times must be positive: " + requestMicros + ", " + startMicros);
      }
    }

    /** How long after its request was sent a kill in flight lands, at most. */
    public long maxInFlightDelayMicros() {
      return requestMicros * SPREAD_PER_MILLE / 1000;
    }

    /** How long after a start a kill while it starts lands, at most. */
    public long maxRecoveryDelayMicros() {
      return startMicros * SPREAD_PER_MILLE / 1000;
    }
  }

  /**
   * A kill's instant is drawn in thousandths of the measured time, up to this many: a fifth past
   * the end too, for a request or a start slower than the ones measured.
   */
  static final int SPREAD_PER_MILLE = 1_200;

  /** How many times in a row a receiver starting again is killed, at most. */
  public static final int MAX_RECOVERY_KILLS = 2;

  /**
   * Weights of {@link Point}, in its order, for each kind of step: kills right after an answer are
   * common, because a few microseconds separate a wrong receiver's answer from its COMMIT and only
   * a kill there sees it; deliveries are killed in flight more often still, since a window between
   * two transactions late in a request is a fifth of the request or less; reconciliations and clock
   * moves are mostly killed while in flight, because they are rare.
   */
  private static final int[] DELIVERY = {40, 25, 30, 5, 0, 0, 8};

  private static final int[] STORAGE_FAULT = {70, 10, 0, 10, 0, 0, 15};
  private static final int[] RECONCILIATION = {25, 5, 0, 5, 60, 0, 10};
  private static final int[] CLOCK_MOVE = {25, 5, 0, 5, 0, 60, 10};

  /** A case for a receiver that decides before it answers: nothing to settle. */
  public CrashCase(Scenario scenario, List<Kill> kills) {
    this(scenario, kills, Set.of());
  }

  public CrashCase {
    kills = List.copyOf(kills);
    settleAfter = Set.copyOf(settleAfter);
    if (kills.size() != scenario.steps().size()) {
      throw new IllegalArgumentException(
          kills.size() + " kill points for " + scenario.steps().size() + " steps");
    }
  }

  /**
   * Draws a scenario and a kill point for each of its steps, right after the step: deleting a step
   * while shrinking deletes its kill, and the other kills stay at their steps.
   */
  public static CrashCase draw(Choices choices) {
    return draw(choices, Timing.UNMEASURED);
  }

  /** Draws a case for a receiver measured to take {@code timing}. */
  public static CrashCase draw(Choices choices, Timing timing) {
    List<Kill> kills = new ArrayList<>();
    Scenario scenario =
        ScenarioGenerator.forCrashes()
            .generate(
                choices,
                "crash",
                (c, step) -> kills.add(c.span(Span.OPTIONAL, k -> kill(k, step, timing))));
    return new CrashCase(scenario, kills);
  }

  /** A settle killed in flight is killed at most this long after it was sent. */
  public static final long MAX_SETTLE_KILL_DELAY_MICROS = 60_000;

  /**
   * Draws a case for a receiver that acknowledges on acceptance: besides each step's kill, whether
   * it is settled after the step, so deliveries queue between settles and kills land while they are
   * accepted and not decided; a kill between steps after a settled step lands while the settle is
   * in flight, {@code delayMicros} after it was sent, while the receiver's workers decide.
   */
  public static CrashCase drawSettling(Choices choices) {
    return drawSettling(choices, Timing.UNMEASURED);
  }

  /** Draws a settling case for a receiver measured to take {@code timing}. */
  public static CrashCase drawSettling(Choices choices, Timing timing) {
    List<Kill> kills = new ArrayList<>();
    SettlePoints settles = SettlePoints.draw(choices);
    Scenario scenario =
        ScenarioGenerator.forCrashes()
            .generate(
                choices,
                "crash",
                (c, step) -> {
                  Kill kill = c.span(Span.OPTIONAL, k -> kill(k, step, timing));
                  if (settles.drawAfter(c, step)) {
                    if (kill.point() == Point.BETWEEN_STEPS) {
                      long delay = c.integer(0, (int) MAX_SETTLE_KILL_DELAY_MICROS);
                      kill = new Kill(kill.step(), kill.point(), delay, List.of());
                    }
                  }
                  kills.add(kill);
                });
    return new CrashCase(scenario, kills, settles.steps());
  }

  /** Whether a receiver that acknowledges on acceptance is settled after {@code step}. */
  public boolean settlesAfter(int step) {
    return settleAfter.contains(step);
  }

  private static Kill kill(Choices choices, ScenarioStep step, Timing timing) {
    Point point = Point.values()[choices.weighted(weights(step))];
    long delay = 0;
    List<Long> recovery = new ArrayList<>();
    if (point == Point.IN_FLIGHT
        || point == Point.DURING_RECONCILIATION
        || point == Point.DURING_CLOCK_MOVE) {
      delay = share(choices, timing.requestMicros());
    } else if (point == Point.DURING_RECOVERY) {
      int times = choices.integer(1, MAX_RECOVERY_KILLS);
      for (int time = 0; time < times; time++) {
        recovery.add(share(choices, timing.startMicros()));
      }
    }
    return new Kill(step.number(), point, delay, recovery);
  }

  /** A drawn instant within {@code micros} (and a fifth past it), in thousandths of it. */
  private static long share(Choices choices, long micros) {
    return choices.integer(0, SPREAD_PER_MILLE) * micros / 1000;
  }

  private static int[] weights(ScenarioStep step) {
    if (step instanceof ScenarioStep.Deliver deliver) {
      return deliver.transport().storageFault() ? STORAGE_FAULT : DELIVERY;
    }
    return step instanceof ScenarioStep.Reconcile ? RECONCILIATION : CLOCK_MOVE;
  }

  /** How many times the receiver dies in this case. */
  public int killCount() {
    return kills.stream().mapToInt(Kill::count).sum();
  }

  /** The case as lines a person reads: the kills, one a line, by step. */
  public List<String> killLines() {
    List<String> lines = new ArrayList<>();
    for (Kill kill : kills) {
      if (kill.point() == Point.NONE) {
        continue;
      }
      String when =
          switch (kill.point()) {
            case IN_FLIGHT, DURING_RECONCILIATION, DURING_CLOCK_MOVE ->
                kill.point().description()
                    + String.format(" (%.1f ms after it was sent)", kill.delayMicros() / 1000.0);
            case DURING_RECOVERY ->
                "after the step, then "
                    + kill.recoveryDelaysMicros().size()
                    + " more times while it started again (after "
                    + kill.recoveryDelaysMicros().stream()
                        .map(micros -> String.format("%.1f ms", micros / 1000.0))
                        .toList()
                    + ")";
            case BETWEEN_STEPS ->
                settlesAfter(kill.step())
                    ? String.format(
                        "while the settle after it was in flight (%.1f ms after it was sent)",
                        kill.delayMicros() / 1000.0)
                    : kill.point().description();
            default -> kill.point().description();
          };
      lines.add("step " + kill.step() + ": killed " + when);
    }
    return lines;
  }
}
