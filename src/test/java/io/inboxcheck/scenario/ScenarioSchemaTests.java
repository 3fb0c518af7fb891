package io.inboxcheck.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.ScenarioRunner;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ReconcileOutcome;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.ModelReceiver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Keeps {@code scenarios/scenario.schema.json} (what editors check) and {@link ScenarioReader}
 * (what replay checks) in agreement: every scenario file passes both, each bad file under {@code
 * bad-scenarios/} is rejected by both, and the good variants are accepted by both.
 *
 * <p>Some mistakes a JSON Schema cannot see, so only the reader rejects them; those files live in
 * {@code bad-scenarios/reader-only/} and this test asserts the schema lets them through, so the
 * list stays honest: duplicate keys (a parsed document no longer has them), a step time before the
 * receiver clock (a relation between steps), an impossible date such as February 30 (the timestamp
 * pattern checks spelling, not the calendar). The schema is also a little looser than the reader on
 * numbers written with a fraction ({@code 3.0} is an integer to the schema, not to the reader) and
 * stricter on durations with negative parts ({@code P1DT-1H}); no file here relies on either.
 */
class ScenarioSchemaTests {
  private static final Path RESOURCES = ProjectPaths.root().resolve("src/test/resources");
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Schema schema = schema();

  @TestFactory
  Stream<DynamicTest> everyScenarioFileValidatesAgainstTheSchema() throws IOException {
    List<Path> files = ProjectPaths.scenarioFiles();
    assertThat(files).isNotEmpty();
    return files.stream()
        .map(
            file ->
                DynamicTest.dynamicTest(
                    ProjectPaths.scenarios().relativize(file).toString(),
                    () -> {
                      assertThat(schemaErrors(file)).as("schema errors in %s", file).isEmpty();
                      assertThat(firstField(file))
                          .as("%s names the schema first, so editors validate it", file)
                          .isEqualTo("$schema");
                    }));
  }

  @TestFactory
  Stream<DynamicTest> everyBadFileIsRejectedByTheSchemaAndByTheReader() throws IOException {
    List<Path> files = filesIn(RESOURCES.resolve("bad-scenarios"));
    assertThat(files).as("at least six different mistakes").hasSizeGreaterThanOrEqualTo(6);
    return files.stream()
        .map(
            file ->
                DynamicTest.dynamicTest(
                    file.getFileName().toString(),
                    () -> {
                      List<Error> errors = schemaErrors(file);
                      assertThat(errors).as("the schema rejects %s", file).isNotEmpty();
                      InputRejected rejected = rejection(file);
                      assertThat(rejected.source()).isEqualTo(file.toString());
                      assertThat(schemaPointers(errors))
                          .as("the schema and the reader point at the same place in %s", file)
                          .contains(rejected.position().replaceFirst("^at ", ""));
                    }));
  }

  @TestFactory
  Stream<DynamicTest> mistakesTheSchemaCannotSeeAreRejectedByTheReaderAlone() throws IOException {
    List<Path> files = filesIn(RESOURCES.resolve("bad-scenarios/reader-only"));
    assertThat(files).isNotEmpty();
    return files.stream()
        .map(
            file ->
                DynamicTest.dynamicTest(
                    file.getFileName().toString(),
                    () -> {
                      assertThat(schemaErrors(file))
                          .as("%s belongs with the other bad files once the schema sees it", file)
                          .isEmpty();
                      assertThatThrownBy(() -> new ScenarioReader().read(file))
                          .isInstanceOf(InputRejected.class);
                    }));
  }

  @TestFactory
  Stream<DynamicTest> goodVariantsAreAcceptedByTheSchemaAndByTheReader() throws IOException {
    List<Path> files = filesIn(RESOURCES.resolve("good-scenarios"));
    assertThat(files).isNotEmpty();
    return files.stream()
        .map(
            file ->
                DynamicTest.dynamicTest(
                    file.getFileName().toString(),
                    () -> {
                      assertThat(schemaErrors(file)).as("schema errors in %s", file).isEmpty();
                      assertThatCode(() -> new ScenarioReader().read(file))
                          .as("the reader accepts %s", file)
                          .doesNotThrowAnyException();
                    }));
  }

  @Test
  void closedSetExpectationsNameTheValidListWhenUnknown() throws IOException {
    Map<String, String> expected =
        Map.of(
            "unknown-decision.json", "/steps/0/expect/decision",
            "unknown-reason.json", "/steps/0/expect/reason",
            "unknown-ack.json", "/steps/0/expect/ack",
            "unknown-outcome.json", "/steps/1/expect/objects/card-1/outcome",
            "unknown-reevaluated-decision.json", "/steps/1/expect/reevaluated/0/decision");
    for (Map.Entry<String, String> file : expected.entrySet()) {
      Path path = RESOURCES.resolve("bad-scenarios").resolve(file.getKey());
      assertThatThrownBy(() -> new ScenarioReader().read(path))
          .as(file.getKey())
          .hasMessageContaining("at " + file.getValue())
          .hasMessageContaining("unknown value")
          .hasMessageContaining("expected one of");
    }
    assertThatThrownBy(
            () ->
                new ScenarioReader().read(RESOURCES.resolve("bad-scenarios/unknown-outcome.json")))
        .hasMessageEndingWith("expected one of CONFIRMED, CREATED, REPLACED");
  }

