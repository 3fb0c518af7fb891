package io.inboxcheck.cli;

import io.inboxcheck.engine.Limits;
import io.inboxcheck.modes.CaseCode;
import io.inboxcheck.modes.Shrinking;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * The options of {@code --crash} and {@code --concurrency} about their cases: rerunning one case a
 * failure printed, and how long shrinking a failing case may take (every candidate restarts a
 * process or sends a whole case).
 */
final class CaseOptions {
  @Option(
      names = "--reproduce",
      paramLabel = "CODE",
      description =
          "With --crash or --concurrency: run exactly the shrunk case a failure printed (its"
              + " code), instead of drawing cases from --seed.")
  String code;

  @Option(
      names = "--shrink-budget",
      paramLabel = "N",
      description =
          "With --crash or --concurrency: at most N shrinking candidates, each a whole case run"
              + " again (0 prints the failure as found). Given, it is the only limit, so a run"
              + " shrinks alike on any machine; not given, shrinking stops after "
              + Shrinking.DEFAULT_BUDGET
              + " candidates or 3 minutes, whichever comes first.")
  Integer shrinkBudget;

  /**
   * Whether the options are usable by {@code mode} ({@code --crash} or {@code --concurrency}); when
   * not, one line on {@code err} says why.
   */
  boolean valid(String mode, PrintWriter err) {
    if (code != null && choices().isEmpty()) {
      err.println(
          "inboxcheck check: --reproduce needs the code a failing "
              + mode
              + " run printed, got \""
              + code
              + "\"");
      return false;
    }
    if (shrinkBudget != null && shrinkBudget < 0) {
      err.println("inboxcheck check: --shrink-budget must not be negative, got " + shrinkBudget);
      return false;
    }
    return true;
  }

  /** The choices of the case to reproduce; empty when cases are to be drawn. */
  Optional<List<Long>> choices() {
    return code == null ? Optional.empty() : CaseCode.decode(code);
  }

  /** How far a failing case is shrunk ({@link Shrinking}). */
  Limits shrinking() {
    return Shrinking.limits(shrinkBudget);
  }
}
