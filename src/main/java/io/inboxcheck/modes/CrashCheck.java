package io.inboxcheck.modes;

import io.inboxcheck.check.RefusalRule;
import io.inboxcheck.engine.Limits;
import io.inboxcheck.engine.Property;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.PropertyRunner;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.engine.Shard;
import io.inboxcheck.engine.TestCaseResult;
import io.inboxcheck.engine.TestContext;
import io.inboxcheck.engine.Verdict;
import io.inboxcheck.generate.CrashCase;
import io.inboxcheck.generate.Generation;
import io.inboxcheck.http.HttpReceivers;
import io.inboxcheck.http.KillableReceiver;
import io.inboxcheck.http.ReceiverFailure;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code check --crash}: the PostgreSQL crash test generalised to any {@code exec:} receiver. Its
 * cases ({@link CrashCase}: a generated scenario and where the receiver is killed) are drawn from
 * the property engine's choices until the kills asked for were made, each run by {@link
 * CrashCaseRun}. A failing case is shrunk like any property's, to the fewest steps and kills that
 * still lose what the receiver acknowledged, and told with a code that reruns exactly it. The kills
 * are counted by where they landed, and cases are drawn until every floor of {@link CrashFloors} is
 * met too; a floor still missed at the case bound is a coverage shortfall ({@link CrashSummary}).
 */
public final class CrashCheck {
  /** The seed when none is given: a run is a function of its options, as the rest of check. */
  public static final long DEFAULT_CRASH_SEED = 20241201L;

  /** The kills of a run when none are asked for. */
  public static final int DEFAULT_KILLS = 100;

  /**
   * At most this many cases per kill asked for: every case may draw no kill at all, and once the
   * kills are made the check goes on drawing until every floor is met ({@link CrashFloors}).
   */
  static final int CASES_PER_KILL = 2;

  /** Times a reproduced case is run before it counts as passing. */
  static final int REPRODUCE_RUNS = 10;

  /**
   * Runs in a row a shrinking candidate must fail to count as failing: where a kill lands inside a
   * request is the scheduler's, and the case printed must be one its code fails again.
   */
  static final int CONFIRM_RUNS = 3;

  /** Deliveries a settle must find queued for a case to count as settling a queue. */
  static final int PENDING_AT_A_SETTLE = 2;

  /**
   * How a crash check runs.
   *
   * @param kills the kills to make: cases are drawn until they are made and every floor is met (at
   *     most {@link #CASES_PER_KILL} cases per kill), or until one fails
   * @param timeout how long the receiver may take to answer one request
   * @param shrinking how far a failing case is shrunk
   * @param generation the provider's generation, whose retries a refused delivery gets ({@link
   *     #retries})
   * @param arguments the command line's arguments that run this check again, before its {@code
   *     --seed} or {@code --reproduce}: {@code check --crash --receiver 'exec:…'}
   */
  public record Options(
      int kills, Duration timeout, Limits shrinking, Generation generation, String arguments) {}

  private final String receiverChoice;
  private final String command;
  private final long seed;
  private final Options options;
  private final int retries;

  private CrashCheck(String receiverChoice, long seed, Options options) {
    if (!receiverChoice.startsWith(HttpReceivers.EXEC_PREFIX)) {
      throw new IllegalArgumentException(
          "a crash check needs an exec: receiver, got " + receiverChoice);
    }
    this.receiverChoice = receiverChoice;
    this.command = receiverChoice.substring(HttpReceivers.EXEC_PREFIX.length()).strip();
    this.seed = seed;
    this.options = options;
    this.retries = retries(options.generation());
  }

  /**
   * Draws and runs cases against {@code receiver}, an {@code exec:} receiver, until the kills are
   * made and every floor is met, or one fails.
   */
  public static ModeResult run(String receiver, long seed, Options options) {
    try {
      return new CrashCheck(receiver, seed, options).run();
    } catch (ReceiverFailure failure) {
      return stopped(failure, seed);
    }
  }

  /**
   * Runs exactly the case of {@code choices}, as a failure gave its code, up to {@link
   * #REPRODUCE_RUNS} times until it fails (where a kill lands inside a request is the scheduler's).
   */
  public static ModeResult reproduce(
      String receiver, long seed, Options options, List<Long> choices) {
    try {
      return new CrashCheck(receiver, seed, options).reproduce(choices);
    } catch (ReceiverFailure failure) {
      return stopped(failure, seed);
    }
  }

  private static ModeResult stopped(ReceiverFailure failure, long seed) {
    return ModeResult.stopped(failure.getMessage() + " (crash check, seed " + seed + ")");
  }

  /**
   * How many times a refused delivery is sent again: as many retries as the provider's profile
   * schedules, else {@link RefusalRule#DEFAULT_RETRIES}; at least one, since a delivery cut short
   * by a kill is the harness's doing, and its retry is what shows whether the receiver recovered.
   */
  static int retries(Generation generation) {
    return generation
        .schedule()
        .map(schedule -> Math.max(1, schedule.retryOffsets().size()))
        .orElse(RefusalRule.DEFAULT_RETRIES);
  }

