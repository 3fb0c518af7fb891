package io.inboxcheck.suite;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.inboxcheck.check.SkippedCheck;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.report.ReportFiles;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What {@code check} found, as data, rendered three ways: the console text (one compact line or two
 * per part, then the story of each failure), {@code summary.md} and {@code summary.json}.
 *
 * @param check what was checked and how
 * @param budget the time budget of the properties, if any
 * @param scenarios the scenario files' part
 * @param properties the two properties' parts
 * @param exploration the arrival-order part, when asked for
 * @param retentionHorizon the retention-horizon check, when a provider was given
 */
public record CheckSummary(
    ReceiverCheck check,
    Optional<Duration> budget,
    ReceiverCheck.ScenariosPart scenarios,
    List<ReceiverCheck.PropertyPart> properties,
    Optional<ReceiverCheck.ExplorePart> exploration,
    Optional<RetentionHorizon.Outcome> retentionHorizon) {

  /** A summary without the retention-horizon check. */
  public CheckSummary(
      ReceiverCheck check,
      Optional<Duration> budget,
      ReceiverCheck.ScenariosPart scenarios,
      List<ReceiverCheck.PropertyPart> properties,
      Optional<ReceiverCheck.ExplorePart> exploration) {
    this(check, budget, scenarios, properties, exploration, Optional.empty());
  }

  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** Whether something failed: a scenario, a property's try, or an arrival order. */
  public boolean failed() {
    return !scenarios.holds()
        || properties.stream().anyMatch(p -> p.outcome().result().failure().isPresent())
        || exploration.map(part -> !part.holds()).orElse(false)
        || retentionHorizon.map(part -> !part.holds()).orElse(false);
  }

  /** The console text: the parts' lines, then each failure's story. */
  public String text() {
    List<String> lines = new ArrayList<>(overview());
    for (ReceiverCheck.ScenarioFailure failure : scenarios.failures()) {
      lines.add("");
      lines.add(failure.file() + ":");
      failure.problems().forEach(problem -> lines.add("  " + problem));
      lines.add("Replay against " + check.receiverName() + ": " + failure.replay());
    }
    for (ReceiverCheck.PropertyPart part : properties) {
      if (part.outcome().result().failure().isPresent()) {
        lines.add("");
        lines.add(part.outcome().message().stripTrailing());
      }
    }
    exploration
        .filter(part -> !part.holds())
        .ifPresent(
            part -> {
              lines.add("");
              lines.add(part.scenario() + ": " + part.found().orElse(""));
              part.counterexample().ifPresent(file -> lines.add("  order written to " + file));
              part.replay()
                  .ifPresent(
                      command ->
                          lines.add("Replay against " + check.receiverName() + ": " + command));
            });
    retentionHorizon.ifPresent(part -> lines.addAll(part.story(check)));
    return String.join("\n", lines) + "\n";
  }

  private List<String> overview() {
    List<String> lines = new ArrayList<>();
    lines.add(
        "Checking "
            + check.receiver()
            + ": "
            + (check.config().seed().isPresent()
                ? "seed " + check.config().seed().getAsLong()
                : "each property's seed from its name")
            + ", "
            + check.config().tries()
            + " tries per property before its multiplier"
            + (check.config().shard().count() > 1 ? ", shard " + check.config().shard() : "")
            + check.generation().nameSuffix()
            + budget.map(b -> ", time budget " + b).orElse(""));
    lines.add(scenarioLine());
    if (!scenarios.skipped().isEmpty()) {
      lines.add("Skipped, the receiver does not show what they need:");
      scenarios.skipped().forEach(skipped -> lines.add("  " + skipped.describe()));
    }
    for (ReceiverCheck.PropertyPart part : properties) {
      PropertyResult<?> result = part.outcome().result();
      lines.add(result.name() + ": " + verdict(part));
      lines.add(
          "  "
              + tries(result.triesRun())
              + (part.planned() < part.total()
                  ? " (shard " + check.config().shard() + " of " + count(part.total()) + ")"
                  : "")
              + ", "
              + count(result.metrics().getOrDefault("steps", 0L))
              + " checked steps, seed "
              + result.seed()
              + part.outcome().counterexample().map(file -> ", counterexample " + file).orElse(""));
      result.coverageShortfalls().forEach(shortfall -> lines.add("    " + shortfall.describe()));
    }
    exploration.ifPresent(part -> lines.add(explorationLine(part)));
    retentionHorizon.ifPresent(part -> lines.add(part.line()));
    return lines;
  }

  private String scenarioLine() {
    if (scenarios.files() == 0) {
      return "Scenario files: none in " + scenarios.folder();
    }
    String files = count(scenarios.files()) + " files in " + scenarios.folder();
    if (scenarios.holds()) {
      return "Scenario files: " + files + ", all expectations and invariants hold";
    }
    return "Scenario files: "
        + files
        + ", FAILED in "
        + scenarios.failures().size()
        + ": "
        + String.join(
            ", ", scenarios.failures().stream().map(ReceiverCheck.ScenarioFailure::file).toList());
  }

  /** The verdict of one property; only a failing try is a failure of the receiver. */
  static String verdict(ReceiverCheck.PropertyPart part) {
    PropertyResult<?> result = part.outcome().result();
    return switch (result.status()) {
      case PASSED -> "holds";
      case FAILED ->
          "FAILED: "
              + part.outcome()
                  .violation()
                  .map(v -> v.invariant().name())
                  .orElse(result.status().name());
      case COVERAGE_FAILED ->
          "holds, but coverage is short: "
              + result.coverageShortfalls().size()
              + (result.coverageShortfalls().size() == 1 ? " label" : " labels")
              + " reached too rarely at this many tries, so the run is weaker than asked";
      case TOO_MANY_DISCARDS -> "holds, but too many generated cases overran and were discarded";
      case TIME_BUDGET_SPENT ->
          "holds for the "
              + count(result.triesRun())
              + " of "
              + count(part.planned())
              + " tries run: the time budget ran out and stopped generation (not a failure)";
    };
  }

  private static String explorationLine(ReceiverCheck.ExplorePart part) {
    String how =
        part.explored()
            ? count(part.ordersChecked()) + " orders explored"
            : part.complete()
                ? count(part.ordersChecked())
                    + " of "
                    + count(part.ordersInAll())
                    + " orders checked, each replayed from a fresh receiver"
                : count(part.ordersChecked())
                    + " of "
                    + count(part.ordersInAll())
                    + " orders checked (bounded by --max-orders), each replayed from a fresh"
                    + " receiver";
    String verdict =
        part.holds()
            ? "every order checked holds"
            : "BROKEN in " + count(part.violatingOrders()) + " orders";
    return "Every arrival order of " + part.scenario() + ": " + how + "; " + verdict;
  }

  /** {@code summary.md}: the console's overview, then the failures, as a Markdown page. */
  public String markdown() {
    StringBuilder page = new StringBuilder("# inboxcheck check: ").append(check.receiver());
    page.append("\n\n");
    overview()
        .forEach(
            line ->
                page.append(line.startsWith("  ") ? "  - " + line.strip() : "- " + line)
                    .append('\n'));
    if (failed()) {
      page.append("\n## Failures\n\n```\n").append(text()).append("```\n");
    }
    return page.toString();
  }

  /** {@code summary.json}: receiver, parts, verdicts, seeds, tries and counterexample files. */
  public String json() {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("receiver", check.receiver());
    root.put("verdict", failed() ? "FAILED" : "HOLDS");
    root.put("tries", check.config().tries());
    root.put("shard", check.config().shard().toString());
    check.config().seed().ifPresent(seed -> root.put("seed", seed));
    budget.ifPresent(b -> root.put("time_budget", b.toString()));
    ObjectNode files = root.putObject("scenarios");
    files.put("folder", scenarios.folder().toString());
    files.put("files", scenarios.files());
    ArrayNode failing = files.putArray("failed");
    scenarios.failures().forEach(failure -> failing.add(failure.file()));
    ArrayNode skipped = root.putArray("skipped");
    for (SkippedCheck each : scenarios.skipped()) {
      ObjectNode node = skipped.addObject();
      node.put("check", each.check());
      ArrayNode needs = node.putArray("needs");
      each.missing().forEach(observable -> needs.add(observable.noun()));
    }
    ArrayNode parts = root.putArray("properties");
    for (ReceiverCheck.PropertyPart part : properties) {
      PropertyResult<?> result = part.outcome().result();
      ObjectNode node = parts.addObject();
      node.put("name", result.name());
      node.put("status", result.status().name());
      node.put("verdict", verdict(part));
      node.put("seed", result.seed());
      node.put("tries", result.triesRun());
      node.put("planned_tries", part.planned());
      node.put("total_tries", part.total());
      node.put("steps", result.metrics().getOrDefault("steps", 0L));
      part.outcome().violation().ifPresent(v -> node.put("violation", v.describe()));
      part.outcome().counterexample().ifPresent(f -> node.put("counterexample", f.toString()));
    }
    exploration.ifPresent(
        part -> {
          ObjectNode node = root.putObject("exploration");
          node.put("scenario", part.scenario());
          node.put("explored", part.explored());
          node.put("orders_checked", part.ordersChecked());
          node.put("orders_in_all", part.ordersInAll());
          node.put("complete", part.complete());
          node.put("violating_orders", part.violatingOrders());
          part.counterexample().ifPresent(f -> node.put("counterexample", f.toString()));
        });
    retentionHorizon.ifPresent(part -> part.addTo(root.putObject("retention_horizon")));
    try {
      return MAPPER.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes {@code summary.md} and {@code summary.json}; returns them. */
  public List<Path> write() {
    return List.of(
        ReportFiles.write(check.reports().resolve("summary.md"), markdown()),
        ReportFiles.write(check.reports().resolve("summary.json"), json()));
  }

  private static String count(long value) {
    return String.format(Locale.ROOT, "%,d", value);
  }

  /** A decimal number of any size, grouped by thousands. */
  private static String count(String decimal) {
    return String.format(Locale.ROOT, "%,d", new BigInteger(decimal));
  }

  private static String tries(long value) {
    return count(value) + (value == 1 ? " try" : " tries");
  }
}
