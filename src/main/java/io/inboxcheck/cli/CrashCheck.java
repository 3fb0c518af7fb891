package io.inboxcheck.cli;

import io.inboxcheck.check.RefusalRule;
import io.inboxcheck.engine.Limits;
import io.inboxcheck.engine.Property;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.PropertyRunner;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.engine.Shard;
import io.inboxcheck.engine.TestCaseResult;
import io.inboxcheck.engine.Verdict;
import io.inboxcheck.generate.CrashCase;
import io.inboxcheck.generate.Generation;
import io.inboxcheck.http.HttpReceivers;
import io.inboxcheck.http.InFlight;
import io.inboxcheck.http.KillableReceiver;
import io.inboxcheck.http.ReceiverFailure;
import io.inboxcheck.report.Counted;
import io.inboxcheck.report.ScenarioScript;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code check --crash}: the PostgreSQL crash test generalised to any {@code exec:} receiver. Its
 * cases ({@link CrashCase}: a generated scenario and where the receiver is killed) are drawn from
 * the property engine's choices until {@code --kills} kills were made, each run by {@link
 * CrashCaseRun}. A failing case is shrunk like any property's, to the fewest steps and kills that
 * still lose what the receiver acknowledged, and printed with a code that reruns exactly it. The
 * kills are counted by where they landed; a kind of point no kill reached is a coverage shortfall,
 * as is a run with fewer than {@link #AFTER_ANSWER_SHARE} of its kills right after an answer.
 */
final class CrashCheck {
  /** The seed when none is given: a run is a function of its options, as the rest of check. */
  static final long DEFAULT_CRASH_SEED = 20241201L;

  /** The share of a run's kills that must land right after an answer: 20 of the default 100. */
  static final double AFTER_ANSWER_SHARE = 0.2;

  /** At most this many cases per kill asked for: every case may draw no kill at all. */
  static final int CASES_PER_KILL = 2;

  /** Times a reproduced case is run before it counts as passing. */
  static final int REPRODUCE_RUNS = 10;

  /**
   * Runs in a row a shrinking candidate must fail to count as failing: where a kill lands inside a
   * request is the scheduler's, and the case printed must be one its code fails again.
   */
  static final int CONFIRM_RUNS = 3;

  private static final String JAVA_JAR = "java -jar target/inboxcheck.jar ";

  /** Deliveries a settle must find queued for a case to count as settling a queue. */
  static final int PENDING_AT_A_SETTLE = 2;

  static final String SETTLE_WITH_PENDING =
      "a settle found " + PENDING_AT_A_SETTLE + " or more deliveries pending";
  static final String DECIDED_OUT_OF_ORDER = "deliveries decided in another order than sent";

  /** Cases of each kind a run of a receiver that acknowledges on acceptance must have. */
  static final long SETTLING_FLOOR = 5;

  private final String receiverChoice;
  private final String command;
  private final long seed;
  private final int kills;
  private final Duration timeout;
  private final Limits shrinking;
  private final int retries;

  CrashCheck(
      String receiverChoice,
      long seed,
      int kills,
      Duration timeout,
      Limits shrinking,
      int retries) {
    this.receiverChoice = receiverChoice;
    this.command = receiverChoice.substring(HttpReceivers.EXEC_PREFIX.length()).strip();
    this.seed = seed;
    this.kills = kills;
    this.timeout = timeout;
    this.shrinking = shrinking;
    this.retries = retries;
  }

  /** {@code check --crash}: only an exec: receiver can be killed and started again. */
  static int fromCommandLine(
      String receiver,
      Long seed,
      CrashOptions options,
      CaseOptions cases,
      Optional<Generation> provider,
      PrintWriter out,
      PrintWriter err) {
    if (!receiver.startsWith(HttpReceivers.EXEC_PREFIX)
        || receiver.substring(HttpReceivers.EXEC_PREFIX.length()).isBlank()) {
      err.println(
          "inboxcheck check: --crash needs a receiver inboxcheck starts and can kill, e.g."
              + " --receiver exec:\"python3 examples/python-receiver/receiver.py\"; got "
              + receiver);
      return ExitCodes.REJECTED;
    }
    if (options.kills < 1) {
      err.println("inboxcheck check: --kills must be at least 1, got " + options.kills);
      return ExitCodes.REJECTED;
    }
    if (!cases.valid("--crash", err)) {
      return ExitCodes.REJECTED;
    }
    Optional<List<Long>> choices = cases.choices();
    long crashSeed = seed != null ? seed : DEFAULT_CRASH_SEED;
    CrashCheck check =
        new CrashCheck(
            receiver,
            crashSeed,
            options.kills,
            HttpReceivers.timeoutFromProperties(),
            cases.shrinking(),
            retries(provider.orElse(Generation.DEFAULT)));
    try {
      return choices.isPresent() ? check.reproduce(choices.get(), out) : check.run(out);
    } catch (ReceiverFailure failure) {
      out.flush();
      err.println("inboxcheck: " + failure.getMessage() + " (crash check, seed " + crashSeed + ")");
      return ExitCodes.FAILED;
    }
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

  /** Draws and runs cases until the kills are made or one fails; prints what it saw. */
  int run(PrintWriter out) {
    Tally tally = new Tally();
    PropertyResult<CrashCase> result;
    boolean acknowledgesOnAcceptance;
    try (KillableReceiver receiver = KillableReceiver.start(command, timeout)) {
      receiver.learnWhatItAcknowledges();
      acknowledgesOnAcceptance = receiver.acknowledgesOnAcceptance();
      RunConfig config =
          new RunConfig(
              Math.max(1, kills * CASES_PER_KILL),
              OptionalLong.of(seed),
              Optional.empty(),
              shrinking,
              Shard.ALL,
              () -> tally.killed.get() >= kills);
      result = PropertyRunner.run(property(receiver, tally), config);
    }
    out.printf(
        "crash check of %s: seed %d, %d scenarios, %d kills, %d acknowledged deliveries%n",
        receiverChoice,
        seed,
        result.triesRun(),
        sum(result, "kills:"),
        sum(result, "acknowledged"));
    List<String> shortfalls = printKills(out, result);
    if (acknowledgesOnAcceptance) {
      shortfalls.addAll(printSettling(out, result));
    }
    Optional<PropertyResult.Failure<CrashCase>> failure = result.failure();
    if (failure.isPresent()) {
      printFailure(out, failure.get());
      return ExitCodes.FAILED;
    }
    if (!shortfalls.isEmpty()) {
      shortfalls.forEach(out::println);
      out.println(
          "WEAK: nothing was lost, but the kills did not reach every kind of point, so the run"
              + " proves less; this is no finding about the receiver, and no pass");
      FailureLines.print(
          out, "", List.of(), seed, rerun(), null, "(raise --kills, or try another --seed)");
      return ExitCodes.WEAK;
    }
    out.println(
        "every acknowledged delivery survived, and every view equals the model's replay"
            + " of its audit");
    out.flush();
    return ExitCodes.OK;
  }

  /**
   * Runs exactly the case of {@code choices}, as a failure printed it, up to {@link
   * #REPRODUCE_RUNS} times until it fails (where a kill lands inside a request is the scheduler's),
   * and says what it found.
   */
  int reproduce(List<Long> choices, PrintWriter out) {
    TestCaseResult<CrashCase> result = null;
    int runs = 0;
    try (KillableReceiver receiver = KillableReceiver.start(command, timeout)) {
      receiver.learnWhatItAcknowledges();
      Property<CrashCase> property = property(receiver, new Tally());
      while (runs < REPRODUCE_RUNS && (result == null || !result.failed())) {
        result = PropertyRunner.replay(property, choices);
        runs++;
      }
    }
    out.println("crash check of " + receiverChoice + ": one case, as --reproduce gave it");
    if (result.value() != null) {
      out.println(indent(render(result.value())));
    }
    if (!result.failed()) {
      out.println(
          "run "
              + runs
              + " times: every acknowledged delivery survived, and the view equals the model's"
              + " replay of its audit each time");
      out.flush();
      return ExitCodes.OK;
    }
    out.println("FAILED (run " + runs + " times):");
    out.println(indent(result.message()));
    out.flush();
    return ExitCodes.FAILED;
  }

  /**
   * The property over crash cases. Once a case has failed, the cases that follow are the shrinker's
   * candidates, and each counts as failing only if it fails {@link #CONFIRM_RUNS} runs in a row:
   * where a kill lands inside a request is the scheduler's, and a candidate that failed by a lucky
   * instant (a kill 0 ms after sending that came just after the answer) would be printed as a case
   * its {@code --reproduce} code seldom fails again.
   */
  private Property<CrashCase> property(KillableReceiver receiver, Tally tally) {
    AtomicBoolean failedOnce = new AtomicBoolean();
    return Property.<CrashCase>of(
            "crash check (" + receiverChoice + ")",
            receiver.acknowledgesOnAcceptance() ? CrashCase::drawSettling : CrashCase::draw,
            (crashCase, context) -> {
              CrashCaseRun.Result result = CrashCaseRun.run(crashCase, receiver, retries);
              CrashCaseRun.Settling settling = result.settling();
              context.count(
                  SETTLE_WITH_PENDING,
                  settling.mostPendingAtSettle() >= PENDING_AT_A_SETTLE ? 1 : 0);
              context.count(DECIDED_OUT_OF_ORDER, settling.decidedOutOfArrivalOrder() ? 1 : 0);
              tally.killed.addAndGet(result.killCount());
              result.kills().forEach((point, count) -> context.count("kills:" + point, count));
              result.inFlight().forEach((fate, count) -> context.count("in flight:" + fate, count));
              context.count("acknowledged", result.acknowledged());
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
        .withRenderer(CrashCheck::render);
  }

  private boolean failsAgain(CrashCase crashCase, KillableReceiver receiver) {
    for (int run = 1; run < CONFIRM_RUNS; run++) {
      if (CrashCaseRun.run(crashCase, receiver, retries).found().isEmpty()) {
        return false;
      }
    }
    return true;
  }

  /** The kills by where they landed, each against its floor; returns the shortfalls. */
  private List<String> printKills(PrintWriter out, PropertyResult<CrashCase> result) {
    // A run that stopped at a failure drew fewer cases than it would have: its kills are counted,
    // but held to no floor, or a second failure that is only the first's shadow would be printed.
    boolean stopped = result.failure().isPresent();
    out.println(
        stopped
            ? "kills by where they landed, until the run stopped at the failure below:"
            : "kills by where they landed:");
    List<String> shortfalls = new ArrayList<>();
    for (CrashCase.Point point : CrashCase.Point.values()) {
      if (point == CrashCase.Point.NONE) {
        continue;
      }
      long count = result.metrics().getOrDefault("kills:" + point, 0L);
      long floor = floor(point);
      String detail = point == CrashCase.Point.IN_FLIGHT ? inFlightText(result) : "";
      String against = stopped ? "" : "  (floor " + floor + (count < floor ? ", BELOW)" : ")");
      out.printf("  %-48s %4d%s%s%n", point.description(), count, against, detail);
      if (count < floor && !stopped) {
        shortfalls.add(
            "coverage shortfall: kills "
                + point.description()
                + " occurred "
                + count
                + " times, the floor is "
                + floor);
      }
    }
    return shortfalls;
  }

  /**
   * For a receiver that acknowledges on acceptance, the cases whose queue the kills met, each
   * against its floor; returns the shortfalls.
   */
  private static List<String> printSettling(PrintWriter out, PropertyResult<CrashCase> result) {
    boolean stopped = result.failure().isPresent();
    out.println("cases of a receiver that decides after it acknowledges:");
    List<String> shortfalls = new ArrayList<>();
    for (String label : List.of(SETTLE_WITH_PENDING, DECIDED_OUT_OF_ORDER)) {
      long count = result.metrics().getOrDefault(label, 0L);
      String against =
          stopped ? "" : "  (floor " + SETTLING_FLOOR + (count < SETTLING_FLOOR ? ", BELOW)" : ")");
      out.printf("  %-48s %4d%s%n", label, count, against);
      if (count < SETTLING_FLOOR && !stopped) {
        shortfalls.add(
            "coverage shortfall: "
                + label
                + " occurred "
                + count
                + " times, the floor is "
                + SETTLING_FLOOR);
      }
    }
    return shortfalls;
  }

  /** Every kind of point once; right after an answer, a share of the kills asked for. */
  private long floor(CrashCase.Point point) {
    if (point == CrashCase.Point.AFTER_ANSWER) {
      return Math.max(1, Math.round(kills * AFTER_ANSWER_SHARE));
    }
    return 1;
  }

  private static String inFlightText(PropertyResult<CrashCase> result) {
    List<String> parts = new ArrayList<>();
    for (InFlight fate : InFlight.values()) {
      long count = result.metrics().getOrDefault("in flight:" + fate, 0L);
      if (count > 0) {
        parts.add(count + " " + fate.name().toLowerCase().replace('_', ' '));
      }
    }
    return parts.isEmpty() ? "" : ": " + String.join(", ", parts);
  }

  private void printFailure(PrintWriter out, PropertyResult.Failure<CrashCase> failure) {
    CrashCase shrunk = failure.shrunkValue();
    out.println(
        "FAILED on scenario "
            + (failure.tryIndex() + 1)
            + ", shrunk to "
            + Counted.of(shrunk.scenario().steps().size(), "step")
            + " and "
            + Counted.of(shrunk.killCount(), "kill")
            + " ("
            + failure.shrinkStop().describe()
            + (failure.shrinkStop().oneMinimal()
                ? "; no single drawn step or kill can be removed"
                : "; not every drawn step and kill was tried without")
            + "):");
    if (shrunk.killCount() == 0) {
      // The receiver fails with no kill at all: a mistake of every run, not of recovery.
      out.println(
          "  no kill was needed: the receiver's audit or view differs from the model's replay of"
              + " its audit, crash or not");
    }
    out.println(indent(failure.message()));
    out.println(indent(failure.renderedValue()));
    FailureLines.print(
        out,
        "",
        List.of(),
        seed,
        rerun(),
        "Rerun exactly this case with: "
            + JAVA_JAR
            + "check --crash --receiver "
            + ShellWords.quote(receiverChoice)
            + " --reproduce "
            + CaseCode.encode(failure.shrunkChoices().values()),
        "(where a kill lands inside a request is the scheduler's: a rerun kills at the same"
            + " steps, not always at the same instant)");
  }

  private String rerun() {
    return JAVA_JAR
        + "check --crash --receiver "
        + ShellWords.quote(receiverChoice)
        + " --seed "
        + seed
        + " --kills "
        + kills;
  }

  /** The case as a person reads it: the scenario's steps, then where the receiver was killed. */
  static String render(CrashCase crashCase) {
    StringBuilder text = new StringBuilder(ScenarioScript.render(crashCase.scenario()).strip());
    text.append("\nkills:");
    crashCase.killLines().forEach(line -> text.append("\n  ").append(line));
    if (crashCase.killCount() == 0) {
      text.append(" none");
    }
    return text.toString();
  }

  private static long sum(PropertyResult<?> result, String prefix) {
    return result.metrics().entrySet().stream()
        .filter(metric -> metric.getKey().startsWith(prefix))
        .mapToLong(Map.Entry::getValue)
        .sum();
  }

  private static String indent(String text) {
    return "  " + text.strip().replace("\n", "\n  ");
  }

  /** What the cases of one run did so far, read by the run's stopping rule. */
  private static final class Tally {
    private final AtomicInteger killed = new AtomicInteger();
  }
}
