package io.inboxcheck.conform;

import io.inboxcheck.check.Violation;
import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonNull;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.report.ComparisonHtml;
import io.inboxcheck.report.CounterexampleFile;
import io.inboxcheck.report.ReportFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a conform run tells a person, rendered three ways from the same data: the console summary,
 * {@code summary.md} and {@code summary.json}; and the first divergence of a delivery as a
 * counterexample file with the side-by-side page of it beside the model.
 */
public final class ConformReport {
  private ConformReport() {}

  /**
   * One run, as reported.
   *
   * @param log the log's name
   * @param start how much was known where the log begins, in words
   * @param scenario the first divergence as a written scenario, when there is one
   * @param noScenario why there is none, when there is a divergence but no scenario
   */
  public record Run(
      String log, String start, Conform.Result result, Written scenario, String noScenario) {}

  /** The first divergence written as a scenario and its page. */
  public record Written(Path file, Path page, int steps, List<LinePosition> lines) {}

  /**
   * Writes the scenario found for {@code divergence} as a counterexample file (with the model's
   * expectations and a {@code failure} block) and the page of it beside the model.
   *
   * @param command how to run the check again, for the failure block
   */
  public static Written writeScenario(
      Path folder, String log, Divergence divergence, MinimalScenario.Found found, String command) {
    String stem = found.scenario().name();
    Map<String, JsonValue> details = new LinkedHashMap<>();
    details.put("log", new JsonString(log));
    details.put(
        "lines",
        new JsonArray(
            found.lines().stream()
                .<JsonValue>map(line -> new JsonString(line.describe()))
                .toList()));
    details.put("model", new JsonString(divergence.model().describe()));
    details.put("recorded", new JsonString(divergence.recorded().describe()));
    Violation violation = found.run().violation().orElse(null);
    Path file =
        CounterexampleFile.write(
            folder,
            stem,
            found.scenario(),
            description(log, divergence, found),
            true,
            new CounterexampleFile.Failure(
                CounterexampleFile.FoundBy.CONFORM,
                "conform",
                log,
                violation,
                null,
                command,
                details));
    Path page =
        ReportFiles.write(
            file.resolveSibling(ReportFiles.safeName(stem) + ".html"),
            ComparisonHtml.render(found.run(), violation));
    return new Written(file, page, found.scenario().steps().size(), found.lines());
  }

  private static String description(
      String log, Divergence divergence, MinimalScenario.Found found) {
    List<String> lines =
        found.lines().stream().map(line -> line.unit() + " " + line.number()).toList();
    return "The first divergence of "
        + log
        + " ("
        + divergence.position().unit()
        + " "
        + divergence.position().number()
        + "): the model "
        + divergence.model().describe()
        + "; the receiver recorded "
        + divergence.recorded().describe()
        + ". Cut down to the log's "
        + String.join(", ", lines)
        + ", from the cards as the log showed them before the first. Replayed against the"
        + " receiver that wrote the log it fails at its last step; against the model it passes.";
  }

  // ---- the console ----------------------------------------------------------------------------

  /** The console summary: totals per kind, the first findings, where the reports are. */
  public static String console(Run run) {
    Tally tally = run.result().tally();
    StringBuilder text = new StringBuilder();
    text.append("conform ")
        .append(run.log())
        .append(": ")
        .append(count(tally.lines()))
        .append(" lines, ")
        .append(count(tally.stepCount()))
        .append(" steps ")
        .append(perKind(tally.steps()))
        .append("; retention ")
        .append(run.result().settings().retention())
        .append("; start: ")
        .append(run.start())
        .append('\n');
    text.append("  judged and agreeing: ")
        .append(count(tally.agreeingCount()))
        .append(' ')
        .append(perKind(tally.agreeing()))
        .append('\n');
    text.append("  divergences: ")
        .append(count(tally.divergenceCount()))
        .append(tally.divergences().isEmpty() ? "" : " " + perKind(tally.divergences()))
        .append('\n');
    text.append("  invariants broken: ")
        .append(count(tally.breachCount()))
        .append(tally.breaches().isEmpty() ? "" : " " + perKind(tally.breaches()))
        .append('\n');
    text.append("  not judged: ").append(count(tally.unjudgedCount()));
    text.append(tally.unjudged().isEmpty() ? "" : " " + perKind(reasons(tally))).append('\n');
    long inputs = tally.inputs().values().stream().mapToLong(Long::longValue).sum();
    if (inputs > 0) {
      text.append("  nothing recorded to judge: ")
          .append(count(inputs))
          .append(' ')
          .append(perKind(tally.inputs()))
          .append('\n');
    }
    if (tally.skipped() > 0) {
      text.append("  bad lines skipped: ").append(count(tally.skipped())).append('\n');
      tally.skippedLines().stream()
          .limit(5)
          .forEach(bad -> text.append("    ").append(bad.getMessage()).append('\n'));
    }
    consoleFindings(run, text);
    return text.toString();
  }

