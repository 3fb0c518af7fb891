package io.inboxcheck.modes;

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
import io.inboxcheck.suite.ReceiverNames;
import io.inboxcheck.suite.SerialCounterexample;
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
 * and shows against the model ({@link ConcurrencyJudge}), and tells the verdict, the coverage of
 * what was really in flight at once, and the command that reruns it ({@link ConcurrencySummary}). A
 * failing case is shrunk like any property's, to the fewest rounds that still fail the same way,
 * each candidate on a fresh receiver, and told with the {@code --reproduce} code that sends exactly
 * it again. For a provider whose resend does not cancel its retries (Stripe), the case has rounds
 * where they race, and their overlap is measured with a floor.
 */
public final class ConcurrencyCheck {
  /** The seed when none is given: a run is a function of its options, as the rest of check. */
  public static final long DEFAULT_SEED = 20261201L;

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

  /**
   * How a concurrency check runs.
   *
   * @param concurrency K, the requests sent at once
   * @param generation the provider's generation: a provider whose resend does not cancel its
   *     retries (Stripe) gets rounds where they race
   * @param arguments the command line's arguments that run this check again, before its {@code
   *     --seed} or {@code --reproduce}: {@code check --concurrency K --receiver …}
   * @param reports where a failing run writes what it saw, under {@code counterexamples/}
   * @param shrinking how far a failing case is shrunk
   */
  public record Options(
      int concurrency, Generation generation, String arguments, Path reports, Limits shrinking) {}

  /** What one case did: the verdict, what was sent and answered, and what the receiver showed. */
  record Outcome(
      ConcurrencyJudge.Verdict verdict,
      ConcurrentRun.Recorded run,
      ReceiverView stored,
      boolean serialised,
      boolean auditNamesSteps,
      int resendRacesInFlight) {}

  private final Function<ReceiverSetup, ConcurrentReceiver> receivers;
  private final String choice;
  private final int concurrency;
  private final long seed;
  private final Options options;
  private final ConcurrencySummary summary;
  private final Map<ConcurrentCase, Outcome> outcomes = new HashMap<>();
  private final CasesUntilCovered covered;
  private Outcome generated;

  /** What stopped the first case before any was judged (a receiver that never answered). */
  private ReceiverFailure beforeAnyCase;

  private Outcome last;
  private int sends = 1;
  private int sentTimes;

  private ConcurrencyCheck(
      String choice,
      Function<ReceiverSetup, ConcurrentReceiver> receivers,
      long seed,
      Options options) {
    this.receivers = receivers;
    this.choice = choice;
    this.concurrency = options.concurrency();
    this.seed = seed;
    this.options = options;
    boolean resendRaces =
        options.generation().schedule().filter(DeliverySchedule::resendRacesRetry).isPresent();
    this.summary = new ConcurrencySummary(choice, concurrency, resendRaces, seed, options);
    this.covered = new CasesUntilCovered(resendRaces);
  }

  /**
   * Draws cases and sends each to a fresh receiver of {@code receivers} until every coverage floor
   * is met or one fails.
   *
   * @param receiver the receiver as the person chose it, for the report and file names
   * @param receivers a fresh receiver that takes requests at once for each case ({@link #atOnce})
   */
  public static ModeResult run(
      String receiver,
      Function<ReceiverSetup, ConcurrentReceiver> receivers,
      long seed,
      Options options) {
    ConcurrencyCheck check = new ConcurrencyCheck(receiver, receivers, seed, options);
    try {
      return check.check();
    } catch (ReceiverFailure | IllegalStateException failure) {
      return check.stopped(failure);
    }
  }

  /**
   * Sends exactly the case of {@code choices} up to {@link #REPRODUCE_SENDS} times, until it fails:
   * the requests are the case's, the interleaving the scheduler's.
   */
  public static ModeResult reproduce(
      String receiver,
      Function<ReceiverSetup, ConcurrentReceiver> receivers,
      long seed,
      Options options,
      List<Long> choices) {
    ConcurrencyCheck check = new ConcurrencyCheck(receiver, receivers, seed, options);
    try {
      return check.reproduce(choices);
    } catch (ReceiverFailure | IllegalStateException failure) {
      return check.stopped(failure);
    }
  }

