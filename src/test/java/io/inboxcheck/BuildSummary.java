package io.inboxcheck;

import io.inboxcheck.api.VerdictListener;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * Prints what the properties checked once per build, after every test JVM has finished: {@code mvn
 * verify} runs it last (exec-maven-plugin in the verify phase, pom.xml) with the project folder and
 * the build's start, so the summary counts the reports every JVM wrote during this build and none
 * of an earlier one.
 *
 * <p>{@code java -cp ... io.inboxcheck.BuildSummary PROJECT_FOLDER BUILD_START}, the start as an
 * ISO-8601 instant such as {@code 2026-12-04T17:18:21Z}.
 */
public final class BuildSummary {
  private BuildSummary() {}

  public static void main(String[] args) {
    int status = run(args, System.out, System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  /** Prints the summary to {@code out}; on bad arguments one line to {@code err} and status 2. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    Optional<Instant> since =
        VerdictListener.buildStart(args, "BuildSummary", "PROJECT_FOLDER", err);
    since.ifPresent(
        start -> ConsoleSummaryListener.print(out, Path.of(args[0]).resolve("reports"), start));
    return since.isPresent() ? 0 : 2;
  }
}
