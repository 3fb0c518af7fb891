package io.inboxcheck.cli;

import java.io.PrintWriter;
import java.util.List;

/**
 * How the checks that interleave with a scheduler ({@code --crash}, {@code --concurrency}) print a
 * failure: the first problems, how many more, the seed and the command that reruns it, and what a
 * rerun repeats and what it cannot.
 */
final class FailureLines {
  /** Problems printed before the rest are counted. */
  static final int MAX_PROBLEMS_SHOWN = 10;

  private FailureLines() {}

  /**
   * Prints {@code heading} and the problems, if any, then the seed, the rerun, where what the run
   * saw was written (when {@code evidence} is not null) and the caveat.
   */
  static void print(
      PrintWriter out,
      String heading,
      List<String> problems,
      long seed,
      String rerun,
      String evidence,
      String caveat) {
    if (!problems.isEmpty()) {
      out.println(heading);
      problems.stream().limit(MAX_PROBLEMS_SHOWN).forEach(problem -> out.println("  " + problem));
      if (problems.size() > MAX_PROBLEMS_SHOWN) {
        out.println("  ... and " + (problems.size() - MAX_PROBLEMS_SHOWN) + " more");
      }
    }
    out.println("Seed " + seed + "; rerun with: " + rerun);
    if (evidence != null) {
      out.println(evidence);
    }
    out.println(caveat);
    out.flush();
  }
}
