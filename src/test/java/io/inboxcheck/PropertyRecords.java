package io.inboxcheck;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.report.ReportFiles;
import io.inboxcheck.suite.InvariantReport;
import io.inboxcheck.suite.PropertyReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One small JSON file per property run under {@code reports/properties/}, so the summary at the end
 * of the build counts every property of every test JVM: Surefire runs the classes in two JVMs, and
 * neither sees the other's results. Each file has the shape of {@code reports/invariants.json} for
 * that one run; {@link #combined} sums them back into one.
 */
public final class PropertyRecords {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private PropertyRecords() {}

  /** The folder of the records under a reports folder. */
  public static Path folder(Path reports) {
    return reports.resolve("properties");
  }

  /** Records a receiver property's run under {@code reports/properties/}. */
  public static Path record(PropertyReport outcome) {
    return ReportFiles.write(
        folder(ProjectPaths.reports()).resolve(fileName(outcome)), json(outcome));
  }

  /**
   * Records a property that checks no receiver (a key function, a log cut): it lists with its tries
   * and verdict, exercises no invariant, and has no checked steps to count.
   */
  public static Path record(PropertyResult<?> result, String subject) {
    return record(
        new PropertyReport(
            result, subject, Optional.empty(), Optional.empty(), 0, Optional.empty()));
  }

  /** The record of one run: {@code invariants.json}'s shape for that run alone. */
  public static String json(PropertyReport outcome) {
    try {
      ObjectNode record = (ObjectNode) MAPPER.readTree(InvariantReport.json(List.of(outcome)));
      if (!outcome.result().metrics().containsKey("steps")) {
        ((ObjectNode) record.path("properties").get(0)).remove("steps");
      }
      return record + "\n";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * {@code receiver--property-name.json}: one file per property and receiver, rerun replaces it.
   */
  static String fileName(PropertyReport outcome) {
    String name = outcome.receiver() + "--" + outcome.result().name();
    return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "")
        + ".json";
  }

  /**
   * The records as one {@code invariants.json}: every property, in file order, and per invariant
   * the times exercised summed over them, broken when any run broke it.
   */
  public static Optional<JsonNode> combined(List<JsonNode> records) {
    if (records.isEmpty()) {
      return Optional.empty();
    }
    ObjectNode root = MAPPER.createObjectNode();
    ArrayNode properties = root.putArray("properties");
    ObjectNode invariants = root.putObject("invariants");
    for (JsonNode record : records) {
      record.path("properties").forEach(properties::add);
      Iterator<Map.Entry<String, JsonNode>> rows = record.path("invariants").fields();
      while (rows.hasNext()) {
        Map.Entry<String, JsonNode> row = rows.next();
        ObjectNode sum =
            invariants.get(row.getKey()) instanceof ObjectNode seen
                ? seen
                : invariants.putObject(row.getKey());
        long exercised = sum.path("exercised").asLong() + row.getValue().path("exercised").asLong();
        String verdict = row.getValue().path("verdict").asText();
        boolean broken = sum.path("verdict").asText().startsWith("BROKEN");
        sum.put("exercised", exercised);
        if (!broken) {
          sum.put(
              "verdict",
              verdict.startsWith("BROKEN") ? verdict : exercised == 0 ? "NOT EXERCISED" : "held");
        }
      }
    }
    return Optional.of(root);
  }
}
