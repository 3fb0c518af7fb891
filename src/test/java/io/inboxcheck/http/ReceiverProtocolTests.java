package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.inboxcheck.ProjectPaths;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import io.inboxcheck.scenario.ScenarioStep;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The example receiver speaks the protocol as docs/receiver-protocol.md specifies it: every request
 * the harness sends and every answer the receiver gives over the guide's scenario validates against
 * the message's JSON Schema, every view an answer carries is the one {@code GET view} answers right
 * after it, and the control API refuses a request without the run's secret and changes nothing.
 */
class ReceiverProtocolTests {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path SCHEMAS = ProjectPaths.root().resolve("docs/receiver-protocol");

  private ReceiverProcess process;
  private ReceiverClient client;

  @BeforeEach
  void start() {
    PythonReceiver.requirePython();
    process = ReceiverProcess.start(PythonReceiver.COMMAND, PythonReceiver.TIMEOUT);
    client =
        new ReceiverClient("python", process.address(), process.secret(), PythonReceiver.TIMEOUT);
  }

  @AfterEach
  void stop() {
    if (process != null) {
      process.close();
    }
  }

  @Test
  void everyMessageOfTheGuidesScenarioMatchesItsSchema() throws Exception {
    Scenario guide =
        new ScenarioReader().read(ProjectPaths.scenarios().resolve("B62-15-events.json"));
    String reset = ProtocolValues.resetRequest(guide.setup());
    assertValid("reset-request", reset);
    String resetAnswer = client.control("reset", reset, "reset").body();
    assertValid("reset-answer", resetAnswer);
    assertThat(JSON.readTree(resetAnswer).path("view_in_answers").asBoolean())
        .as("the example declares views in answers unless --views-on-request")
        .isTrue();
    assertCarriesTheView(resetAnswer);
    for (ScenarioStep step : guide.steps()) {
      if (step.time() != null) {
        String clock = ProtocolValues.clockRequest(step.time());
        assertValid("clock-request", clock);
        String clockAnswer = client.control("clock", clock, "clock").body();
        assertValid("clock-answer", clockAnswer);
        assertCarriesTheView(clockAnswer);
      }
      if (step instanceof ScenarioStep.Deliver deliver) {
        ReceiverClient.Answer answer =
            client.deliver(deliver.envelope().text(), Map.of(), "delivery");
        assertThat(answer.successful()).as("step %s", step.number()).isTrue();
        assertValid("webhook-answer", answer.body());
        assertCarriesTheView(answer.body());
      } else if (step instanceof ScenarioStep.Reconcile reconcile) {
        String request = ProtocolValues.reconcileRequest(reconcile.authority());
        assertValid("reconcile-request", request);
        String reconcileAnswer = client.control("reconcile", request, "reconcile").body();
        assertValid("reconcile-answer", reconcileAnswer);
        assertCarriesTheView(reconcileAnswer);
      }
    }
    String armed = client.control("fail-next-write", "{}", "arm").body();
    assertValid("fail-next-write-answer", armed);
    assertCarriesTheView(armed);
    ReceiverClient.Answer failed =
        client.deliver(firstEnvelope(guide), Map.of(), "delivery after the fault");
    assertThat(failed.status()).isEqualTo(503);
    assertValid("error-answer", failed.body());
    assertThat(JSON.readTree(failed.body()).has("view")).as("a refusal carries no view").isFalse();

    String view = client.read("view", "view").body();
    assertValid("view-answer", view);
    JsonNode viewTree = JSON.readTree(view);
    assertThat(viewTree.get("audit").size())
        .as("one entry per delivery, authority, resolution and re-evaluation")
        .isEqualTo(10 + 2 + 1 + 2);
    assertThat(viewTree.get("held").findValuesAsText("event_id")).containsExactly("e-300", "e-204");
  }

  /**
   * A receiver that acknowledges on acceptance declares it, lists what it accepted as pending, and
   * answers a settle once nothing is: every message matches its schema.
   */
  @Test
  void theMessagesOfAReceiverThatDecidesLaterMatchTheirSchemas() throws Exception {
    Scenario guide =
        new ScenarioReader().read(ProjectPaths.scenarios().resolve("B62-15-events.json"));
    try (ReceiverProcess accepting =
        ReceiverProcess.start(
            PythonAcceptThenDecideTests.ACCEPTING + " --poll-seconds 60", PythonReceiver.TIMEOUT)) {
      ReceiverClient later =
          new ReceiverClient(
              "python", accepting.address(), accepting.secret(), PythonReceiver.TIMEOUT);
      String resetAnswer =
          later.control("reset", ProtocolValues.resetRequest(guide.setup()), "reset").body();
      assertValid("reset-answer", resetAnswer);
      assertThat(JSON.readTree(resetAnswer).path("acknowledges").asText()).isEqualTo("accepted");
      ReceiverClient.Answer accepted =
          later.deliver(firstEnvelope(guide), Map.of(), "an accepted delivery");
      assertThat(accepted.successful()).isTrue();
      assertValid("webhook-answer", accepted.body());
      assertThat(JSON.readTree(accepted.body()).has("decision"))
          .as("an acceptance states no decision")
          .isFalse();
      String queued = later.read("view", "view").body();
      assertValid("view-answer", queued);
      assertThat(JSON.readTree(queued).get("pending").findValuesAsText("envelope"))
          .containsExactly(firstEnvelope(guide));
      assertValid("settle-request", "{}");
      String settled = later.control("settle", "{}", "settle").body();
      assertValid("settle-answer", settled);
      JsonNode after = JSON.readTree(settled).get("view");
      assertValid("view-answer", after.toString());
      assertThat(after.get("pending").size()).isZero();
      assertThat(after.get("audit").get(0).path("arrival").asInt()).isEqualTo(1);
    }
  }

