package io.inboxcheck.suite;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.report.ReportFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One small JSON file per property run under {@code REPORTS/properties/}, so the summary at the end
 * of a build counts every property of every test JVM: Surefire may run the classes in several JVMs,
 * and none sees the others' results. Each file has the shape of {@code invariants.json} for that
 * one run; {@link #combined} sums them back into one. This repository's suites write under {@code
 * reports/}; the Java API writes under its reports folder ({@code target/inboxcheck} unless set).
 */
public final class PropertyRecords {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private PropertyRecords() {}

  /** The folder of the records under a reports folder. */
  public static Path folder(Path reports) {
    return reports.resolve("properties");
  }

  /** Records a receiver property's run under {@code reports/properties/}. */
  public static Path record(Path reports, PropertyReport outcome) {
    return ReportFiles.write(folder(reports).resolve(fileName(outcome)), json(outcome));
  }

  /**
   * Records a property that checks no receiver (a key function, a log cut): it lists with its tries
   * and verdict, exercises no invariant, and has no checked steps to count.
   */
  public static Path record(Path reports, PropertyResult<?> result, String subject) {
    return record(
        reports,
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
  public static String fileName(PropertyReport outcome) {
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

  /**
   * The JSON files directly in {@code folder} written at or after {@code since}, by file name; none
   * when the folder does not exist.
   *
   * @throws UncheckedIOException naming the file, line and column of a report that cannot be read
   */
  public static List<JsonNode> readSince(Path folder, Instant since) {
    List<JsonNode> reports = new ArrayList<>();
    if (Files.isDirectory(folder)) {
      try (Stream<Path> files = Files.list(folder)) {
        files
            .filter(file -> file.getFileName().toString().endsWith(".json"))
            .sorted()
            .forEach(file -> readIfSince(file, since).ifPresent(reports::add));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return reports;
  }

  /** The JSON file {@code file} if it exists and was written at or after {@code since}. */
  public static Optional<JsonNode> readIfSince(Path file, Instant since) {
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
}