  /**
   * The receivers of {@code receivers} as ones that take requests at once: a {@link
   * ConcurrentReceiver} as it is, anything else one request at a time ({@link OneAtATime}).
   */
  public static Function<ReceiverSetup, ConcurrentReceiver> atOnce(
      Function<ReceiverSetup, Receiver> receivers) {
    return setup -> {
      Receiver receiver = receivers.apply(setup);
      return receiver instanceof ConcurrentReceiver concurrent
          ? concurrent
          : new OneAtATime(receiver);
    };
  }

  private ModeResult stopped(RuntimeException failure) {
    return ModeResult.stopped(
        failure.getMessage()
            + " (concurrency check, seed "
            + seed
            + "; rerun with: "
            + summary.rerun()
            + ")");
  }

  private ModeResult check() {
    RunConfig config =
        new RunConfig(
            CasesUntilCovered.MAX_CASES,
            OptionalLong.of(seed),
            Optional.empty(),
            options.shrinking(),
            Shard.ALL,
            covered::floorsMet);
    PropertyResult<ConcurrentCase> result = PropertyRunner.run(property(), config);
    if (generated == null && beforeAnyCase != null) {
      throw beforeAnyCase;
    }
    ConcurrencySummary.Header header = summary.header(generated, covered);
    Optional<PropertyResult.Failure<ConcurrentCase>> failure = result.failure();
    if (failure.isPresent()) {
      Outcome outcome = outcomes.get(failure.get().shrunkValue());
      Optional<Path> written =
          outcome != null && outcome.auditNamesSteps()
              ? Optional.of(written(outcome, failure.get().shrunkValue().receiverSetup()))
              : Optional.empty();
      return summary.failed(header, failure.get(), written);
    }
    return summary.verdict(header, covered);
  }

  private ModeResult reproduce(List<Long> choices) {
    sends = REPRODUCE_SENDS;
    TestCaseResult<ConcurrentCase> result = PropertyRunner.replay(property(), choices);
    if (last == null && beforeAnyCase != null) {
      throw beforeAnyCase;
    }
    ConcurrencySummary.Header header = summary.header(last, covered);
    return summary.reproduced(header, result, sentTimes, last);
  }

  /** The signature of a case in which the receiver failed a request. */
  private static final String RECEIVER_FAILED = "concurrency: the receiver failed a request";

  private Property<ConcurrentCase> property() {
    return Property.<ConcurrentCase>of(
            "concurrency check (" + choice + ", K=" + concurrency + ")",
            choices -> ConcurrentCase.draw(choices, concurrency, summary.resendRaces()),
            (concurrentCase, context) -> {
              Outcome outcome = null;
              try {
                for (sentTimes = 1; sentTimes <= sends; sentTimes++) {
                  outcome = send(concurrentCase);
                  last = outcome;
                  if (!outcome.verdict().problems().isEmpty()) {
                    break;
                  }
                }
              } catch (ReceiverFailure failure) {
                if (last == null) { // before any case was judged: none to report, the run stops
                  beforeAnyCase = failure;
                  throw failure;
                }
                // A receiver that answered earlier cases and then failed a request (a 500 to a
                // reconciliation sent at once with deliveries, say) is a finding, shrunk as any.
                sends = SHRINK_SENDS;
                return Verdict.fail(RECEIVER_FAILED, failure.getMessage());
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
    try (ConcurrentReceiver receiver = receivers.apply(setup)) {
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

  /**
   * Writes what a failing run saw as a scenario in the receiver's audit order, with every answer in
   * the order it came back ({@link SerialCounterexample}), and returns the file.
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
        options.reports().resolve("counterexamples"),
        new SerialCounterexample.Run(
            "concurrency-" + ReceiverNames.fileSafe(choice),
            seed,
            summary.rerun(),
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
}
