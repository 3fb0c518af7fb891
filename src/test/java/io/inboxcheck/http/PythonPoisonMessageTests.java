package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.cli.Main;
import io.inboxcheck.json.DeliveryBounds;
import io.inboxcheck.scenario.ScenarioReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bodies past the delivery bounds (SPEC section 1.5) at the example receiver: far past them too (a
 * body nested 1,000 and 100,000 levels, where Python's own parser gives up, and one longer than the
 * size bound), each acknowledged and held MALFORMED, so a provider stops retrying it; with the
 * mistake that lets its parser's bounds raise, each is refused with a 5xx, and replaying the bounds
 * scenario names that a poison message.
 */
class PythonPoisonMessageTests {
  private static final String MISTAKE = "bounded-parser-raises";
  private ReceiverProcess process;

  @AfterEach
  void stop() {
    if (process != null) {
      process.close();
    }
  }

  private static String envelope(String state) {
    return "{\"event_id\": \"e-1\", \"object_id\": \"card-1\", \"object_version\": 11,"
        + " \"occurred_at\": \"2024-05-01T10:00:00Z\", \"type\": \"card.snapshot\", \"state\": "
        + state
        + "}";
  }

  static Stream<Arguments> farPastTheBounds() {
    int bodyBound = (int) DeliveryBounds.DEFAULT.maxBodyBytes();
    return Stream.of(
        Arguments.of("nested 1,000 levels", envelope("[".repeat(1_000) + "]".repeat(1_000))),
        Arguments.of("nested 100,000 levels", envelope("[".repeat(100_000) + "]".repeat(100_000))),
        Arguments.of(
            "longer than the size bound",
            envelope("{\"note\": \"" + "x".repeat(bodyBound) + "\"}")));
  }

  /** Sends {@code body} to a fresh receiver reset to one card, and returns its answer. */
  private ReceiverClient.Answer deliverTo(String command, String body) throws Exception {
    PythonReceiver.requirePython();
    process = ReceiverProcess.start(command, PythonReceiver.TIMEOUT);
    ReceiverClient client =
        new ReceiverClient(command, process.address(), process.secret(), PythonReceiver.TIMEOUT);
    var setup =
        new ScenarioReader().read(ProjectPaths.scenarios().resolve("delivery-bounds.json")).setup();
    client.control("reset", ProtocolValues.resetRequest(setup), "reset");
    return client.deliver(body, Map.of(), "the delivery");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("farPastTheBounds")
  void theExampleAcknowledgesItHeldMalformed(String what, String body) throws Exception {
    ReceiverClient.Answer answer = deliverTo(PythonReceiver.COMMAND, body);

    assertThat(answer.status()).as(what).isEqualTo(200);
    assertThat(answer.body())
        .as(what)
        .startsWith("{\"decision\":\"HELD\",\"reason\":\"MALFORMED\"");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("farPastTheBounds")
  void theMistakeRefusesItEveryTime(String what, String body) throws Exception {
    ReceiverClient.Answer answer =
        deliverTo(PythonReceiver.COMMAND + " --mistake " + MISTAKE, body);

    assertThat(answer.status()).as(what).isEqualTo(500);
  }

  @Test
  void replayingTheBoundsScenarioNamesThePoisonMessage() {
    PythonReceiver.requirePython();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit =
        Main.run(
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            "replay",
            "--receiver",
            "exec:" + PythonReceiver.COMMAND + " --mistake " + MISTAKE,
            ProjectPaths.scenarios().resolve("delivery-bounds.json").toString());

    assertThat(exit).as(out + "" + err).isEqualTo(1);
    assertThat(out + "" + err)
        .contains(
            "CONFORMANCE broken after step 2 (deliver): expected ack ACK, decision HELD"
                + " MALFORMED; observed ack NO_ACK, a poison message: the provider retries this"
                + " forever");
  }
}
