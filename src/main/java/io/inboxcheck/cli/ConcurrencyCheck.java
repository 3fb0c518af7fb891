package io.inboxcheck.cli;

import io.inboxcheck.concurrent.ConcurrencyJudge;
import io.inboxcheck.concurrent.ConcurrentBatch;
import io.inboxcheck.concurrent.ConcurrentRun;
import io.inboxcheck.concurrent.OneAtATime;
import io.inboxcheck.concurrent.Request;
import io.inboxcheck.concurrent.ResendRaces;
import io.inboxcheck.concurrent.SerialisabilityCheck;
import io.inboxcheck.generate.DeliverySchedule;
import io.inboxcheck.generate.Generation;
import io.inboxcheck.http.ReceiverFailure;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.ConcurrentReceiver;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.store.PostgresReceivers;
import io.inboxcheck.suite.ProviderSettings;
import io.inboxcheck.suite.ReceiverNames;
import io.inboxcheck.suite.SerialCounterexample;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code check --concurrency K}: copies in flight. Sends {@link ConcurrentBatch}'s rounds to one
 * receiver K at a time ({@link ConcurrentRun}), judges what it answered and shows against the model
 * ({@link ConcurrencyJudge}), and prints the verdict, the coverage of what was really in flight at
 * once, and the command that reruns it.
 */
final class ConcurrencyCheck {
  /** The seed when none is given: a run is a function of its options, as the rest of check. */
  static final long DEFAULT_SEED = 20261201L;

  private ConcurrencyCheck() {}

  /** Runs the check with {@code concurrency} requests at once and answers the exit code. */
  static int fromCommandLine(
      String receiver,
      ReceiverAccessMixin access,
      int concurrency,
      Long seed,
      Generation generation,
      Path reports,
      PrintWriter out,
      PrintWriter err) {
    StringBuilder problem = new StringBuilder();
    Function<ReceiverSetup, Receiver> receivers = access.receivers(receiver, problem);
    if (receivers == null) {
      err.println("inboxcheck check: " + problem);
      return ExitCodes.REJECTED;
    }
    long runSeed = seed != null ? seed : DEFAULT_SEED;
    String rerun =
        "java -jar target/inboxcheck.jar check --concurrency "
            + concurrency
            + " --receiver "
            + ShellWords.quote(receiver)
            + access.replayArguments()
            + ProviderSettings.options(generation)
            + " --seed "
            + runSeed;
    // A provider whose resend does not cancel its retries (Stripe) gets rounds where they race.
    Optional<DeliverySchedule> racing =
        generation.schedule().filter(DeliverySchedule::resendRacesRetry);
    try {
      return run(receivers, receiver, concurrency, runSeed, rerun, racing, reports, out);
    } catch (ReceiverFailure | IllegalStateException failure) {
      out.flush();
      err.println(
          "inboxcheck: "
              + failure.getMessage()
              + " (concurrency check, seed "
              + runSeed
              + "; rerun with: "
              + rerun
              + ")");
      return ExitCodes.FAILED;
    } finally {
      if (receivers instanceof AutoCloseable closeable) {
        ReplayCommand.close(closeable);
      }
    }
  }