  @Test
  void aControlRequestWithoutTheSecretIsRefusedAndChangesNothing() throws Exception {
    Scenario guide =
        new ScenarioReader().read(ProjectPaths.scenarios().resolve("B62-15-events.json"));
    client.control("reset", ProtocolValues.resetRequest(guide.setup()), "reset");
    client.deliver(firstEnvelope(guide), Map.of(), "first delivery");
    String before = client.read("view", "view").body();
    String wipe = ProtocolValues.resetRequest(guide.withSteps(List.of(), null).setup());
    String authority = "{\"objects\":{\"card-7\":{\"version\":99,\"state\":{\"stage\":\"gone\"}}}}";

    List<ReceiverClient.Answer> refused =
        List.of(
            client.raw("POST", "/inboxcheck/reconcile", authority, Map.of()),
            client.raw("POST", "/inboxcheck/reset", wipe, Map.of("Inboxcheck-Secret", "guess")),
            client.raw(
                "POST", "/inboxcheck/clock", "{\"time\":\"2030-01-01T00:00:00Z\"}", Map.of()),
            client.raw("POST", "/inboxcheck/fail-next-write", "{}", Map.of()),
            client.raw("GET", "/inboxcheck/view", "", Map.of()));

    for (ReceiverClient.Answer answer : refused) {
      assertThat(answer.status()).isEqualTo(403);
      assertValid("error-answer", answer.body());
    }
    assertThat(client.read("view", "view").body()).isEqualTo(before);
    assertThat(JSON.readTree(before).get("cards").get("card-7").get("version").asLong())
        .isEqualTo(12);
  }

  /** The schemas hold a view in an answer to its place: a stray member is still refused. */
  @Test
  void aWebhookAnswerWithAViewKeepsItsMembersStrict() throws Exception {
    String decision = "\"decision\":\"APPLIED\",\"reason\":null,\"restates\":null";
    String clock = "\"clock\":\"2024-01-01T00:00:00Z\",\"pruned\":[]";

    assertThat(errors("webhook-answer", "{" + decision + ",\"view\":{}}")).isEmpty();
    assertThat(errors("webhook-answer", "{\"view\":{}}")).isEmpty();
    assertThat(errors("webhook-answer", "{" + decision + ",\"views\":{}}")).isNotEmpty();
    assertThat(errors("webhook-answer", "{\"view\":[]}")).isNotEmpty();
    assertThat(errors("webhook-answer", "{\"reason\":null,\"view\":{}}")).isNotEmpty();
    assertThat(errors("clock-answer", "{" + clock + ",\"view\":{}}")).isEmpty();
    assertThat(errors("clock-answer", "{" + clock + ",\"viewed\":{}}")).isNotEmpty();
  }

  /**
   * The view an answer carries validates as a view and equals what {@code GET view} answers right
   * after it, the promise of a receiver that declares views in answers.
   */
  /**
   * What docs/receiver-protocol.md settles about the wire, as the schemas and the example say it: a
   * reconcile request carries no time (the clock is moved first), a held input without a usable id
   * has a null event_id and never "", and a path or method outside the protocol answers 404 with an
   * error body.
   */
  @Test
  void theSchemasAndTheExampleSettleWhatTheProtocolLeftOpen() throws Exception {
    assertThat(errors("reconcile-request", "{\"objects\": {}, \"at\": \"2024-01-01T00:00:00Z\"}"))
        .as("a reconcile request carries no time")
        .isNotEmpty();
    String view =
        "{\"protocol\": \"inboxcheck-receiver-protocol/1\", \"clock\": \"2024-01-01T00:00:00Z\","
            + " \"cards\": {}, \"held\": [{\"arrival\": 1, \"event_id\": %s, \"reason\":"
            + " \"MALFORMED\"}], \"identities\": [], \"audit\": [], \"replacements\":"
            + " {\"event\": 0, \"authoritative\": 0}}";
    assertThat(errors("view-answer", view.formatted("null"))).isEmpty();
    assertThat(errors("view-answer", view.formatted("\"\""))).as("event_id \"\"").isNotEmpty();
    assertThat(errors("view-answer", view.formatted("12"))).as("event_id 12").isNotEmpty();

    Map<String, String> secret = Map.of(ReceiverClient.SECRET_HEADER, process.secret());
    for (String[] request :
        List.of(
            new String[] {"GET", "/webhook"},
            new String[] {"POST", "/nowhere"},
            new String[] {"POST", "/inboxcheck/view"},
            new String[] {"GET", "/inboxcheck/reset"})) {
      ReceiverClient.Answer answer = client.raw(request[0], request[1], "", secret);
      assertThat(answer.status()).as("%s %s", request[0], request[1]).isEqualTo(404);
      assertValid("error-answer", answer.body());
    }
  }

  private void assertCarriesTheView(String answer) throws Exception {
    JsonNode carried = JSON.readTree(answer).get("view");
    assertThat(carried).as("the view in %s", answer).isNotNull();
    assertValid("view-answer", carried.toString());
    assertThat(carried).isEqualTo(JSON.readTree(client.read("view", "view").body()));
  }

  private static String firstEnvelope(Scenario scenario) {
    return ((ScenarioStep.Deliver) scenario.steps().get(0)).envelope().text();
  }

  private static void assertValid(String message, String body) throws Exception {
    assertThat(errors(message, body)).as("%s against %s.schema.json", body, message).isEmpty();
  }

  private static List<Error> errors(String message, String body) throws Exception {
    Path file = SCHEMAS.resolve(message + ".schema.json");
    Schema schema =
        SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
            .getSchema(JSON.readTree(Files.readString(file)));
    return schema.validate(JSON.readTree(body));
  }
}
