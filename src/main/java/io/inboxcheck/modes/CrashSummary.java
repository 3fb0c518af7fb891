package io.inboxcheck.modes;

import static io.inboxcheck.modes.FailureLines.JAVA_JAR;
import static io.inboxcheck.modes.FailureLines.indent;

import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.TestCaseResult;
import io.inboxcheck.generate.CrashCase;
import io.inboxcheck.http.InFlight;
import io.inboxcheck.report.Counted;
import io.inboxcheck.report.ScenarioScript;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a {@link CrashCheck} run found and covered, as a {@link ModeResult}: the kills by where they
 * landed, each against its floor, the cases that met a queue for a receiver that acknowledges on
 * acceptance, and the failure with the seed, the rerun and the code that reruns exactly its case.
 */
final class CrashSummary {
  private final String receiverChoice;
  private final long seed;
  private final int kills;
  private final String arguments;
  private final CrashCase.Timing timing;

  CrashSummary(
      String receiverChoice, long seed, int kills, String arguments, CrashCase.Timing timing) {
    this.receiverChoice = receiverChoice;
    this.seed = seed;
    this.kills = kills;
    this.arguments = arguments;
    this.timing = timing;
  }

  /** What was measured on the receiver, and so where kills land: one line. */
  private String timingLine() {
    return String.format(
        "measured on this receiver: a delivery takes %s, a start %s; kills in flight land up to"
            + " %s after sending, kills while it starts up to %s after the start",
        millis(timing.requestMicros()),
        millis(timing.startMicros()),
        millis(timing.maxInFlightDelayMicros()),
        millis(timing.maxRecoveryDelayMicros()));
  }

  private static String millis(long micros) {
    return String.format("%.1f ms", micros / 1000.0);
  }

  /** A run that drew cases until the kills were made or one failed. */
  ModeResult ran(PropertyResult<CrashCase> result, boolean acknowledgesOnAcceptance) {
    List<String> lines = new ArrayList<>();
    lines.add(
        String.format(
            "crash check of %s: seed %d, %d scenarios, %d kills, %d acknowledged deliveries",
            receiverChoice,
            seed,
            result.triesRun(),
            sum(result.metrics(), "kills:"),
            sum(result.metrics(), "acknowledged")));
    lines.add(timingLine());
    CrashFloors floors = new CrashFloors(kills, acknowledgesOnAcceptance);
    List<String> shortfalls = kills(lines, result, floors);
    if (acknowledgesOnAcceptance) {
      shortfalls.addAll(settling(lines, result, floors));
    }
    Optional<PropertyResult.Failure<CrashCase>> failure = result.failure();
    if (failure.isPresent()) {
      failure(lines, failure.get());
      String code = CaseCode.encode(failure.get().shrunkChoices().values());
      return result(
          ModeResult.Conclusion.FAILED,
          result,
          Optional.of(failure.get().message()),
          Optional.of(code),
          lines);
    }
    if (!shortfalls.isEmpty()) {
      lines.addAll(shortfalls);
      lines.add(
          "WEAK: nothing was lost, but "
              + result.triesRun()
              + " scenarios, the most this run draws, did not reach every floor, so the run"
              + " proves less; this is no finding about the receiver, and no pass");
      lines.addAll(
          FailureLines.lines(
              "", List.of(), seed, rerun(), null, "(raise --kills, or try another --seed)"));
      return result(ModeResult.Conclusion.WEAK, result, Optional.empty(), Optional.empty(), lines);
    }
    lines.add(
        "every acknowledged delivery survived, and every view equals the model's replay"
            + " of its audit");
    return result(ModeResult.Conclusion.PASSED, result, Optional.empty(), Optional.empty(), lines);
  }

