package io.inboxcheck;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.inboxcheck.report.ConsoleSummary;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;

/**
 * Prints what the properties checked at the end of a test run, so {@code mvn -B verify} shows the
 * invariant results without opening {@code reports/}. It reads the JSON reports the suites wrote
 * during this run (one source of truth with the files) and ignores older ones, so a run of a few
 * tests prints nothing or only what they wrote. Registered in {@code
 * META-INF/services/org.junit.platform.launcher.TestExecutionListener}.
 */
public class ConsoleSummaryListener implements TestExecutionListener {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** When this run began; a report older than that was written by another run. */
  private Instant started = Instant.now();

  @Override
  public void testPlanExecutionStarted(TestPlan testPlan) {
    // File times may be truncated to the second; a report from this run is never older than that.
    started = Instant.now().minusSeconds(1);
  }

  @Override
  public void testPlanExecutionFinished(TestPlan testPlan) {
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

  static ConsoleSummary.Reports reports(Path folder, Instant since) {
    List<JsonNode> explorations = new ArrayList<>();
    Path explorationFolder = folder.resolve("exploration");
    if (Files.isDirectory(explorationFolder)) {
      try (Stream<Path> files = Files.list(explorationFolder)) {
        files
            .filter(file -> file.getFileName().toString().endsWith(".json"))
            .sorted()
            .forEach(file -> read(file, since).ifPresent(explorations::add));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return new ConsoleSummary.Reports(
        read(folder.resolve("invariants.json"), since),
        read(folder.resolve("bug-zoo.json"), since),
        explorations,
        shown(folder));
  }

  private static Optional<JsonNode> read(Path file, Instant since) {
    try {
      if (!Files.isRegularFile(file)
          || Files.getLastModifiedTime(file).toInstant().isBefore(since)) {
        return Optional.empty();
      }
      return Optional.of(MAPPER.readTree(file.toFile()));
    } catch (JsonProcessingException e) {
      JsonLocation where = e.getLocation();
      throw new UncheckedIOException(
          file
              + (where == null
                  ? ""
                  : " line " + where.getLineNr() + ", column " + where.getColumnNr())
              + ": "
              + e.getOriginalMessage(),
          e);
    } catch (IOException e) {
      throw new UncheckedIOException(file + ": " + e.getMessage(), e);
    }
  }

  private static String shown(Path folder) {
    Path here = Path.of("").toAbsolutePath().normalize();
    Path absolute = folder.toAbsolutePath().normalize();
    return absolute.startsWith(here) ? here.relativize(absolute).toString() : absolute.toString();
  }
}
