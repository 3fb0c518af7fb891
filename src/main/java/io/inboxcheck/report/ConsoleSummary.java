package io.inboxcheck.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The block printed at the end of a test run: each property's tries, checked steps, seed, shrink
 * steps, coverage shortfalls and verdict; one row per invariant with how often it was exercised and
 * its verdict; one line each for the bug zoo and the exploration; where the reports are. It is
 * rendered from the JSON reports the suites just wrote, so the console and the files cannot
 * disagree.
 */
public final class ConsoleSummary {
  private ConsoleSummary() {}

  /**
   * The reports this run wrote. A suite that did not run has no report here and no line below.
   *
   * @param invariants the properties' runs and the invariant table over them, in the shape of
   *     {@code reports/invariants.json}
   * @param bugZoo {@code reports/bug-zoo.json}
   * @param explorations {@code reports/exploration/*.json}
   * @param reportsFolder the folder as a person would type it, e.g. {@code reports}
   */
  public record Reports(
      Optional<JsonNode> invariants,
      Optional<JsonNode> bugZoo,
      List<JsonNode> explorations,
      String reportsFolder) {

    public Reports {
      explorations = List.copyOf(explorations);
    }

    boolean none() {
      return invariants.isEmpty() && bugZoo.isEmpty() && explorations.isEmpty();
    }
  }

  /** The first line of the summary, by which a person (and CI) finds it in a build's log. */
  public static final String HEADING = "--- inboxcheck: what the properties checked ";

  /** The summary's lines; none when no suite that reports ran. */
  public static List<String> render(Reports reports) {
    List<String> lines = new ArrayList<>();
    if (reports.none()) {
      return lines;
    }
    lines.add(HEADING + "-".repeat(30));
    reports
        .invariants()
        .ifPresentOrElse(
            invariants -> {
              properties(invariants, lines);
              invariantTable(invariants, lines);
            },
            () -> lines.add("Invariant properties: not run in this invocation."));
    reports.bugZoo().ifPresent(zoo -> lines.add(bugZoo(zoo)));
    if (!reports.explorations().isEmpty()) {
      lines.add(exploration(reports.explorations()));
    }
    lines.add(where(reports));
    return lines;
  }

  /**
   * The summary of the Java API's property runs in one build: each property, the invariant table
   * over them, and where their records are ({@code recordsFolder}, as a person would type it).
   *
   * @param invariants the runs in the shape of {@code invariants.json} ({@code
   *     suite.PropertyRecords.combined})
   */
  public static List<String> renderRecords(JsonNode invariants, String recordsFolder) {
    List<String> lines = new ArrayList<>();
    lines.add(HEADING + "-".repeat(30));
    properties(invariants, lines);
    invariantTable(invariants, lines);
    lines.add("Reports: " + recordsFolder + " (one JSON record per property run)");
    return lines;
  }

  /** One block per property: name and verdict, its numbers, then what failed if it did. */
  private static void properties(JsonNode invariants, List<String> lines) {
    for (JsonNode property : invariants.path("properties")) {
      lines.add(property.path("name").asText() + ": " + property.path("verdict").asText());
      // A property that checks no receiver (a key function, a log cut) has no steps to count.
      lines.add(
          "  "
              + count(property.path("tries").asLong())
              + " tries, "
              + (property.has("steps")
                  ? count(property.path("steps").asLong()) + " checked steps, "
                  : "")
              + "seed "
              + property.path("seed").asText());
      JsonNode shortfalls = property.path("coverage_shortfalls");
      lines.add(
          "  shrink steps "
              + (property.has("shrink_steps") ? property.path("shrink_steps").asText() : "-")
              + ", coverage shortfalls "
              + (shortfalls.isEmpty() ? "none" : Integer.toString(shortfalls.size())));
      shortfalls.forEach(s -> lines.add("    " + s.asText()));
      if (property.has("violation")) {
        lines.add("  " + property.path("violation").asText());
        lines.add("  counterexample: " + property.path("counterexample").asText());
      }
    }
  }

