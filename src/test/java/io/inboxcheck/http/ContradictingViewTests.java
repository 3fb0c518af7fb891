package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.inboxcheck.cli.CommandRun;
import io.inboxcheck.json.JsonString;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A receiver whose identity record names an arrival missing from its audit is reported as the
 * finding AUDIT_APPEND_ONLY (VIEW_CONTRADICTS_AUDIT), saying what names which arrival, and never as
 * an exception. The receiver is a stand-in over HTTP that answers one delivery correctly and then
 * shows a view whose identity record points at arrival 2 while its audit holds arrival 1 only.
 */
class ContradictingViewTests {
  private static final String PROTOCOL = "\"protocol\":\"inboxcheck-receiver-protocol/1\"";
  private static final String APPLIED =
      "{\"decision\":\"APPLIED\",\"reason\":null,\"restates\":null}";
  private static final String ENVELOPE =
      "{\"event_id\":\"e-1\",\"object_id\":\"card-1\",\"object_version\":1,"
          + "\"type\":\"card.snapshot\",\"state\":{\"stage\":\"ready\"}}";
  private static final String SCENARIO =
      "{\"name\": \"one-delivery\", \"start\": \"2024-01-01T00:00:00Z\","
          + " \"initial\": {\"card-1\": {\"version\": 0, \"state\": {\"stage\": \"new\"}}},"
          + " \"steps\": [{\"deliver\": "
          + ENVELOPE
          + "}]}";

  @TempDir Path folder;
  private HttpServer server;
  private volatile boolean delivered;

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/inboxcheck/reset",
        exchange -> {
          delivered = false;
          ViewInAnswersStandIn.answer(exchange, "{" + PROTOCOL + "}");
        });
    server.createContext(
        "/webhook",
        exchange -> {
          delivered = true;
          ViewInAnswersStandIn.answer(exchange, APPLIED);
        });
    server.createContext(
        "/inboxcheck/view", exchange -> ViewInAnswersStandIn.answer(exchange, view()));
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  @Test
  void anIdentityNamingAnArrivalTheAuditLacksIsAFindingOfItsOwn() throws IOException {
    Path scenario = Files.writeString(folder.resolve("one-delivery.json"), SCENARIO);
    String address = "http://127.0.0.1:" + server.getAddress().getPort();

    CommandRun run =
        CommandRun.of(
            "replay", "--receiver", address, "--receiver-secret", "s", scenario.toString());

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.err())
        .contains(
            "AUDIT_APPEND_ONLY (VIEW_CONTRADICTS_AUDIT) broken after step 1 (deliver): expected"
                + " view names only arrivals its audit lists as deliveries; observed named by the"
                + " first record of identity e-1 ($.identities[0].first), arrival 2, audit's"
                + " deliveries arrivals 1")
        .doesNotContain("xception")
        .doesNotContain("ReceiverFailure")
        .doesNotContain("RECEIVER_ANSWERS");
  }

  /** The initial card before the delivery; after it, an identity naming an arrival not audited. */
  private String view() {
    if (!delivered) {
      return "{"
          + PROTOCOL
          + ",\"clock\":\"2024-01-01T00:00:00Z\","
          + "\"cards\":{\"card-1\":{\"version\":0,\"state\":{\"stage\":\"new\"},\"paused\":false}},"
          + "\"held\":[],\"identities\":[],\"replacements\":{\"event\":0,\"authoritative\":0},"
          + "\"audit\":[]}";
    }
    return "{"
        + PROTOCOL
        + ",\"clock\":\"2024-01-01T00:00:00Z\","
        + "\"cards\":{\"card-1\":{\"version\":1,\"state\":{\"stage\":\"ready\"},\"paused\":false}},"
        + "\"held\":[],"
        + "\"identities\":[{\"event_id\":\"e-1\",\"first_received_at\":\"2024-01-01T00:00:00Z\","
        + "\"first\":{\"arrival\":2,\"received_at\":\"2024-01-01T00:00:00Z\",\"decisions\":["
        + APPLIED
        + "]},\"variants\":[]}],"
        + "\"replacements\":{\"event\":1,\"authoritative\":0},"
        + "\"audit\":[{\"kind\":\"delivery\",\"arrival\":1,\"envelope\":"
        + new JsonString(ENVELOPE).canonicalText()
        + ",\"decision\":"
        + APPLIED
        + ",\"variant\":false,\"paused\":[],\"at\":\"2024-01-01T00:00:00Z\"}]}";
  }
}