  private ModeResult run() {
    PropertyResult<CrashCase> result;
    boolean acknowledgesOnAcceptance;
    CrashCase.Timing timing;
    try (KillableReceiver receiver = KillableReceiver.start(command, options.timeout())) {
      receiver.learnWhatItAcknowledges();
      acknowledgesOnAcceptance = receiver.acknowledgesOnAcceptance();
      timing = timing(receiver);
      CrashFloors floors = new CrashFloors(options.kills(), acknowledgesOnAcceptance);
      Tally tally = new Tally();
      RunConfig config =
          new RunConfig(
              Math.max(1, options.kills() * CASES_PER_KILL),
              OptionalLong.of(seed),
              Optional.empty(),
              options.shrinking(),
              Shard.ALL,
              () -> tally.killed() >= options.kills() && floors.met(tally.counts));
      result = PropertyRunner.run(property(receiver, tally, timing), config);
    }
    return summary(timing).ran(result, acknowledgesOnAcceptance);
  }

  private ModeResult reproduce(List<Long> choices) {
    TestCaseResult<CrashCase> result = null;
    int runs = 0;
    CrashCase.Timing timing;
    try (KillableReceiver receiver = KillableReceiver.start(command, options.timeout())) {
      receiver.learnWhatItAcknowledges();
      timing = timing(receiver);
      Property<CrashCase> property = property(receiver, new Tally(), timing);
      while (runs < REPRODUCE_RUNS && (result == null || !result.failed())) {
        result = PropertyRunner.replay(property, choices);
        runs++;
      }
    }
    return summary(timing).reproduced(result, runs);
  }

  /**
   * Measures how long the receiver takes a delivery and a start, so that kills land all over both
   * (a reproduced case measures again: where a kill lands inside a request is the scheduler's).
   */
  private static CrashCase.Timing timing(KillableReceiver receiver) {
    KillableReceiver.Measured measured = receiver.measure();
    return new CrashCase.Timing(
        Math.max(1, TimeUnit.NANOSECONDS.toMicros(measured.requestNanos())),
        Math.max(1, TimeUnit.NANOSECONDS.toMicros(measured.startNanos())));
  }

  private CrashSummary summary(CrashCase.Timing timing) {
    return new CrashSummary(receiverChoice, seed, options.kills(), options.arguments(), timing);
  }

  /**
   * The property over crash cases. Once a case has failed, the cases that follow are the shrinker's
   * candidates, and each counts as failing only if it fails {@link #CONFIRM_RUNS} runs in a row:
   * where a kill lands inside a request is the scheduler's, and a candidate that failed by a lucky
   * instant (a kill 0 ms after sending that came just after the answer) would be printed as a case
   * its {@code --reproduce} code seldom fails again.
   */
  private Property<CrashCase> property(
      KillableReceiver receiver, Tally tally, CrashCase.Timing timing) {
    AtomicBoolean failedOnce = new AtomicBoolean();
    return Property.<CrashCase>of(
            "crash check (" + receiverChoice + ")",
            receiver.acknowledgesOnAcceptance()
                ? choices -> CrashCase.drawSettling(choices, timing)
                : choices -> CrashCase.draw(choices, timing),
            (crashCase, context) -> {
              CrashCaseRun.Result result = CrashCaseRun.run(crashCase, receiver, retries);
              CrashCaseRun.Settling settling = result.settling();
              tally.count(
                  context,
                  CrashFloors.SETTLE_WITH_PENDING,
                  settling.mostPendingAtSettle() >= PENDING_AT_A_SETTLE ? 1 : 0);
              tally.count(
                  context,
                  CrashFloors.DECIDED_OUT_OF_ORDER,
                  settling.decidedOutOfArrivalOrder() ? 1 : 0);
              result
                  .kills()
                  .forEach((point, count) -> tally.count(context, "kills:" + point, count));
              result.inFlight().forEach((fate, count) -> context.count("in flight:" + fate, count));
              context.count("acknowledged", result.acknowledged());
              tally.count(
                  context,
                  CrashFloors.LATE_IN_FLIGHT,
                  crashCase.kills().stream()
                      .filter(kill -> kill.point() == CrashCase.Point.IN_FLIGHT)
                      .filter(kill -> kill.delayMicros() * 2 >= timing.requestMicros())
                      .count());
              if (result.found().isEmpty()) {
                return Verdict.pass();
              }
              if (failedOnce.getAndSet(true) && !failsAgain(crashCase, receiver)) {
                return Verdict.pass(); // a candidate that does not fail every time: not kept
              }
              return Verdict.fail(
                  "crash: " + result.found().get(0).problem(),
                  String.join(
                      "\n", result.found().stream().map(CrashCaseRun.Found::line).toList()));
            })
        .withRenderer(CrashSummary::render);
  }

  private boolean failsAgain(CrashCase crashCase, KillableReceiver receiver) {
    for (int run = 1; run < CONFIRM_RUNS; run++) {
      if (CrashCaseRun.run(crashCase, receiver, retries).found().isEmpty()) {
        return false;
      }
    }
    return true;
  }

  /**
   * What the cases of one run did so far, read by the run's stopping rule: the counts its floors
   * are held to, as the case's coverage counts them, the kills by where they landed among them.
   */
  private static final class Tally {
    private final Map<String, Long> counts = new ConcurrentHashMap<>();

    void count(TestContext context, String label, long count) {
      context.count(label, count);
      counts.merge(label, count, Long::sum);
    }

    /** The kills made so far, wherever they landed. */
    long killed() {
      return CrashSummary.sum(counts, "kills:");
    }
  }
}
