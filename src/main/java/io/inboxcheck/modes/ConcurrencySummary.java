package io.inboxcheck.modes;

import static io.inboxcheck.modes.FailureLines.JAVA_JAR;
import static io.inboxcheck.modes.FailureLines.indent;

import io.inboxcheck.concurrent.CasesUntilCovered;
import io.inboxcheck.concurrent.ConcurrencyJudge;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.TestCaseResult;
import io.inboxcheck.generate.ConcurrentCase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;

/**
 * What a {@link ConcurrencyCheck} run found and covered, as a {@link ModeResult}: what was sent and
 * how it was judged, the coverage of what was really in flight at once, and the verdict, or the
 * failure with the seed, the rerun, the code that sends exactly its case again and where what it
 * saw was written.
 */
final class ConcurrencySummary {
  private final String choice;
  private final int concurrency;
  private final boolean resendRaces;
  private final long seed;
  private final String arguments;

  /** The run's first lines, and the coverage they show as counts. */
  record Header(List<String> lines, SortedMap<String, Long> counts) {}

  ConcurrencySummary(
      String choice,
      int concurrency,
      boolean resendRaces,
      long seed,
      ConcurrencyCheck.Options options) {
    this.choice = choice;
    this.concurrency = concurrency;
    this.resendRaces = resendRaces;
    this.seed = seed;
    this.arguments = options.arguments();
  }

  /** Whether the cases race a resend with an automatic retry. */
  boolean resendRaces() {
    return resendRaces;
  }

  /** The command that runs the check again from its seed. */
  String rerun() {
    return JAVA_JAR + arguments + " --seed " + seed;
  }

  /** The run's first lines: what was sent and how it was judged, then its coverage. */
  Header header(ConcurrencyCheck.Outcome outcome, CasesUntilCovered covered) {
    ConcurrencyJudge.Verdict verdict = outcome.verdict();
    CasesUntilCovered shown = covered.cases() > 0 ? covered : new CasesUntilCovered(resendRaces);
    if (shown.cases() == 0) { // a reproduced case, or a first case that failed: that case alone
      shown.add(verdict, outcome.resendRacesInFlight(), outcome.run().controls().size());
    }
    List<String> lines = new ArrayList<>();
    lines.add(
        String.format(
            "concurrency check of %s%s: seed %d, %s, judged by %s%s",
            choice,
            outcome.serialised()
                ? " (it takes one request at a time, so requests sent at once wait for each other)"
                : "",
            seed,
            shown.sent(concurrency),
            verdict.judgedBy(),
            verdict.ordersTried() > 0 ? " (" + verdict.ordersTried() + " orders tried)" : ""));
    lines.add("coverage (measured from each request's start and finish):");
    shown.lines().forEach(line -> lines.add("  " + line));
    return new Header(lines, shown.counts());
  }

  /** The verdict of cases that did not fail: a pass, or why it is none. */
  ModeResult verdict(Header header, CasesUntilCovered covered) {
    CasesUntilCovered.Outcome outcome = covered.outcome();
    List<String> lines = new ArrayList<>(header.lines());
    lines.addAll(covered.outcomeLines());
    if (outcome != CasesUntilCovered.Outcome.PASSED) {
      String caveat =
          outcome == CasesUntilCovered.Outcome.WEAK ? CasesUntilCovered.WEAK_RERUN : caveat();
      lines.addAll(FailureLines.lines("", List.of(), seed, rerun(), null, caveat));
    }
    ModeResult.Conclusion conclusion =
        switch (outcome) {
          case PASSED -> ModeResult.Conclusion.PASSED;
          case WEAK -> ModeResult.Conclusion.WEAK;
          case INCONCLUSIVE -> ModeResult.Conclusion.INCONCLUSIVE;
        };
    return new ModeResult(
        conclusion, header.counts(), Optional.empty(), Optional.empty(), Optional.empty(), lines);
  }

  /**
   * A failure, shrunk; {@code written} is where what the run saw was written, for a receiver whose
   * audit names steps.
   */
  ModeResult failed(
      Header header, PropertyResult.Failure<ConcurrentCase> failure, Optional<Path> written) {
    ConcurrentCase shrunk = failure.shrunkValue();
    List<String> problems = List.of(failure.message().split("\n"));
    List<String> lines = new ArrayList<>(header.lines());
    lines.add(
        "FAILED: "
            + problems.size()
            + " problems, shrunk to "
            + shrunk.rounds().size()
            + " rounds ("
            + failure.shrinkStop().describe()
            + "):");
    problems.stream()
        .limit(FailureLines.MAX_PROBLEMS_SHOWN)
        .forEach(problem -> lines.add("  " + problem));
    lines.add("the case:");
    lines.add(indent(shrunk.describe()));
    String code = CaseCode.encode(failure.shrunkChoices().values());
    String reproduce =
        "Rerun exactly this case with: " + JAVA_JAR + arguments + " --reproduce " + code;
    String evidence = written.map(file -> reproduce + "\n" + evidence(file)).orElse(reproduce);
    lines.addAll(FailureLines.lines("", List.of(), seed, rerun(), evidence, caveat()));
    return new ModeResult(
        ModeResult.Conclusion.FAILED,
        header.counts(),
        Optional.of(failure.message()),
        Optional.of(code),
        written,
        lines);
  }

  /**
   * One case as {@code --reproduce} gave it, sent until it failed: on send {@code sentTimes}, with
   * what {@code last} found, or all {@link ConcurrencyCheck#REPRODUCE_SENDS} times.
   */
  ModeResult reproduced(
      Header header,
      TestCaseResult<ConcurrentCase> result,
      int sentTimes,
      ConcurrencyCheck.Outcome last) {
    List<String> lines = new ArrayList<>(header.lines());
    if (result.value() != null) {
      lines.add("the case, as --reproduce gave it:");
      lines.add(indent(result.value().describe()));
    }
    if (!result.failed()) {
      lines.add(
          "sent "
              + ConcurrencyCheck.REPRODUCE_SENDS
              + " times: every answer and the view after each round agree with a serial order of the"
              + " requests through the model each time");
      return new ModeResult(
          ModeResult.Conclusion.PASSED,
          header.counts(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          lines);
    }
    List<String> problems = last.verdict().problems();
    lines.addAll(
        FailureLines.lines(
            "FAILED on send " + sentTimes + " of at most " + ConcurrencyCheck.REPRODUCE_SENDS + ":",
            problems,
            seed,
            rerun(),
            null,
            caveat()));
    return new ModeResult(
        ModeResult.Conclusion.FAILED,
        header.counts(),
        Optional.of(String.join("\n", problems)),
        Optional.of(CaseCode.encode(result.choices().values())),
        Optional.empty(),
        lines);
  }

  private static String caveat() {
    return "(the requests are the seed's; how they interleave is the scheduler's: the --seed"
        + " rerun sends the same requests, and may pass when the interleaving that failed does"
        + " not come again; --reproduce sends the shrunk case until it fails, up to "
        + ConcurrencyCheck.REPRODUCE_SENDS
        + " times, and says on which send it did)";
  }

  private static String evidence(Path file) {
    return "What it saw, in the receiver's audit order: "
        + file
        + " (replay it with: "
        + JAVA_JAR
        + "replay "
        + file
        + ")";
  }
}