  private static int run(
      Function<ReceiverSetup, Receiver> receivers,
      String choice,
      int concurrency,
      long seed,
      String rerun,
      Optional<DeliverySchedule> racing,
      Path reports,
      PrintWriter out) {
    ReceiverSetup setup = ConcurrentBatch.setup();
    List<List<Envelope>> drawn = ConcurrentBatch.rounds(seed, concurrency, ConcurrentBatch.ROUNDS);
    Optional<ResendRaces> races = racing.map(schedule -> ResendRaces.into(drawn, seed));
    List<List<Envelope>> rounds = races.map(ResendRaces::rounds).orElse(drawn);
    ConcurrentRun.Transports transports =
        races
            .<ConcurrentRun.Transports>map(race -> race::transport)
            .orElse((round, index) -> Transport.PLAIN);
    int racesInFlight = 0;
    ConcurrencyJudge.Verdict verdict;
    String serialised = "";
    Optional<Path> saw = Optional.empty();
    try (ConcurrentReceiver receiver = concurrent(receivers, setup, concurrency)) {
      if (receiver instanceof OneAtATime) {
        serialised =
            " (it takes one request at a time, so requests sent at once wait for each other)";
      }
      List<Request> requests = ConcurrentRun.run(receiver, rounds, transports);
      racesInFlight = races.map(race -> race.racesInFlight(requests)).orElse(0);
      ReceiverView stored = receiver.view();
      verdict = ConcurrencyJudge.judge(setup, receiver, requests, stored, concurrency);
      if (!verdict.problems().isEmpty() && receiver.auditNamesSteps()) {
        saw = Optional.of(written(reports, choice, seed, rerun, setup, requests, stored, verdict));
      }
    }
    out.printf(
        "concurrency check of %s%s: seed %d, %d rounds of %d requests at once, judged by %s%s%n",
        choice,
        serialised,
        seed,
        rounds.size(),
        concurrency,
        verdict.judgedBy(),
        verdict.ordersTried() > 0 ? " (" + verdict.ordersTried() + " orders tried)" : "");
    out.println("coverage (measured from each request's start and finish):");
    verdict.coverage().lines().forEach(line -> out.println("  " + line));
    int raced = racesInFlight;
    races.ifPresent(race -> out.println("  " + race.line(raced)));
    List<String> raceShortfalls = races.map(race -> race.shortfalls(raced)).orElse(List.of());
    if (verdict.passed() && raceShortfalls.isEmpty()) {
      out.println(
          "every answer and the final view agree with a serial order of the requests through"
              + " the model");
      out.flush();
      return ExitCodes.OK;
    }
    verdict
        .boundReached()
        .ifPresent(
            bound ->
                out.println(
                    "INCONCLUSIVE: the search reached its bound ("
                        + bound
                        + "); not a pass, try a smaller --concurrency"));
    verdict.coverage().shortfalls().forEach(out::println);
    raceShortfalls.forEach(out::println);
    FailureLines.print(
        out,
        "FAILED: " + verdict.problems().size() + " problems:",
        verdict.problems(),
        seed,
        rerun,
        saw.map(
                file ->
                    "What it saw, in the receiver's audit order: "
                        + file
                        + " (replay it with: java -jar target/inboxcheck.jar replay "
                        + file
                        + ")")
            .orElse(null),
        "(the deliveries are the seed's; how they interleave is the scheduler's, so a rerun sends"
            + " the same requests, not always in the same interleaving)");
    return ExitCodes.FAILED;
  }

  /**
   * Writes what a failing run saw as a scenario in the receiver's audit order, with every answer in
   * the order it came back ({@link SerialCounterexample}), and returns the file.
   */
  private static Path written(
      Path reports,
      String choice,
      long seed,
      String rerun,
      ReceiverSetup setup,
      List<Request> requests,
      ReceiverView stored,
      ConcurrencyJudge.Verdict verdict) {
    List<SerialisabilityCheck.Sent> answered =
        requests.stream()
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
            rerun,
            setup,
            stored.audit(),
            SerialCounterexample.answers(answered),
            Map.of(),
            verdict.problems()));
  }

  /**
   * The receiver under test as one that takes requests at once: for {@code postgres} one connection
   * per request in flight, a {@link ConcurrentReceiver} as it is, anything else one request at a
   * time.
   */
  private static ConcurrentReceiver concurrent(
      Function<ReceiverSetup, Receiver> receivers, ReceiverSetup setup, int concurrency) {
    if (receivers instanceof PostgresReceivers postgres) {
      return postgres.concurrent(setup, concurrency);
    }
    Receiver receiver = receivers.apply(setup);
    return receiver instanceof ConcurrentReceiver concurrent
        ? concurrent
        : new OneAtATime(receiver);
  }
}
