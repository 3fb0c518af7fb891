package io.inboxcheck.cli;

import io.inboxcheck.concurrent.CasesUntilCovered;
import io.inboxcheck.concurrent.ConcurrencyJudge;
import io.inboxcheck.concurrent.ConcurrentRun;
import io.inboxcheck.concurrent.ControlRequest;
import io.inboxcheck.concurrent.OneAtATime;
import io.inboxcheck.concurrent.Request;
import io.inboxcheck.concurrent.ResendRaces;
import io.inboxcheck.concurrent.SerialisabilityCheck;
import io.inboxcheck.engine.Limits;
import io.inboxcheck.engine.Property;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.PropertyRunner;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.engine.Shard;
import io.inboxcheck.engine.TestCaseResult;
import io.inboxcheck.engine.Verdict;
import io.inboxcheck.generate.ConcurrentCase;
import io.inboxcheck.generate.DeliverySchedule;
import io.inboxcheck.generate.Generation;
import io.inboxcheck.http.ReceiverFailure;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.ConcurrentReceiver;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.scenario.ScenarioStep;
import io.inboxcheck.store.PostgresReceivers;
import io.inboxcheck.suite.ProviderSettings;
import io.inboxcheck.suite.ReceiverNames;
import io.inboxcheck.suite.SerialCounterexample;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.function.Function;

/**
 * {@code check --concurrency K}: copies in flight, and reconciliations and clock moves racing
 * deliveries. Draws one {@link ConcurrentCase} of rounds of K requests from the property engine's
 * choices, sends them to one receiver K at a time ({@link ConcurrentRun}), judges what it answered
 * and shows against the model ({@link ConcurrencyJudge}), and prints the verdict, the coverage of
 * what was really in flight at once, and the command that reruns it. A failing case is shrunk like
 * any property's, to the fewest rounds that still fail the same way, each candidate on a fresh
 * receiver, and printed with the {@code --reproduce} code that sends exactly it again. For a
 * provider whose resend does not cancel its retries (Stripe), the case has rounds where they race,
 * and their overlap is measured with a floor.
 */
final class ConcurrencyCheck {
  /** The seed when none is given: a run is a function of its options, as the rest of check. */
  static final long DEFAULT_SEED = 20261201L;

  /**
   * Times a shrinking candidate or a reproduced case is sent before it counts as passing: a race
   * shows in some interleavings only, and the scheduler picks them.
   */
  static final int SHRINK_SENDS = 3;

  /**
   * The most times {@code --reproduce} sends its case before it says the case passed. A shrunk race
   * fails on some interleavings only, which the scheduler picks; the sends stop at the first
   * failure, so the bound costs only a case that no longer fails.
   */
  static final int REPRODUCE_SENDS = 200;

  private static final String JAVA_JAR = "java -jar target/inboxcheck.jar ";

  private ConcurrencyCheck() {}

  /** What one case did: the verdict, what was sent and answered, and what the receiver showed. */
  private record Outcome(
      ConcurrencyJudge.Verdict verdict,
      ConcurrentRun.Recorded run,
      ReceiverView stored,
      boolean serialised,
      boolean auditNamesSteps,
      int resendRacesInFlight) {}

  /** Runs the check with {@code concurrency} requests at once and answers the exit code. */
  static int fromCommandLine(
      String receiver,
      ReceiverAccessMixin access,
      int concurrency,
      Long seed,
      Generation generation,
      CaseOptions cases,
      Path reports,
      PrintWriter out,
      PrintWriter err) {
    if (!cases.valid("--concurrency", err)) {
      return ExitCodes.REJECTED;
    }
    Optional<List<Long>> choices = cases.choices();
    StringBuilder problem = new StringBuilder();
    Function<ReceiverSetup, Receiver> receivers = access.receivers(receiver, problem);
    if (receivers == null) {
      err.println("inboxcheck check: " + problem);
      return ExitCodes.REJECTED;
    }
    long runSeed = seed != null ? seed : DEFAULT_SEED;
    String arguments =
        "check --concurrency "
            + concurrency
            + " --receiver "
            + ShellWords.quote(receiver)
            + access.replayArguments()
            + ProviderSettings.options(generation);
    // A provider whose resend does not cancel its retries (Stripe) gets rounds where they race.
    boolean resendRaces =
        generation.schedule().filter(DeliverySchedule::resendRacesRetry).isPresent();
    Run run =
        new Run(
            receivers,
            receiver,
            concurrency,
            resendRaces,
            runSeed,
            arguments,
            reports,
            cases.shrinking());
    try {
      return choices.isPresent() ? run.reproduce(choices.get(), out) : run.check(out);
    } catch (ReceiverFailure | IllegalStateException failure) {
      out.flush();
      err.println(
          "inboxcheck: "
              + failure.getMessage()
              + " (concurrency check, seed "
              + runSeed
              + "; rerun with: "
              + run.rerun()
              + ")");
      return ExitCodes.FAILED;
    } finally {
      if (receivers instanceof AutoCloseable closeable) {
        ReplayCommand.close(closeable);
      }
    }
  }

