package io.inboxcheck.api;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import io.inboxcheck.report.ConsoleSummary;
import io.inboxcheck.suite.PropertyRecords;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apiguardian.api.API;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;

/**
 * Prints what the properties checked once, after the last test of the run, so a build that checks
 * its receiver with {@link InboxCheck} ends its test output with the verdict: each property's
 * tries, seed and verdict, and the invariant table over all of them. JUnit finds it by itself (it
 * is registered in {@code META-INF/services/org.junit.platform.launcher.TestExecutionListener});
 * nobody calls it. It prints only the records {@link InboxCheck} wrote in this JVM during this run.
 *
 * <p>A build whose tests run in several JVMs (Surefire's {@code forkCount} above 1) sets the system
 * property {@value #AT_END_OF_BUILD} for them, so that no JVM prints a part, and prints the whole
 * once at the end of the build with {@link #main} (docs/java-api.md shows the plugin to add).
 */
@API(status = INTERNAL)
public final class VerdictListener implements TestExecutionListener {
  /** Set to {@code true} when the build prints the summary once, after every test JVM. */
  public static final String AT_END_OF_BUILD = "inboxcheck.summaryAtEndOfBuild";

  /** The reports folders {@link InboxCheck} recorded property runs into in this JVM. */
  private static final Set<Path> RECORDED_IN = new TreeSet<>();

  /** When this run began; a record older than that was written by another run. */
  private Instant started = Instant.now();

  /** Called by JUnit through the service registration. */
  public VerdictListener() {}

  /** Notes that {@code reports} holds property records of this run, for the summary at its end. */
  static void recordedIn(Path reports) {
    synchronized (RECORDED_IN) {
      RECORDED_IN.add(reports.toAbsolutePath().normalize());
    }
  }

  @Override
  public void testPlanExecutionStarted(TestPlan testPlan) {
    // File times may be truncated to the second; a record of this run is never older than that.
    started = Instant.now().minusSeconds(1);
  }

  @Override
  public void testPlanExecutionFinished(TestPlan testPlan) {
    if (Boolean.getBoolean(AT_END_OF_BUILD)) {
      return;
    }
    List<Path> folders;
    synchronized (RECORDED_IN) {
      folders = List.copyOf(RECORDED_IN);
    }
    folders.forEach(folder -> print(System.out, folder, started));
  }

  /**
   * Prints the summary of every property run recorded under the reports folder {@code args[0]}
   * since the instant {@code args[1]} (such as {@code 2026-12-04T17:18:21Z}): the one summary of a
   * build whose tests ran in several JVMs, run after all of them.
   */
  public static void main(String[] args) {
    int status = run(args, System.out, System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  /** {@link #main} without the exit: 0, or 2 after one line to {@code err} on bad arguments. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    Optional<Instant> since = buildStart(args, "VerdictListener", "REPORTS_FOLDER", err);
    since.ifPresent(start -> print(out, Path.of(args[0]), start));
    return since.isPresent() ? 0 : 2;
  }

  /**
   * The instant a build started, from a program's arguments {@code FOLDER BUILD_START}, a second
   * early since the build's start is given to the second, as some file times are; empty after one
   * line to {@code err} when the arguments are not that.
   */
  public static Optional<Instant> buildStart(
      String[] args, String program, String folder, PrintStream err) {
    if (args.length != 2) {
      err.println(
          "inboxcheck: "
              + program
              + " takes "
              + folder
              + " BUILD_START, got "
              + args.length
              + (args.length == 1 ? " argument" : " arguments"));
      return Optional.empty();
    }
    try {
      return Optional.of(Instant.parse(args[1]).minusSeconds(1));
    } catch (DateTimeParseException e) {
      err.println(
          "inboxcheck: "
              + program
              + "'s build start '"
              + args[1]
              + "' is not an instant like 2026-12-04T17:18:21Z");
      return Optional.empty();
    }
  }

  /** Prints the summary of the records under {@code reports} written since {@code since}. */
  static void print(PrintStream out, Path reports, Instant since) {
    Optional<JsonNode> combined;
    Path folder = PropertyRecords.folder(reports);
    try {
      combined = PropertyRecords.combined(PropertyRecords.readSince(folder, since));
    } catch (UncheckedIOException e) {
      // The summary must never turn a run into a failure; say why it is missing instead.
      String reason = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
      out.println("inboxcheck: no summary, a record could not be read: " + reason);
      return;
    }
    combined.ifPresent(
        invariants ->
            ConsoleSummary.renderRecords(invariants, shown(folder)).forEach(out::println));
    out.flush();
  }

  /** The folder as a person would type it: relative to the working folder when it is below it. */
  private static String shown(Path folder) {
    Path here = Path.of("").toAbsolutePath().normalize();
    Path absolute = folder.toAbsolutePath().normalize();
    return (absolute.startsWith(here) ? here.relativize(absolute) : absolute) + "/";
  }
}
