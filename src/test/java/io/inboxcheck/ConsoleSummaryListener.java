package io.inboxcheck;

import io.inboxcheck.report.ConsoleSummary;
import io.inboxcheck.suite.PropertyRecords;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;

/**
 * Prints what the properties checked at the end of a test run, so the invariant results are in the
 * console without opening {@code reports/}. It reads the JSON reports the suites wrote during this
 * run (one source of truth with the files) and ignores older ones, so a run of a few tests prints
 * nothing or only what they wrote. Registered in {@code
 * META-INF/services/org.junit.platform.launcher.TestExecutionListener}, so an IDE's run prints it.
 *
 * <p>Under Maven each Surefire JVM runs only some classes, so a summary per JVM would be partial
 * and repeated: the pom sets {@value #AT_END_OF_BUILD} for the test JVMs, which then print nothing,
 * and {@link BuildSummary} prints the one summary of every JVM's reports at the end of the build.
 */
public class ConsoleSummaryListener implements TestExecutionListener {
  /** Set to {@code true} when the build prints the summary once, after every test JVM. */
  static final String AT_END_OF_BUILD = io.inboxcheck.api.VerdictListener.AT_END_OF_BUILD;

  /** When this run began; a report older than that was written by another run. */
  private Instant started = Instant.now();

  @Override
  public void testPlanExecutionStarted(TestPlan testPlan) {
    // File times may be truncated to the second; a report from this run is never older than that.
    started = Instant.now().minusSeconds(1);
  }

  @Override
  public void testPlanExecutionFinished(TestPlan testPlan) {
    if (Boolean.getBoolean(AT_END_OF_BUILD)) {
      return;
    }
    print(System.out, ProjectPaths.reports(), started);
  }

  /** Prints the summary of the reports under {@code folder} written since {@code since}. */
  static void print(PrintStream out, Path folder, Instant since) {
    List<String> lines;
    try {
      lines = ConsoleSummary.render(reports(folder, since));
    } catch (RuntimeException e) {
      // The summary must never turn a run into a failure; say why it is missing instead.
      String reason = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
      out.println("inboxcheck: no summary, a report could not be read: " + reason);
      return;
    }
    lines.forEach(out::println);
    out.flush();
  }

  /**
   * The reports written since {@code since}: every property run's record (whichever JVM ran it),
   * the bug zoo, the explorations.
   */
  static ConsoleSummary.Reports reports(Path folder, Instant since) {
    return new ConsoleSummary.Reports(
        PropertyRecords.combined(PropertyRecords.readSince(PropertyRecords.folder(folder), since)),
        PropertyRecords.readIfSince(folder.resolve("bug-zoo.json"), since),
        PropertyRecords.readSince(folder.resolve("exploration"), since),
        shown(folder));
  }

  private static String shown(Path folder) {
    Path here = Path.of("").toAbsolutePath().normalize();
    Path absolute = folder.toAbsolutePath().normalize();
    return absolute.startsWith(here) ? here.relativize(absolute).toString() : absolute.toString();
  }
}
