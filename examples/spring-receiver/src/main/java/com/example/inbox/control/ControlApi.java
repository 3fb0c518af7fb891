package com.example.inbox.control;

import com.example.inbox.Acceptance;
import com.example.inbox.Card;
import com.example.inbox.Json;
import com.example.inbox.ReceiverClock;
import com.example.inbox.Reconciliation;
import com.example.inbox.Workers;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * inboxcheck's control API, {@code /inboxcheck/*} (docs/receiver-protocol.md): a test seam that
 * exists only when the environment says {@code INBOXCHECK_CONTROL=1}; otherwise every such path
 * answers 404, as any unknown path does. Every request must carry {@code Inboxcheck-Secret} equal
 * to {@code INBOXCHECK_CONTROL_SECRET}, compared in constant time, else 403 and nothing changes;
 * enabled without a secret, the service refuses to start.
 */
@RestController
@RequestMapping("/inboxcheck")
@ConditionalOnProperty(name = "INBOXCHECK_CONTROL", havingValue = "1")
public class ControlApi {
  static final String PROTOCOL = "inboxcheck-receiver-protocol/1";
  /**
   * Below the request timeout the checks use (60 s, pom.xml), so a stuck worker is reported, not
   * timed out.
   */
  private static final Duration SETTLE_LIMIT = Duration.ofSeconds(30);

  private final byte[] secret;
  private final ControlState state;
  private final Acceptance acceptance;
  private final ReceiverClock clock;
  private final Reconciliation reconciliation;
  private final Workers workers;

  ControlApi(
      @Value("${INBOXCHECK_CONTROL_SECRET:}") String secret,
      ControlState state,
      Acceptance acceptance,
      ReceiverClock clock,
      Reconciliation reconciliation,
      Workers workers) {
    if (secret.isBlank()) {
      throw new IllegalStateException("INBOXCHECK_CONTROL=1 needs INBOXCHECK_CONTROL_SECRET");
    }
    this.secret = secret.getBytes(StandardCharsets.UTF_8);
    this.state = state;
    this.acceptance = acceptance;
    this.clock = clock;
    this.reconciliation = reconciliation;
    this.workers = workers;
    clock.controlledFromOutside();
  }

  /** A control request refused: answered with its status and one line. */
  static final class Refused extends RuntimeException {
    final HttpStatus status;

    Refused(HttpStatus status, String message) {
      super(message);
      this.status = status;
    }
  }

  @PostMapping("/reset")
  ResponseEntity<String> reset(
      @RequestHeader(value = "Inboxcheck-Secret", required = false) String given,
      @RequestBody(required = false) byte[] body) {
    authorize(given);
    JsonNode setup = object(body);
    for (String key : List.of("initial", "supported_types", "retention", "start")) {
      if (!setup.has(key)) {
        throw new Refused(HttpStatus.BAD_REQUEST, "reset needs " + key);
      }
    }
    SortedMap<String, Card> initial = cards(setup.get("initial"));
    acceptance.disarm();
    state.reset(
        initial,
        setup.get("supported_types"),
        duration(setup.get("retention").asText()),
        instant(setup.get("start").asText()));
    ObjectNode answer = Json.object();
    answer.put("protocol", PROTOCOL);
    answer.put("acknowledges", "accepted");
    return json(answer);
  }

  @PostMapping("/clock")
  ResponseEntity<String> clock(
      @RequestHeader(value = "Inboxcheck-Secret", required = false) String given,
      @RequestBody(required = false) byte[] body) {
    authorize(given);
    Instant time = instant(object(body).path("time").asText());
    List<String> pruned = clock.moveTo(time);
    ObjectNode answer = Json.object();
    answer.put("clock", time.toString());
    pruned.forEach(answer.putArray("pruned")::add);
    return json(answer);
  }

  @PostMapping("/reconcile")
  ResponseEntity<String> reconcile(
      @RequestHeader(value = "Inboxcheck-Secret", required = false) String given,
      @RequestBody(required = false) byte[] body) {
    authorize(given);
    SortedMap<String, Card> authority = cards(object(body).path("objects"));
    ObjectNode answer = Json.object();
    reconciliation.reconcile(authority).forEach(answer.putArray("objects")::add);
    return json(answer);
  }

