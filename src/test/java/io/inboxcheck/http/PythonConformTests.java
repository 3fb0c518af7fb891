package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.ScenarioRunner;
import io.inboxcheck.cli.Main;
import io.inboxcheck.conform.Conform;
import io.inboxcheck.conform.JsonLinesFile;
import io.inboxcheck.conform.Judge;
import io.inboxcheck.conform.LogStart;
import io.inboxcheck.conform.Tally;
import io.inboxcheck.conform.Unjudged;
import io.inboxcheck.conform.Workloads;
import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.read.StrictJson;
import io.inboxcheck.model.Card;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Python example's own sqlite database, after a generated workload over HTTP, exported as JSON
 * Lines by the script beside it ({@code export_log.py}, every line matching {@code
 * docs/conform-log.schema.json}): the correct receiver conforms with no divergence, its log read
 * with the cards known or cut from nowhere; each planted mistake diverges, and the first
 * divergence's scenario fails against the mistaken receiver and passes against the model. The
 * workloads are seeded: {@link #SEED}.
 */
class PythonConformTests {
  static final long SEED = 20241201;
  static final String EXPORT = "examples/python-receiver/export_log.py";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Schema SCHEMA = schema();

  @TempDir Path folder;

  private static Schema schema() {
    try {
      Path file = ProjectPaths.root().resolve("docs/conform-log.schema.json");
      return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
          .getSchema(JSON.readTree(Files.readString(file)));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void theCorrectReceiversExportedLogConforms() throws Exception {
    Scenario workload = workload(SEED);
    Path log = run(workload, PythonReceiver.COMMAND, "correct");
    Judge.Settings settings = new Judge.Settings(Workloads.RETENTION, Workloads.TYPES, false);

    Tally known =
        Conform.run(
                new JsonLinesFile(log),
                new Conform.Options(LogStart.complete(workload.initial()), settings, false))
            .tally();
    Tally unknown =
        Conform.run(new JsonLinesFile(log), new Conform.Options(LogStart.UNKNOWN, settings, false))
            .tally();

    for (Tally tally : List.of(known, unknown)) {
      assertThat(tally.divergenceCount()).as(tally.divergenceExamples().toString()).isZero();
      assertThat(tally.breachCount()).as(tally.breachExamples().toString()).isZero();
      assertThat(tally.agreeing().get("deliver")).isPositive();
    }
    for (String line : Files.readAllLines(log)) {
      assertThat(SCHEMA.validate(JSON.readTree(line))).as(line).isEmpty();
    }
    // The audit keeps a card after its re-evaluations, never the authority's snapshot itself.
    assertThat(known.unjudged().keySet()).isSubsetOf(Unjudged.Reason.AUTHORITY_NOT_RECORDED);
    assertThat(unknown.unjudgedCount()).isPositive();
  }

  @Test
  void lastArrivalWinsDivergesAndItsScenarioReplays() throws Exception {
    plantedMistake("last-arrival-wins");
  }

  @Test
  void slidingRetentionDivergesOnlyAfterARetentionBoundaryAndItsScenarioReplays() throws Exception {
    String scenario = plantedMistake("sliding-retention");
    JsonObject file = (JsonObject) new StrictJson().parseFile(Path.of(scenario));
    // The redelivery that shows it came a whole retention window after its id's first receipt.
    assertThat(file.canonicalText()).contains("\"decision\":\"DUPLICATE\"");
  }

  /** Runs the mistaken receiver, conforms its log, replays the scenario; returns the scenario. */
  private String plantedMistake(String mistake) throws Exception {
    Scenario workload = workload(SEED);
    String command = PythonReceiver.COMMAND + " --mistake " + mistake;
    Path log = run(workload, command, mistake);
    Path initial = Files.writeString(folder.resolve("initial.json"), initialCards(workload));
    Path reports = folder.resolve("reports-" + mistake);

    int conform =
        cli(
            new StringWriter(),
            "conform",
            log.toString(),
            "--initial",
            initial.toString(),
            "--reports",
            reports.toString());

    assertThat(conform).as("conform of the " + mistake + " log, seed " + SEED).isEqualTo(1);
    Path scenario;
    try (Stream<Path> files = Files.list(reports)) {
      scenario =
          files
              .filter(file -> file.getFileName().toString().startsWith("conform-"))
              .filter(file -> file.toString().endsWith(".json"))
              .findFirst()
              .orElseThrow();
    }
    int steps = new ScenarioReader().read(scenario).steps().size();
    assertThat(steps).as(Files.readString(scenario)).isBetween(1, 8);
    StringWriter failure = new StringWriter();
    assertThat(cli(failure, "replay", "--receiver", "exec:" + command, scenario.toString()))
        .as("replay against the " + mistake + " receiver")
        .isEqualTo(1);
    // The same failure: the receiver decides the last step otherwise, as the log recorded.
    assertThat(failure.toString()).contains("step " + steps + ": decision: expected");
    assertThat(cli(new StringWriter(), "replay", scenario.toString()))
        .as("replay against the model")
        .isEqualTo(0);
    return scenario.toString();
  }

  private static Scenario workload(long seed) {
    return Workloads.draw(Choices.random(seed, 1_000_000), "python-conform", 160, 160);
  }

  /** Runs {@code workload} against the receiver {@code command} and exports its database. */
  private Path run(Scenario workload, String command, String name) throws Exception {
    PythonReceiver.requirePython();
    Path data = folder.resolve("data-" + name);
    try (HttpReceivers receivers =
        HttpReceivers.exec(command + " --data " + data, PythonReceiver.TIMEOUT)) {
      new ScenarioRunner(receivers).replay(workload);
    }
    Path log = folder.resolve(name + ".jsonl");
    Process export =
        new ProcessBuilder("python3", EXPORT, data.toString())
            .redirectOutput(log.toFile())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    assertThat(export.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(export.exitValue()).isZero();
    return log;
  }

  private static String initialCards(Scenario workload) {
    TreeMap<String, io.inboxcheck.json.JsonValue> cards = new TreeMap<>();
    for (Map.Entry<String, Card> card : workload.initial().entrySet()) {
      cards.put(
          card.getKey(),
          new JsonObject(
              new TreeMap<>(
                  Map.of(
                      "version",
                      io.inboxcheck.json.JsonNumber.of(card.getValue().version()),
                      "state",
                      card.getValue().state()))));
    }
    return "{\"cards\": " + new JsonObject(cards).canonicalText() + "}";
  }

  /** Runs the command line, printing what it printed; its error stream also goes to {@code err}. */
  private static int cli(StringWriter err, String... arguments) {
    StringWriter out = new StringWriter();
    int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), arguments);
    System.out.println(String.join(" ", arguments) + " -> " + code + "\n" + out + err);
    return code;
  }
}
