package io.inboxcheck.cli;

import io.inboxcheck.generate.Generation;
import io.inboxcheck.http.HttpReceivers;
import io.inboxcheck.modes.ConcurrencyCheck;
import io.inboxcheck.modes.CrashCheck;
import io.inboxcheck.modes.ModeResult;
import io.inboxcheck.receiver.ConcurrentReceiver;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.report.ShellWords;
import io.inboxcheck.store.PostgresReceivers;
import io.inboxcheck.suite.ProviderSettings;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code check --crash} and {@code check --concurrency K}, which replace the rest of the check when
 * given: their options checked, the receiver chosen, the run left to {@link CrashCheck} or {@link
 * ConcurrencyCheck}, and the lines of its {@link ModeResult} printed.
 */
final class CheckModes {
  private CheckModes() {}

  /** {@code check --crash}: only an exec: receiver can be killed and started again. */
  static int crash(
      String receiver,
      Long seed,
      CrashOptions options,
      CaseOptions cases,
      Generation provider,
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
    long crashSeed = seed != null ? seed : CrashCheck.DEFAULT_CRASH_SEED;
    CrashCheck.Options crash =
        new CrashCheck.Options(
            options.kills,
            HttpReceivers.timeoutFromProperties(),
            cases.shrinking(),
            provider,
            "check --crash --receiver " + ShellWords.quote(receiver));
    return print(
        choices.isPresent()
            ? CrashCheck.reproduce(receiver, crashSeed, crash, choices.get())
            : CrashCheck.run(receiver, crashSeed, crash),
        out,
        err);
  }

  /**
   * {@code check --concurrency K}: any receiver, {@code postgres} with a connection per request.
   */
  static int concurrency(
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
    long runSeed = seed != null ? seed : ConcurrencyCheck.DEFAULT_SEED;
    ConcurrencyCheck.Options options =
        new ConcurrencyCheck.Options(
            concurrency,
            generation,
            "check --concurrency "
                + concurrency
                + " --receiver "
                + ShellWords.quote(receiver)
                + access.replayArguments()
                + ProviderSettings.options(generation),
            reports,
            cases.shrinking());
    // The store takes requests at once through one connection per request in flight.
    Function<ReceiverSetup, ConcurrentReceiver> atOnce =
        receivers instanceof PostgresReceivers postgres
            ? setup -> postgres.concurrent(setup, concurrency)
            : ConcurrencyCheck.atOnce(receivers);
    try {
      return print(
          choices.isPresent()
              ? ConcurrencyCheck.reproduce(receiver, atOnce, runSeed, options, choices.get())
              : ConcurrencyCheck.run(receiver, atOnce, runSeed, options),
          out,
          err);
    } finally {
      if (receivers instanceof AutoCloseable closeable) {
        ReplayCommand.close(closeable);
      }
    }
  }

  /** Prints the run's report, or why it stopped, and answers the exit code. */
  private static int print(ModeResult result, PrintWriter out, PrintWriter err) {
    result.lines().forEach(out::println);
    out.flush();
    if (result.conclusion() == ModeResult.Conclusion.STOPPED) {
      err.println("inboxcheck: " + result.failure().orElseThrow());
    }
    return switch (result.conclusion()) {
      case PASSED -> ExitCodes.OK;
      case WEAK -> ExitCodes.WEAK;
      case FAILED, INCONCLUSIVE, STOPPED -> ExitCodes.FAILED;
    };
  }
}
