package com.example.inbox;

import com.fasterxml.jackson.databind.JsonNode;
import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonNull;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.ContractReceiver;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ObservedState;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The inbox behind inboxcheck's small receiver contract: requests go in as the body text a
 * provider sends, and the inbox's cards, held deliveries and counters come back as inboxcheck's
 * values. inboxcheck constructs one per scenario from the scenario's setup.
 */
public final class InboxUnderCheck implements ContractReceiver {
  private final Inbox inbox;

  /**
   * Each body the inbox was given, as the envelope it came in: a held body past the delivery
   * bounds was never parsed, and reading it back as delivered keeps its content what was sent.
   */
  private final Map<String, Envelope> delivered = new HashMap<>();

  public InboxUnderCheck(ReceiverSetup setup) {
    TreeMap<String, Inbox.Card> initial = new TreeMap<>();
    setup
        .initialCards()
        .forEach(
            (id, card) ->
                initial.put(id, new Inbox.Card(card.version(), toJackson(card.state()), false)));
    this.inbox = new Inbox(initial, setup.supportedTypes(), setup.retention(), setup.start());
  }

  @Override
  public String name() {
    return "in-memory-inbox";
  }

  @Override
  public void advanceClock(Instant time) {
    inbox.advanceClock(time);
  }

  @Override
  public DeliveryResult deliver(Envelope envelope, Transport transport) {
    if (transport.storageFault()) {
      // The harness fails this delivery's write: a real inbox rolls back and answers 5xx. Kept in
      // memory, this one simply never records it.
      return DeliveryResult.NOT_DURABLE;
    }
    delivered.putIfAbsent(envelope.text(), envelope);
    return new DeliveryResult(toDecision(inbox.receive(envelope.text())), Ack.ACK);
  }

  @Override
  public void reconcile(SortedMap<String, AuthoritativeCard> authority) {
    TreeMap<String, Inbox.Card> snapshot = new TreeMap<>();
    authority.forEach(
        (id, card) ->
            snapshot.put(id, new Inbox.Card(card.version(), toJackson(card.state()), false)));
    inbox.reconcile(snapshot);
  }

  @Override
  public ObservedState observe() {
    TreeMap<String, Card> cards = new TreeMap<>();
    inbox
        .cards()
        .forEach(
            (id, card) ->
                cards.put(
                    id,
                    new Card(card.version(), (JsonObject) fromJackson(card.state()), card.paused())));
    List<ObservedState.Held> held = new ArrayList<>();
    for (Inbox.Held input : inbox.held()) {
      Envelope envelope =
          delivered.computeIfAbsent(
              input.body(), body -> new Envelope(fromJackson(Inbox.parse(body)), body));
      held.add(new ObservedState.Held(envelope, HeldReason.valueOf(input.reason().name())));
    }
    return new ObservedState(
        cards,
        held,
        new ReplacementCounters(inbox.eventReplacements(), inbox.authoritativeReplacements()));
  }

  private static Decision toDecision(Inbox.Decision decision) {
    return switch (decision.kind()) {
      case APPLIED -> Decision.APPLIED;
      case STALE -> Decision.STALE;
      case SAME_STATE -> Decision.SAME_STATE;
      case HELD -> new Decision.Held(HeldReason.valueOf(decision.reason().name()));
      case DUPLICATE -> new Decision.Duplicate(toDecision(decision.restates()));
    };
  }

  private static JsonNode toJackson(JsonValue value) {
    return Inbox.parse(value.canonicalText());
  }

  private static JsonValue fromJackson(JsonNode node) {
    if (node.isObject()) {
      TreeMap<String, JsonValue> members = new TreeMap<>();
      node.properties().forEach(m -> members.put(m.getKey(), fromJackson(m.getValue())));
      return new JsonObject(members);
    }
    if (node.isArray()) {
      List<JsonValue> elements = new ArrayList<>();
      node.forEach(element -> elements.add(fromJackson(element)));
      return new JsonArray(elements);
    }
    if (node.isNumber()) {
      return new JsonNumber(node.decimalValue());
    }
    if (node.isTextual()) {
      return new JsonString(node.asText());
    }
    if (node.isBoolean()) {
      return node.asBoolean() ? JsonBoolean.TRUE : JsonBoolean.FALSE;
    }
    return JsonNull.INSTANCE;
  }
}