  /** One check: the receiver, K, the seed, and the outcome of each case it sent. */
  private static final class Run {
    private final Function<ReceiverSetup, Receiver> receivers;
    private final String choice;
    private final int concurrency;
    private final boolean resendRaces;
    private final long seed;
    private final String arguments;
    private final Path reports;
    private final Limits shrinking;
    private final Map<ConcurrentCase, Outcome> outcomes = new HashMap<>();
    private final CasesUntilCovered covered;
    private Outcome generated;
    private Outcome last;
    private int sends = 1;
    private int sentTimes;

    Run(
        Function<ReceiverSetup, Receiver> receivers,
        String choice,
        int concurrency,
        boolean resendRaces,
        long seed,
        String arguments,
        Path reports,
        Limits shrinking) {
      this.receivers = receivers;
      this.choice = choice;
      this.concurrency = concurrency;
      this.resendRaces = resendRaces;
      this.seed = seed;
      this.arguments = arguments;
      this.reports = reports;
      this.shrinking = shrinking;
      this.covered = new CasesUntilCovered(resendRaces);
    }

    String rerun() {
      return JAVA_JAR + arguments + " --seed " + seed;
    }

    int check(PrintWriter out) {
      RunConfig config =
          new RunConfig(
              CasesUntilCovered.MAX_CASES,
              OptionalLong.of(seed),
              Optional.empty(),
              shrinking,
              Shard.ALL,
              covered::floorsMet);
      PropertyResult<ConcurrentCase> result = PropertyRunner.run(property(), config);
      header(out, generated);
      Optional<PropertyResult.Failure<ConcurrentCase>> failure = result.failure();
      if (failure.isPresent()) {
        return failed(out, failure.get());
      }
      return verdict(out);
    }

    /**
     * Sends exactly the case of {@code choices} up to {@link #REPRODUCE_SENDS} times, until it
     * fails: the requests are the case's, the interleaving the scheduler's.
     */
    int reproduce(List<Long> choices, PrintWriter out) {
      sends = REPRODUCE_SENDS;
      TestCaseResult<ConcurrentCase> result = PropertyRunner.replay(property(), choices);
      header(out, last);
      if (result.value() != null) {
        out.println("the case, as --reproduce gave it:");
        out.println(indent(result.value().describe()));
      }
      if (!result.failed()) {
        out.println(
            "sent "
                + REPRODUCE_SENDS
                + " times: every answer and the view after each round agree with a serial order of the"
                + " requests through the model each time");
        out.flush();
        return ExitCodes.OK;
      }
      FailureLines.print(
          out,
          "FAILED on send " + sentTimes + " of at most " + REPRODUCE_SENDS + ":",
          last.verdict().problems(),
          seed,
          rerun(),
          null,
          caveat());
      return ExitCodes.FAILED;
    }

    private Property<ConcurrentCase> property() {
      return Property.<ConcurrentCase>of(
              "concurrency check (" + choice + ", K=" + concurrency + ")",
              choices -> ConcurrentCase.draw(choices, concurrency, resendRaces),
              (concurrentCase, context) -> {
                Outcome outcome = null;
                for (sentTimes = 1; sentTimes <= sends; sentTimes++) {
                  outcome = send(concurrentCase);
                  last = outcome;
                  if (!outcome.verdict().problems().isEmpty()) {
                    break;
                  }
                }
                if (generated == null) {
                  generated = outcome;
                }
                List<String> problems = outcome.verdict().problems();
                if (problems.isEmpty()) {
                  if (outcomes.isEmpty() && sends == 1) { // generated, not shrunk or reproduced
                    covered.add(
                        outcome.verdict(),
                        outcome.resendRacesInFlight(),
                        outcome.run().controls().size());
                  }
                  return Verdict.pass();
                }
                // A failure found: the candidates that follow are the shrinker's.
                sends = SHRINK_SENDS;
                outcomes.put(concurrentCase, outcome);
                return Verdict.fail(
                    "concurrency: " + outcome.verdict().signature(), String.join("\n", problems));
              })
          .withRenderer(ConcurrentCase::describe);
    }

    /** Sends one case to a fresh receiver and judges it. */
    private Outcome send(ConcurrentCase concurrentCase) {
      ReceiverSetup setup = concurrentCase.receiverSetup();
      try (ConcurrentReceiver receiver = concurrent(setup)) {
        ConcurrentRun.Recorded run =
            ConcurrentRun.run(receiver, concurrentCase.rounds(), concurrentCase.lags());
        ReceiverView stored = run.finalView();
        return new Outcome(
            ConcurrencyJudge.judge(setup, receiver, run, stored, concurrency),
            run,
            stored,
            receiver instanceof OneAtATime,
            receiver.auditNamesSteps(),
            ResendRaces.inFlight(concurrentCase.rounds(), run.requests()));
      }
    }

