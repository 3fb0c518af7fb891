package io.inboxcheck.cli;

import io.inboxcheck.concurrent.ConcurrencyJudge;
import io.inboxcheck.concurrent.ConcurrentBatch;
import io.inboxcheck.concurrent.ConcurrentRun;
import io.inboxcheck.concurrent.OneAtATime;
import io.inboxcheck.concurrent.Request;
import io.inboxcheck.http.ReceiverFailure;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.profile.Profile;
import io.inboxcheck.profile.ProfileReader;
import io.inboxcheck.receiver.ConcurrentReceiver;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.store.PostgresReceivers;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * {@code check --concurrency K}: copies in flight (issue 16). Sends {@link ConcurrentBatch}'s
 * rounds to one receiver K at a time ({@link ConcurrentRun}), judges what it answered and shows
 * against the model ({@link ConcurrencyJudge}), and prints the verdict, the coverage of what was
 * really in flight at once, and the command that reruns it.
 */
final class ConcurrencyCheck {
  /** The seed when none is given: a run is a function of its options, as the rest of check. */
  static final long DEFAULT_SEED = 20261201L;

  /** Requests in flight at once, at most: each one holds a thread and a connection. */
  static final int MAX_CONCURRENCY = 64;

  private ConcurrencyCheck() {}

  /** What {@link #concurrency} answers for options that ask for no concurrency check. */
  static final int NOT_ASKED = 0;

  /**
   * The requests in flight at once that the options ask for: {@code --concurrency}, else the {@code
   * --provider} profile's copies_in_flight when above 1 (printed, so nobody wonders where it came
   * from); {@link #NOT_ASKED} for neither; -1 when the input is rejected (printed to err).
   */
  static int concurrency(ConcurrencyOptions options, PrintWriter out, PrintWriter err) {
    if (options.concurrency == null && options.provider == null) {
      return NOT_ASKED;
    }
    int concurrency;
    if (options.concurrency != null) {
      concurrency = options.concurrency;
    } else {
      Optional<Profile> profile = profile(options.provider, err);
      if (profile.isEmpty()) {
        return -1;
      }
      concurrency = profile.get().copiesInFlight().value();
      if (concurrency < 2) {
        return NOT_ASKED;
      }
      out.println(
          "--concurrency absent: "
              + concurrency
              + " from the "
              + options.provider
              + " profile's copies_in_flight ("
              + profile.get().copiesInFlight().source()
              + ")");
    }
    if (concurrency < 2 || concurrency > MAX_CONCURRENCY) {
      err.println(
          "inboxcheck check: --concurrency must be from 2 to "
              + MAX_CONCURRENCY
              + " (requests in flight at once), got "
              + concurrency);
      return -1;
    }
    return concurrency;
  }

  /** Runs the check with {@code concurrency} requests at once and answers the exit code. */
  static int fromCommandLine(
      String receiver,
      ReceiverAccessMixin access,
      int concurrency,
      Long seed,
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
            + " --seed "
            + runSeed;
    try {
      return run(receivers, receiver, concurrency, runSeed, rerun, out);
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
      PrintWriter out) {
    ReceiverSetup setup = ConcurrentBatch.setup();
    List<List<Envelope>> rounds = ConcurrentBatch.rounds(seed, concurrency, ConcurrentBatch.ROUNDS);
    ConcurrencyJudge.Verdict verdict;
    String serialised = "";
    try (ConcurrentReceiver receiver = concurrent(receivers, setup, concurrency)) {
      if (receiver instanceof OneAtATime) {
        serialised =
            " (it takes one request at a time, so requests sent at once wait for each other)";
      }
      List<Request> requests = ConcurrentRun.run(receiver, rounds);
      verdict = ConcurrencyJudge.judge(setup, receiver, requests, receiver.view(), concurrency);
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
    if (verdict.passed()) {
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
    FailureLines.print(
        out,
        "FAILED: " + verdict.problems().size() + " problems:",
        verdict.problems(),
        seed,
        rerun,
        "(the deliveries are the seed's; how they interleave is the scheduler's, so a rerun sends"
            + " the same requests, not always in the same interleaving)");
    return ExitCodes.FAILED;
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

  private static Optional<Profile> profile(String name, PrintWriter err) {
    Path file = ProfileReader.DEFAULT_FOLDER.resolve(name + ".json");
    if (!Files.isRegularFile(file)) {
      err.println(
          "inboxcheck check: --provider "
              + name
              + ": there is no "
              + file
              + "; available: "
              + String.join(", ", available()));
      return Optional.empty();
    }
    try {
      return Optional.of(new ProfileReader().read(file));
    } catch (InputRejected rejected) {
      err.println(rejected.getMessage());
      return Optional.empty();
    }
  }

  /** The profile names in the profiles folder. */
  private static List<String> available() {
    try (Stream<Path> files = Files.list(ProfileReader.DEFAULT_FOLDER)) {
      return files
          .map(path -> path.getFileName().toString())
          .filter(file -> file.endsWith(".json") && !file.endsWith(".schema.json"))
          .map(file -> file.substring(0, file.length() - ".json".length()))
          .sorted()
          .toList();
    } catch (IOException e) {
      return List.of("none (" + ProfileReader.DEFAULT_FOLDER + " cannot be listed)");
    }
  }
}