  @Test
  void theSchemasEnumerationsAreTheModelsOwn() throws IOException {
    JsonNode definitions = JSON.readTree(ProjectPaths.schema().toFile()).get("$defs");
    JsonNode deliver = definitions.at("/deliverExpectation/properties");
    JsonNode reconcile = definitions.at("/reconcileExpectation/properties");
    assertThat(enumeration(deliver.get("decision"))).isEqualTo(names(DecisionKind.values()));
    assertThat(enumeration(deliver.get("restates"))).isEqualTo(names(DecisionKind.values()));
    assertThat(enumeration(deliver.get("reason"))).isEqualTo(names(HeldReason.values()));
    assertThat(enumeration(deliver.get("ack"))).isEqualTo(names(Ack.values()));
    assertThat(enumeration(reconcile.at("/objects/additionalProperties/properties/outcome")))
        .isEqualTo(names(ReconcileOutcome.values()));
    JsonNode reevaluation = reconcile.at("/reevaluated/items/properties");
    assertThat(enumeration(reevaluation.get("decision"))).isEqualTo(names(DecisionKind.values()));
    assertThat(enumeration(reevaluation.get("reason"))).isEqualTo(names(HeldReason.values()));
  }

  @Test
  void everyPropertyOfTheSchemaIsDescribed() throws IOException {
    List<String> undescribed = new ArrayList<>();
    collectUndescribed(JSON.readTree(ProjectPaths.schema().toFile()), "", undescribed);
    assertThat(undescribed).as("properties without a description").isEmpty();
  }

  @Test
  void writtenScenarioFilesNameTheSchemaFirst() throws Exception {
    Scenario scenario =
        new ScenarioReader().read(ProjectPaths.scenarios().resolve("B62-15-events.json"));
    History history = new ScenarioRunner(ModelReceiver::new).replay(scenario);
    String written =
        ScenarioWriter.render(
            scenario, history, Map.of("failure", new JsonObject(new TreeMap<>())));
    assertThat(written).startsWith("{\n  \"$schema\": \"./scenario.schema.json\",\n");
    assertThat(schema.validate(JSON.readTree(written))).isEmpty();
    assertThat(new ScenarioReader().read("written", written).steps())
        .hasSameSizeAs(scenario.steps());
  }

  private static InputRejected rejection(Path file) {
    try {
      new ScenarioReader().read(file);
    } catch (InputRejected rejected) {
      return rejected;
    }
    throw new AssertionError("the reader accepted " + file);
  }

  /**
   * Where the schema's errors point: the value's location, and for a missing or unknown member the
   * member itself, which is where the reader points for an unknown field.
   */
  private static Set<String> schemaPointers(List<Error> errors) {
    Set<String> pointers = new TreeSet<>();
    for (Error error : errors) {
      String location = error.getInstanceLocation().toString();
      pointers.add(location.isEmpty() ? "/" : location);
      if (error.getProperty() != null) {
        pointers.add(location + "/" + error.getProperty());
      }
    }
    return pointers;
  }

  private static void collectUndescribed(JsonNode node, String pointer, List<String> undescribed) {
    if (node.isArray()) {
      for (int index = 0; index < node.size(); index++) {
        collectUndescribed(node.get(index), pointer + "/" + index, undescribed);
      }
      return;
    }
    if (!node.isObject()) {
      return;
    }
    JsonNode properties = node.get("properties");
    if (properties != null) {
      for (Iterator<String> names = properties.fieldNames(); names.hasNext(); ) {
        String name = names.next();
        if (!properties.get(name).hasNonNull("description")) {
          undescribed.add(pointer + "/properties/" + name);
        }
      }
    }
    for (Iterator<Map.Entry<String, JsonNode>> members = node.fields(); members.hasNext(); ) {
      Map.Entry<String, JsonNode> member = members.next();
      collectUndescribed(member.getValue(), pointer + "/" + member.getKey(), undescribed);
    }
  }

  private static List<String> enumeration(JsonNode property) {
    List<String> values = new ArrayList<>();
    property.get("enum").forEach(value -> values.add(value.isNull() ? null : value.asText()));
    return values.stream().filter(Objects::nonNull).sorted().toList();
  }

  private static List<String> names(Enum<?>[] values) {
    return Arrays.stream(values).map(Enum::name).sorted().toList();
  }

  private List<Error> schemaErrors(Path file) throws IOException {
    return schema.validate(JSON.readTree(file.toFile()));
  }

  private static String firstField(Path file) throws IOException {
    return JSON.readTree(file.toFile()).fieldNames().next();
  }

  private static Schema schema() {
    try {
      JsonNode schemaNode = JSON.readTree(ProjectPaths.schema().toFile());
      return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
          .getSchema(schemaNode);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + ProjectPaths.schema(), e);
    }
  }

  /** The JSON files directly in {@code folder}; subfolders hold other kinds of case. */
  private static List<Path> filesIn(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files
          .filter(Files::isRegularFile)
          .filter(file -> file.toString().endsWith(".json"))
          .sorted()
          .toList();
    }
  }
}