    /** The run's first lines: what was sent and how it was judged, then its coverage. */
    private void header(PrintWriter out, Outcome outcome) {
      ConcurrencyJudge.Verdict verdict = outcome.verdict();
      CasesUntilCovered shown = covered.cases() > 0 ? covered : new CasesUntilCovered(resendRaces);
      if (shown.cases() == 0) { // a reproduced case, or a first case that failed: that case alone
        shown.add(verdict, outcome.resendRacesInFlight(), outcome.run().controls().size());
      }
      out.printf(
          "concurrency check of %s%s: seed %d, %s, judged by %s%s%n",
          choice,
          outcome.serialised()
              ? " (it takes one request at a time, so requests sent at once wait for each other)"
              : "",
          seed,
          shown.sent(concurrency),
          verdict.judgedBy(),
          verdict.ordersTried() > 0 ? " (" + verdict.ordersTried() + " orders tried)" : "");
      out.println("coverage (measured from each request's start and finish):");
      shown.lines().forEach(line -> out.println("  " + line));
    }

    /** The verdict of a case that did not fail: a pass, or why it is none. */
    private int verdict(PrintWriter out) {
      CasesUntilCovered.Outcome outcome = covered.outcome();
      covered.outcomeLines().forEach(out::println);
      if (outcome != CasesUntilCovered.Outcome.PASSED) {
        String caveat =
            outcome == CasesUntilCovered.Outcome.WEAK ? CasesUntilCovered.WEAK_RERUN : caveat();
        FailureLines.print(out, "", List.of(), seed, rerun(), null, caveat);
      }
      out.flush();
      return switch (outcome) {
        case PASSED -> ExitCodes.OK;
        case WEAK -> ExitCodes.WEAK;
        case INCONCLUSIVE -> ExitCodes.FAILED;
      };
    }

    private int failed(PrintWriter out, PropertyResult.Failure<ConcurrentCase> failure) {
      ConcurrentCase shrunk = failure.shrunkValue();
      Outcome outcome = outcomes.get(shrunk);
      List<String> problems = List.of(failure.message().split("\n"));
      out.println(
          "FAILED: "
              + problems.size()
              + " problems, shrunk to "
              + shrunk.rounds().size()
              + " rounds ("
              + failure.shrinkStop().describe()
              + "):");
      problems.stream()
          .limit(FailureLines.MAX_PROBLEMS_SHOWN)
          .forEach(problem -> out.println("  " + problem));
      out.println("the case:");
      out.println(indent(shrunk.describe()));
      String reproduce =
          "Rerun exactly this case with: "
              + JAVA_JAR
              + arguments
              + " --reproduce "
              + CaseCode.encode(failure.shrunkChoices().values());
      String evidence =
          outcome != null && outcome.auditNamesSteps()
              ? reproduce + "\n" + evidence(written(outcome, shrunk.receiverSetup()))
              : reproduce;
      FailureLines.print(out, "", List.of(), seed, rerun(), evidence, caveat());
      return ExitCodes.FAILED;
    }

    private static String caveat() {
      return "(the requests are the seed's; how they interleave is the scheduler's: the --seed"
          + " rerun sends the same requests, and may pass when the interleaving that failed does"
          + " not come again; --reproduce sends the shrunk case until it fails, up to "
          + REPRODUCE_SENDS
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

    /**
     * Writes what a failing run saw as a scenario in the receiver's audit order, with every answer
     * in the order it came back ({@link SerialCounterexample}), and returns the file.
     */
    private Path written(Outcome outcome, ReceiverSetup setup) {
      List<SerialisabilityCheck.Sent> answered =
          outcome.run().requests().stream()
              .sorted(Comparator.comparingLong(Request::finishNanos))
              .map(
                  request ->
                      new SerialisabilityCheck.Sent(
                          request.step(), request.envelope(), request.answer()))
              .toList();
      return SerialCounterexample.write(
          reports.resolve("counterexamples"),
          new SerialCounterexample.Run(
              "concurrency-" + ReceiverNames.fileSafe(choice),
              seed,
              rerun(),
              setup,
              outcome.stored().audit(),
              SerialCounterexample.answers(answered),
              authorities(outcome.run()),
              outcome.verdict().problems()));
    }

    /** The authority each reconciliation of the run sent, by its step. */
    private static Map<Integer, SortedMap<String, AuthoritativeCard>> authorities(
        ConcurrentRun.Recorded run) {
      Map<Integer, SortedMap<String, AuthoritativeCard>> authorities = new HashMap<>();
      for (ControlRequest control : run.controls()) {
        if (control.sent() instanceof ScenarioStep.Reconcile reconcile) {
          authorities.put(control.step(), reconcile.authority());
        }
      }
      return authorities;
    }

    /**
     * The receiver under test as one that takes requests at once: for {@code postgres} one
     * connection per request in flight, a {@link ConcurrentReceiver} as it is, anything else one
     * request at a time.
     */
    private ConcurrentReceiver concurrent(ReceiverSetup setup) {
      if (receivers instanceof PostgresReceivers postgres) {
        return postgres.concurrent(setup, concurrency);
      }
      Receiver receiver = receivers.apply(setup);
      return receiver instanceof ConcurrentReceiver concurrent
          ? concurrent
          : new OneAtATime(receiver);
    }
  }

  private static String indent(String text) {
    return "  " + text.strip().replace("\n", "\n  ");
  }
}