  /** One case as {@code --reproduce} gave it, run {@code runs} times. */
  ModeResult reproduced(TestCaseResult<CrashCase> result, int runs) {
    List<String> lines = new ArrayList<>();
    lines.add("crash check of " + receiverChoice + ": one case, as --reproduce gave it");
    lines.add(timingLine());
    if (result.value() != null) {
      lines.add(indent(render(result.value())));
    }
    if (!result.failed()) {
      lines.add(
          "run "
              + runs
              + " times: every acknowledged delivery survived, and the view equals the model's"
              + " replay of its audit each time");
      return new ModeResult(
          ModeResult.Conclusion.PASSED,
          result.metrics(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          lines);
    }
    lines.add("FAILED (run " + runs + " times):");
    lines.add(indent(result.message()));
    String code = CaseCode.encode(result.choices().values());
    lines.addAll(FailureLines.lines("", List.of(), seed, rerun(), exactRerun(code), KILL_INSTANT));
    return new ModeResult(
        ModeResult.Conclusion.FAILED,
        result.metrics(),
        Optional.of(result.message()),
        Optional.of(code),
        Optional.empty(),
        lines);
  }

  private static ModeResult result(
      ModeResult.Conclusion conclusion,
      PropertyResult<CrashCase> result,
      Optional<String> failure,
      Optional<String> code,
      List<String> lines) {
    return new ModeResult(conclusion, result.metrics(), failure, code, Optional.empty(), lines);
  }

  /** The kills by where they landed, each against its floor; returns the shortfalls. */
  private static List<String> kills(
      List<String> lines, PropertyResult<CrashCase> result, CrashFloors floors) {
    // A run that stopped at a failure drew fewer cases than it would have: its kills are counted,
    // but held to no floor, or a second failure that is only the first's shadow would be printed.
    boolean stopped = result.failure().isPresent();
    lines.add(
        stopped
            ? "kills by where they landed, until the run stopped at the failure below:"
            : "kills by where they landed:");
    List<String> shortfalls = new ArrayList<>();
    for (CrashCase.Point point : CrashCase.Point.values()) {
      if (point == CrashCase.Point.NONE) {
        continue;
      }
      long count = result.metrics().getOrDefault("kills:" + point, 0L);
      long floor = floors.floor(point);
      String detail = point == CrashCase.Point.IN_FLIGHT ? inFlightText(result) : "";
      String against = stopped ? "" : "  (floor " + floor + (count < floor ? ", BELOW)" : ")");
      lines.add(String.format("  %-48s %4d%s%s", point.description(), count, against, detail));
      if (count < floor && !stopped) {
        shortfalls.add(
            "coverage shortfall: kills "
                + point.description()
                + " occurred "
                + count
                + " times, the floor is "
                + floor);
      }
      if (point == CrashCase.Point.IN_FLIGHT) {
        long late = result.metrics().getOrDefault(CrashFloors.LATE_IN_FLIGHT, 0L);
        long lateFloor = floors.lateInFlightFloor();
        lines.add(
            String.format(
                "    %-46s %4d%s",
                CrashFloors.LATE_IN_FLIGHT,
                late,
                stopped ? "" : "  (floor " + lateFloor + (late < lateFloor ? ", BELOW)" : ")")));
        if (late < lateFloor && !stopped) {
          shortfalls.add(
              "coverage shortfall: kills while a delivery was in flight, in the later half of a"
                  + " request's measured time, occurred "
                  + late
                  + " times, the floor is "
                  + lateFloor);
        }
      }
    }
    return shortfalls;
  }

  /**
   * For a receiver that acknowledges on acceptance, the cases whose queue the kills met, each
   * against its floor; returns the shortfalls.
   */
  private static List<String> settling(
      List<String> lines, PropertyResult<CrashCase> result, CrashFloors floors) {
    boolean stopped = result.failure().isPresent();
    lines.add("cases of a receiver that decides after it acknowledges:");
    List<String> shortfalls = new ArrayList<>();
    for (String label : CrashFloors.SETTLING_LABELS) {
      long count = result.metrics().getOrDefault(label, 0L);
      long floor = floors.settlingFloor();
      String against = stopped ? "" : "  (floor " + floor + (count < floor ? ", BELOW)" : ")");
      lines.add(String.format("  %-48s %4d%s", label, count, against));
      if (count < floor && !stopped) {
        shortfalls.add(
            "coverage shortfall: "
                + label
                + " occurred "
                + count
                + " times, the floor is "
                + floor);
      }
    }
    return shortfalls;
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

  private void failure(List<String> lines, PropertyResult.Failure<CrashCase> failure) {
    CrashCase shrunk = failure.shrunkValue();
    lines.add(
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
      lines.add(
          "  no kill was needed: the receiver's audit or view differs from the model's replay of"
              + " its audit, crash or not");
    }
    lines.add(indent(failure.message()));
    lines.add(indent(failure.renderedValue()));
    lines.addAll(
        FailureLines.lines(
            "",
            List.of(),
            seed,
            rerun(),
            exactRerun(CaseCode.encode(failure.shrunkChoices().values())),
            KILL_INSTANT));
  }

  /** What a rerun repeats of a crash case and what it cannot. */
  private static final String KILL_INSTANT =
      "(where a kill lands inside a request is the scheduler's: a rerun kills at the same"
          + " steps, not always at the same instant)";

  /**
   * The command that reruns exactly the case of {@code code}; it names the run's seed, so a failure
   * it prints again names the seed of the run that first failed.
   */
  private String exactRerun(String code) {
    return "Rerun exactly this case with: "
        + JAVA_JAR
        + arguments
        + " --seed "
        + seed
        + " --reproduce "
        + code;
  }

  private String rerun() {
    return JAVA_JAR + arguments + " --seed " + seed + " --kills " + kills;
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

  /** The counts whose labels start with {@code prefix}, added up: {@code kills:} for every kill. */
  static long sum(Map<String, Long> counts, String prefix) {
    return counts.entrySet().stream()
        .filter(metric -> metric.getKey().startsWith(prefix))
        .mapToLong(Map.Entry::getValue)
        .sum();
  }
}
