package io.inboxcheck.modes;

import java.util.ArrayList;
import java.util.List;

/**
 * How the checks that interleave with a scheduler ({@code --crash}, {@code --concurrency}) tell a
 * failure: the first problems, how many more, the seed and the command that reruns it, and what a
 * rerun repeats and what it cannot.
 */
final class FailureLines {
  /** Problems shown before the rest are counted. */
  static final int MAX_PROBLEMS_SHOWN = 10;

  /** How the printed commands start: the jar a build leaves. */
  static final String JAVA_JAR = "java -jar target/inboxcheck.jar ";

  private FailureLines() {}

  /**
   * {@code heading} and the problems, if any, then the seed, the rerun, where what the run saw was
   * written (when {@code evidence} is not null) and the caveat.
   */
  static List<String> lines(
      String heading,
      List<String> problems,
      long seed,
      String rerun,
      String evidence,
      String caveat) {
    List<String> lines = new ArrayList<>();
    if (!problems.isEmpty()) {
      lines.add(heading);
      problems.stream().limit(MAX_PROBLEMS_SHOWN).forEach(problem -> lines.add("  " + problem));
      if (problems.size() > MAX_PROBLEMS_SHOWN) {
        lines.add("  ... and " + (problems.size() - MAX_PROBLEMS_SHOWN) + " more");
      }
    }
    lines.add("Seed " + seed + "; rerun with: " + rerun);
    if (evidence != null) {
      lines.add(evidence);
    }
    lines.add(caveat);
    return lines;
  }

  /** {@code text} stripped, each of its lines indented by two spaces. */
  static String indent(String text) {
    return "  " + text.strip().replace("\n", "\n  ");
  }
}