  private static void invariantTable(JsonNode invariants, List<String> lines) {
    lines.add(
        "Invariants (SPEC section 7, and conformance to the model), over the properties above:");
    TextTable table = new TextTable(List.of("invariant", "times exercised", "verdict"));
    Iterator<Map.Entry<String, JsonNode>> rows = invariants.path("invariants").fields();
    while (rows.hasNext()) {
      Map.Entry<String, JsonNode> row = rows.next();
      long exercised = row.getValue().path("exercised").asLong();
      table.add(
          List.of(
              row.getKey(),
              padLeft(count(exercised), "times exercised".length()),
              exercised == 0
                  ? "not checked by properties"
                  : row.getValue().path("verdict").asText()));
    }
    table.aligned().lines().forEach(line -> lines.add("  " + line));
  }

  /**
   * {@code Bug zoo: caught 34 of 34 naive receivers, by model-free invariants 23 (13 of the 16
   * ...}.
   */
  private static String bugZoo(JsonNode zoo) {
    JsonNode receivers = zoo.path("receivers");
    long caught = receivers.size();
    long common = 0;
    long commonModelFree = 0;
    long modelFree = 0;
    for (JsonNode receiver : receivers) {
      boolean listed = receiver.path("common_mistake").asBoolean();
      boolean free = receiver.path("model_free").asBoolean();
      common += listed ? 1 : 0;
      commonModelFree += listed && free ? 1 : 0;
      modelFree += free ? 1 : 0;
    }
    StringBuilder line =
        new StringBuilder("Bug zoo: caught ")
            .append(caught)
            .append(" of ")
            .append(zoo.path("zoo_size").asLong(caught))
            .append(" naive receivers, by model-free invariants ")
            .append(modelFree)
            .append(" (")
            .append(commonModelFree)
            .append(" of the ")
            .append(common)
            .append(" common mistakes), the rest by conformance");
    JsonNode matrix = zoo.path("matrix").path("invariants");
    if (!matrix.isMissingNode()) {
      long rows = matrix.size();
      long catching = 0;
      for (JsonNode row : matrix) {
        boolean any = false;
        for (JsonNode cell : row) {
          any |= !cell.isNull();
        }
        catching += any ? 1 : 0;
      }
      line.append("; ")
          .append(catching)
          .append(" of ")
          .append(rows)
          .append(" model-free invariants catch at least one on their own");
    }
    return line.toString();
  }

  /** {@code Exploration: B62-15-events 1,814,400 orders (n states) hold; ...}. */
  private static String exploration(List<JsonNode> explorations) {
    List<String> parts = new ArrayList<>();
    for (JsonNode exploration : explorations) {
      parts.add(
          exploration.path("scenario").asText()
              + " "
              + count(exploration.path("orders").asLong())
              + " orders ("
              + count(exploration.path("distinct_states").asLong())
              + " states) "
              + (exploration.path("holds").asBoolean() ? "hold" : "BROKEN"));
    }
    return "Exploration of every arrival order: " + String.join("; ", parts);
  }

  private static String where(Reports reports) {
    List<String> files = new ArrayList<>();
    String folder = reports.reportsFolder();
    reports.invariants().ifPresent(x -> files.add(folder + "/invariants.md"));
    reports.invariants().ifPresent(x -> files.add(folder + "/properties/"));
    reports.bugZoo().ifPresent(x -> files.add(folder + "/bug-zoo.md"));
    if (!reports.explorations().isEmpty()) {
      files.add(folder + "/exploration/");
    }
    return "Reports: "
        + String.join(", ", files)
        + " (each file explained in "
        + folder
        + "/README.md)";
  }

  private static String count(long value) {
    return String.format(Locale.ROOT, "%,d", value);
  }

  private static String padLeft(String text, int width) {
    return text.length() >= width ? text : " ".repeat(width - text.length()) + text;
  }
}
