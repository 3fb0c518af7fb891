package io.inboxcheck.api;

import io.inboxcheck.generate.Generation;
import io.inboxcheck.http.HttpReceivers;
import io.inboxcheck.modes.CaseCode;
import io.inboxcheck.modes.ConcurrencyCheck;
import io.inboxcheck.modes.CrashCheck;
import io.inboxcheck.modes.ModeResult;
import io.inboxcheck.modes.Shrinking;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.report.ShellWords;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;

/**
 * The crash and concurrency checks as dynamic tests: each runs what {@code inboxcheck check
 * --crash} or {@code --concurrency K} runs ({@link CrashCheck}, {@link ConcurrencyCheck}) and fails
 * with the text the command line prints, ending with how to rerun it from JUnit and from the
 * command line.
 */
final class ModeNodes {
  private ModeNodes() {}

  /** The crash check of a receiver inboxcheck starts ({@code exec:}). */
  static DynamicTest crash(String choice, CheckSettings settings) {
    long seed = settings.seed != null ? settings.seed : CrashCheck.DEFAULT_CRASH_SEED;
    CrashCheck.Options options =
        new CrashCheck.Options(
            settings.kills,
            HttpReceivers.timeoutFromProperties(),
            Shrinking.limits(settings.shrinkBudget),
            Generation.DEFAULT,
            "check --crash --receiver " + ShellWords.quote(choice));
    return node(
        "crash: every acknowledged delivery survives " + settings.kills + " kills",
        seed,
        () ->
            choices(settings)
                .map(exact -> CrashCheck.reproduce(choice, seed, options, exact))
                .orElseGet(() -> CrashCheck.run(choice, seed, options)));
  }

  /** The concurrency check: {@code settings.concurrency} requests at once. */
  static DynamicTest concurrency(
      String choice, Function<ReceiverSetup, Receiver> receivers, CheckSettings settings) {
    long seed = settings.seed != null ? settings.seed : ConcurrencyCheck.DEFAULT_SEED;
    ConcurrencyCheck.Options options =
        new ConcurrencyCheck.Options(
            settings.concurrency,
            Generation.DEFAULT,
            "check --concurrency "
                + settings.concurrency
                + " --receiver "
                + ShellWords.quote(choice),
            settings.reports,
            Shrinking.limits(settings.shrinkBudget));
    return node(
        "concurrency: " + settings.concurrency + " requests at once are serialisable",
        seed,
        () ->
            choices(settings)
                .map(
                    exact ->
                        ConcurrencyCheck.reproduce(
                            choice, ConcurrencyCheck.atOnce(receivers), seed, options, exact))
                .orElseGet(
                    () ->
                        ConcurrencyCheck.run(
                            choice, ConcurrencyCheck.atOnce(receivers), seed, options)));
  }

  private static Optional<List<Long>> choices(CheckSettings settings) {
    return settings.reproduce == null ? Optional.empty() : CaseCode.decode(settings.reproduce);
  }

  private static DynamicTest node(String title, long seed, Supplier<ModeResult> run) {
    return DynamicTest.dynamicTest(title, () -> judge(run.get(), seed));
  }

  /**
   * Passes, fails with the report and both ways to rerun it, or aborts: a run that missed a
   * coverage floor, or whose search of serial orders reached its bound, is neither a pass nor a
   * finding about the receiver.
   */
  static void judge(ModeResult result, long seed) {
    String report = String.join("\n", result.lines());
    switch (result.conclusion()) {
      case PASSED -> {}
      case WEAK, INCONCLUSIVE -> Assumptions.abort(report);
      case STOPPED -> Assertions.fail(result.failure().orElseThrow());
      case FAILED -> Assertions.fail(report + "\n" + javaRerun(seed, result.reproduceCode()));
    }
  }

  /** How to rerun a failure from JUnit, beside the command lines the report ends with. */
  static String javaRerun(long seed, Optional<String> code) {
    return "Rerun in JUnit: .seed("
        + seed
        + "L) on this InboxCheck"
        + code.map(value -> "; exactly this case: .reproduce(\"" + value + "\")").orElse("");
  }
}