  private static void consoleFindings(Run run, StringBuilder text) {
    Tally tally = run.result().tally();
    tally.divergenceExamples().stream()
        .limit(3)
        .forEach(d -> text.append("  divergence: ").append(d.describe()).append('\n'));
    tally.breachExamples().stream()
        .limit(3)
        .forEach(b -> text.append("  broken: ").append(b.describe()).append('\n'));
    for (Unjudged.Reason reason : tally.unjudged().keySet()) {
      tally.unjudgedExamples(reason).stream()
          .limit(1)
          .forEach(u -> text.append("  e.g. ").append(u.describe()).append('\n'));
    }
    if (run.scenario() != null) {
      text.append("  first divergence as a scenario of ")
          .append(run.scenario().steps())
          .append(run.scenario().steps() == 1 ? " step: " : " steps: ")
          .append(run.scenario().file())
          .append(" (beside the model: ")
          .append(run.scenario().page())
          .append(")\n");
    } else if (run.noScenario() != null) {
      text.append("  no scenario: ").append(run.noScenario()).append('\n');
    }
  }

  private static Map<String, Long> reasons(Tally tally) {
    Map<String, Long> reasons = new LinkedHashMap<>();
    tally.unjudged().forEach((reason, count) -> reasons.put(reason.name(), count));
    return reasons;
  }

  private static String perKind(Map<String, Long> counts) {
    List<String> parts = new ArrayList<>();
    counts.forEach((kind, count) -> parts.add(kind + " " + count(count)));
    return "(" + String.join(", ", parts) + ")";
  }

  private static String count(long value) {
    return String.format(Locale.ROOT, "%,d", value);
  }

  // ---- summary.md ------------------------------------------------------------------------------

  /** {@code summary.md}: the console's totals, then every example kept, as a Markdown page. */
  public static String markdown(Run run) {
    Tally tally = run.result().tally();
    StringBuilder text = new StringBuilder("# Conformance of ").append(run.log()).append("\n\n");
    text.append("```\n").append(console(run)).append("```\n\n");
    text.append("Judged by replaying the log through the reference model (SPEC sections 3-5): a")
        .append(" divergence is a recorded decision the model does not reach from the state the")
        .append(" log establishes; a step is not judged when it depends on what came before the")
        .append(" log or on what the log does not record.\n\n");
    section(
        text,
        "Divergences",
        tally.divergenceExamples().stream().map(Divergence::describe).toList());
    section(
        text, "Invariants broken", tally.breachExamples().stream().map(Breach::describe).toList());
    for (Unjudged.Reason reason : tally.unjudged().keySet()) {
      section(
          text,
          "Not judged: " + reason.name() + " (" + count(tally.unjudged().get(reason)) + ")",
          tally.unjudgedExamples(reason).stream().map(Unjudged::describe).toList());
    }
    section(
        text, "Bad lines skipped", tally.skippedLines().stream().map(BadLine::getMessage).toList());
    if (run.scenario() != null) {
      text.append("## The first divergence as a scenario\n\n")
          .append("`")
          .append(run.scenario().file())
          .append("` (")
          .append(run.scenario().steps())
          .append(" steps, from ")
          .append(
              String.join(
                  ", ", run.scenario().lines().stream().map(LinePosition::describe).toList()))
          .append("); beside the model: `")
          .append(run.scenario().page())
          .append("`.\n");
    } else if (run.noScenario() != null) {
      text.append("## No scenario\n\n").append(run.noScenario()).append("\n");
    }
    return text.toString();
  }

  private static void section(StringBuilder text, String title, List<String> items) {
    if (items.isEmpty()) {
      return;
    }
    text.append("## ").append(title).append("\n\n");
    items.forEach(item -> text.append("- ").append(item).append('\n'));
    text.append('\n');
  }

  // ---- summary.json ----------------------------------------------------------------------------

  /** {@code summary.json}: every count, the examples kept, and the scenario written. */
  public static String json(Run run) {
    Conform.Result result = run.result();
    Tally tally = result.tally();
    TreeMap<String, JsonValue> root = new TreeMap<>();
    root.put("log", new JsonString(run.log()));
    root.put("start", new JsonString(run.start()));
    root.put("conforms", result.conforms() ? JsonBoolean.TRUE : JsonBoolean.FALSE);
    root.put("retention", new JsonString(result.settings().retention().toString()));
    root.put(
        "supported_types",
        new JsonArray(
            result.settings().supportedTypes().stream()
                .sorted()
                .<JsonValue>map(JsonString::new)
                .toList()));
    root.put("lines", JsonNumber.of(tally.lines()));
    root.put("steps", counts(tally.steps()));
    root.put("agreeing", counts(tally.agreeing()));
    root.put("nothing_recorded", counts(tally.inputs()));
    root.put(
        "divergences",
        findings(
            tally.divergences(),
            tally.divergenceExamples().stream().map(ConformReport::divergence).toList()));
    root.put(
        "invariants_broken",
        findings(
            tally.breaches(), tally.breachExamples().stream().map(ConformReport::breach).toList()));
    root.put("not_judged", unjudged(tally));
    root.put("skipped_lines", skipped(tally));
    root.put("retained_ids_at_end", JsonNumber.of(result.retainedIds()));
    root.put("partly_known_cards_at_end", JsonNumber.of(result.partlyKnownCards()));
    root.put("scenario", scenario(run));
    return new JsonObject(root).canonicalText() + "\n";
  }

