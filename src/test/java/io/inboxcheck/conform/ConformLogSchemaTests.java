package io.inboxcheck.conform;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.inboxcheck.ProjectPaths;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/conform-log.schema.json} describes the lines conform reads: every line of the logs
 * the model writes for the scenario files, in every shape, matches it; lines conform rejects do
 * not.
 */
class ConformLogSchemaTests {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static Schema schema() throws Exception {
    Path file = ProjectPaths.root().resolve("docs/conform-log.schema.json");
    return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
        .getSchema(JSON.readTree(Files.readString(file)));
  }

  @Test
  void everyLineTheModelWritesMatchesTheSchema() throws Exception {
    Schema schema = schema();
    List<String> lines = new ArrayList<>();
    lines.add(LogLines.settings(Scenario.DEFAULT_RETENTION, Scenario.DEFAULT_SUPPORTED_TYPES));
    for (Path file : ProjectPaths.scenarioFiles()) {
      Scenario scenario = new ScenarioReader().read(file);
      for (ModelLogs.Shape shape :
          List.of(ModelLogs.Shape.FULL, ModelLogs.Shape.AUDIT, ModelLogs.Shape.DECISIONS)) {
        lines.addAll(ModelLogs.lines(scenario, ModelLogs.history(scenario), shape));
      }
    }
    lines.add("{\"kind\": \"clock\", \"at\": \"2024-01-01T08:00:00Z\"}");
    lines.add(
        "{\"at\": \"2024-01-01T08:00:00Z\", \"envelope\": {\"event_id\": \"e-1\"},"
            + " \"decision\": {\"decision\": \"HELD\", \"reason\": \"MALFORMED\"}}");
    assertThat(lines).hasSizeGreaterThan(300);
    for (String line : lines) {
      List<Error> errors = schema.validate(JSON.readTree(line));
      assertThat(errors).as(line).isEmpty();
    }
  }

  @Test
  void linesConformRejectsDoNotMatchTheSchema() throws Exception {
    Schema schema = schema();
    for (String line :
        List.of(
            "{\"kind\": \"delivery\", \"at\": \"2024-01-01T08:00:00Z\", \"envelope\": \"{}\"}",
            "{\"kind\": \"delivery\", \"at\": \"2024-01-01T08:00:00Z\", \"envelope\": \"{}\","
                + " \"decision\": {\"decision\": \"APPLY\"}}",
            "{\"kind\": \"delivery\", \"at\": \"2024-01-01T08:00:00Z\", \"envelope\": \"{}\","
                + " \"decision\": {\"decision\": \"HELD\", \"reason\": null}}",
            "{\"kind\": \"reconcile\", \"at\": \"2024-01-01T08:00:00Z\", \"authority\": {}}",
            "{\"kind\": \"rewind\", \"at\": \"2024-01-01T08:00:00Z\"}")) {
      assertThat(schema.validate(JSON.readTree(line))).as(line).isNotEmpty();
    }
  }
}