  @GetMapping("/view")
  ResponseEntity<String> view(
      @RequestHeader(value = "Inboxcheck-Secret", required = false) String given) {
    authorize(given);
    return json(state.view());
  }

  @PostMapping("/fail-next-write")
  ResponseEntity<String> failNextWrite(
      @RequestHeader(value = "Inboxcheck-Secret", required = false) String given) {
    authorize(given);
    acceptance.failNextWrite();
    return json(Json.object().put("armed", true));
  }

  /** Answers once every delivery accepted before it is decided and recorded (SPEC 3.6). */
  @PostMapping("/settle")
  ResponseEntity<String> settle(
      @RequestHeader(value = "Inboxcheck-Secret", required = false) String given)
      throws InterruptedException {
    authorize(given);
    long deadline = System.nanoTime() + SETTLE_LIMIT.toNanos();
    while (!state.nothingPending()) {
      if (System.nanoTime() > deadline) {
        throw new Refused(
            HttpStatus.SERVICE_UNAVAILABLE,
            "deliveries still pending after " + SETTLE_LIMIT.toSeconds() + " s");
      }
      workers.wake();
      Thread.sleep(5);
    }
    return json(Json.object().put("settled", true));
  }

  @ExceptionHandler(Refused.class)
  ResponseEntity<String> refused(Refused refused) {
    return error(refused.status, refused.getMessage());
  }

  @ExceptionHandler(ReceiverClock.Backwards.class)
  ResponseEntity<String> backwards(ReceiverClock.Backwards backwards) {
    return error(HttpStatus.CONFLICT, backwards.getMessage());
  }

  private void authorize(String given) {
    byte[] presented = given == null ? new byte[0] : given.getBytes(StandardCharsets.UTF_8);
    if (!MessageDigest.isEqual(presented, secret)) {
      throw new Refused(
          HttpStatus.FORBIDDEN, "control requests need the Inboxcheck-Secret of this run");
    }
  }

  private static JsonNode object(byte[] body) {
    String text = body == null ? "" : new String(body, StandardCharsets.UTF_8);
    JsonNode request = text.isBlank() ? Json.object() : readOrRefuse(text);
    if (!request.isObject()) {
      throw new Refused(HttpStatus.BAD_REQUEST, "the control request must be a JSON object");
    }
    return request;
  }

  private static JsonNode readOrRefuse(String body) {
    try {
      return Json.read(body);
    } catch (IllegalStateException notJson) {
      throw new Refused(HttpStatus.BAD_REQUEST, "the control request is not JSON");
    }
  }

  /** {@code {ID: {"version", "state"}}} as cards, ascending; 400 when one is not a card. */
  private static SortedMap<String, Card> cards(JsonNode objects) {
    if (!objects.isObject()) {
      throw new Refused(HttpStatus.BAD_REQUEST, "cards must be a JSON object of objects");
    }
    SortedMap<String, Card> cards = new TreeMap<>();
    for (Map.Entry<String, JsonNode> member : objects.properties()) {
      JsonNode version = member.getValue().path("version");
      JsonNode cardState = member.getValue().path("state");
      if (!Json.isValidVersion(version) || !cardState.isObject()) {
        throw new Refused(
            HttpStatus.BAD_REQUEST, member.getKey() + " needs a version and a state object");
      }
      cards.put(
          member.getKey(),
          new Card(version.decimalValue().longValueExact(), cardState, false));
    }
    return cards;
  }

  private static Instant instant(String text) {
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      throw new Refused(HttpStatus.BAD_REQUEST, "not a UTC instant like 2024-01-01T08:00:00Z: " + text);
    }
  }

  private static Duration duration(String text) {
    try {
      return Duration.parse(text);
    } catch (DateTimeParseException e) {
      throw new Refused(HttpStatus.BAD_REQUEST, "not an ISO-8601 duration like PT24H: " + text);
    }
  }

  private static ResponseEntity<String> json(Object document) {
    return ResponseEntity.ok()
        .contentType(MediaType.APPLICATION_JSON)
        .body(document instanceof String text ? text : Json.write(document));
  }

  private static ResponseEntity<String> error(HttpStatus status, String message) {
    return ResponseEntity.status(status)
        .contentType(MediaType.APPLICATION_JSON)
        .body(Json.write(Json.object().put("error", message)));
  }
}