  private static JsonObject counts(Map<String, Long> counts) {
    TreeMap<String, JsonValue> members = new TreeMap<>();
    counts.forEach((kind, count) -> members.put(kind, JsonNumber.of(count)));
    return new JsonObject(members);
  }

  private static JsonObject findings(Map<String, Long> counts, List<JsonValue> examples) {
    TreeMap<String, JsonValue> members = new TreeMap<>();
    members.put("total", JsonNumber.of(counts.values().stream().mapToLong(Long::longValue).sum()));
    members.put("by_kind", counts(counts));
    members.put("examples", new JsonArray(examples));
    return new JsonObject(members);
  }

  private static JsonValue divergence(Divergence divergence) {
    TreeMap<String, JsonValue> members = new TreeMap<>();
    members.put("at", new JsonString(divergence.position().describe()));
    members.put("kind", new JsonString(divergence.kind()));
    members.put("subject", new JsonString(divergence.subject()));
    members.put("model", new JsonString(divergence.model().describe()));
    members.put("recorded", new JsonString(divergence.recorded().describe()));
    return new JsonObject(members);
  }

  private static JsonValue breach(Breach breach) {
    TreeMap<String, JsonValue> members = new TreeMap<>();
    members.put("at", new JsonString(breach.position().describe()));
    members.put("invariant", new JsonString(breach.violation().invariant().name()));
    members.put("finding", new JsonString(String.valueOf(breach.violation().finding())));
    members.put("expected", new JsonString(breach.violation().expected().describe()));
    members.put("recorded", new JsonString(breach.violation().observed().describe()));
    return new JsonObject(members);
  }

  private static JsonObject unjudged(Tally tally) {
    TreeMap<String, JsonValue> byReason = new TreeMap<>();
    TreeMap<String, JsonValue> examples = new TreeMap<>();
    for (Map.Entry<Unjudged.Reason, Long> reason : tally.unjudged().entrySet()) {
      byReason.put(reason.getKey().name(), JsonNumber.of(reason.getValue()));
      List<JsonValue> listed = new ArrayList<>();
      for (Unjudged step : tally.unjudgedExamples(reason.getKey())) {
        TreeMap<String, JsonValue> members = new TreeMap<>();
        members.put("at", new JsonString(step.position().describe()));
        members.put("step", new JsonString(step.stepKind()));
        members.put("why", new JsonString(step.reason().explain(step.subject())));
        members.put("known", new JsonString(step.detail()));
        listed.add(new JsonObject(members));
      }
      examples.put(reason.getKey().name(), new JsonArray(listed));
    }
    TreeMap<String, JsonValue> members = new TreeMap<>();
    members.put("total", JsonNumber.of(tally.unjudgedCount()));
    members.put("by_reason", new JsonObject(byReason));
    members.put("examples", new JsonObject(examples));
    return new JsonObject(members);
  }

  private static JsonObject skipped(Tally tally) {
    TreeMap<String, JsonValue> members = new TreeMap<>();
    members.put("total", JsonNumber.of(tally.skipped()));
    members.put(
        "listed",
        new JsonArray(
            tally.skippedLines().stream()
                .<JsonValue>map(bad -> new JsonString(bad.getMessage()))
                .toList()));
    return new JsonObject(members);
  }

  private static JsonValue scenario(Run run) {
    if (run.scenario() == null) {
      return run.noScenario() == null
          ? JsonNull.INSTANCE
          : new JsonString("none: " + run.noScenario());
    }
    TreeMap<String, JsonValue> members = new TreeMap<>();
    members.put("file", new JsonString(run.scenario().file().toString()));
    members.put("page", new JsonString(run.scenario().page().toString()));
    members.put("steps", JsonNumber.of(run.scenario().steps()));
    members.put(
        "lines",
        new JsonArray(
            run.scenario().lines().stream()
                .<JsonValue>map(line -> new JsonString(line.describe()))
                .toList()));
    return new JsonObject(members);
  }

  /** Writes {@code summary.md} and {@code summary.json} under {@code folder}; returns them. */
  public static List<Path> writeSummaries(Path folder, Run run) {
    return List.of(
        ReportFiles.write(folder.resolve("summary.md"), markdown(run)),
        ReportFiles.write(folder.resolve("summary.json"), json(run)));
  }
}
