package com.example.inbox;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A webhook inbox kept in memory, written as a team would write its own: it takes each request
 * body as text, deduplicates by event id while noticing changed payloads, orders by each card's
 * version, holds what it cannot judge, pauses what cannot safely advance, and takes an authority's
 * snapshot. It knows nothing of inboxcheck: the tests put it behind inboxcheck's contract.
 */
public final class Inbox {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
  private static final BigDecimal LARGEST_VERSION = BigDecimal.valueOf(Long.MAX_VALUE);

  /** What the inbox decided for one delivery. */
  public enum Kind {
    APPLIED,
    DUPLICATE,
    STALE,
    SAME_STATE,
    HELD
  }

  /** Why a delivery was held instead of decided. */
  public enum Reason {
    ID_CONFLICT,
    VERSION_CONFLICT,
    CARD_PAUSED,
    UNKNOWN_OBJECT,
    MISSING_VERSION,
    INVALID_VERSION,
    UNSUPPORTED_TYPE,
    MALFORMED
  }

  /** A decision: its kind, the reason when held, and what a duplicate restates. */
  public record Decision(Kind kind, Reason reason, Decision restates) {
    static final Decision APPLIED = new Decision(Kind.APPLIED, null, null);
    static final Decision STALE = new Decision(Kind.STALE, null, null);
    static final Decision SAME_STATE = new Decision(Kind.SAME_STATE, null, null);

    static Decision held(Reason reason) {
      return new Decision(Kind.HELD, reason, null);
    }
  }

  /** A card: its version, its whole state, and whether it waits for an authority. */
  public record Card(long version, JsonNode state, boolean paused) {}

  /** A delivery the inbox recorded but could not judge yet, with the body as it arrived. */
  public record Held(long arrival, String eventId, String objectId, String body, Reason reason) {}

  /** One content recorded under an event id, the card it names, and its latest decision. */
  private record Recorded(String content, String objectId, long arrival, Decision decision) {}

  /** An event id's first record and its variants, kept until retention lets go of them. */
  private record Identity(Instant firstReceivedAt, List<Recorded> contents) {}

  private final SortedMap<String, Card> cards = new TreeMap<>();
  private final Map<String, Identity> identities = new LinkedHashMap<>();
  private final List<Held> held = new ArrayList<>();
  private final Set<String> supportedTypes;
  private final Duration retention;
  private Instant clock;
  private long arrivals;
  private long eventReplacements;
  private long authoritativeReplacements;

  public Inbox(
      Map<String, Card> initialCards,
      Set<String> supportedTypes,
      Duration retention,
      Instant start) {
    this.cards.putAll(initialCards);
    this.supportedTypes = Set.copyOf(supportedTypes);
    this.retention = retention;
    this.clock = start;
  }

  /** Moves the inbox's clock and forgets the ids whose retention ended, unless still held. */
  public void advanceClock(Instant time) {
    clock = time;
    Iterator<Identity> records = identities.values().iterator();
    while (records.hasNext()) {
      Identity record = records.next();
      if (clock.isBefore(record.firstReceivedAt().plus(retention))) {
        return; // Kept in order of first receipt: no later record has expired either.
      }
      if (!stillHeld(record)) {
        records.remove();
      }
    }
  }

  /** Decides and records one request body; the caller acknowledges once this returns. */
  public Decision receive(String body) {
    long arrival = ++arrivals;
    // Past a delivery bound the body is read as empty: no id, so it is held MALFORMED unparsed.
    JsonNode envelope = DeliveryBounds.within(body) ? parse(body) : JSON.createObjectNode();
    String eventId = nonEmptyText(envelope, "event_id");
    if (eventId == null) {
      return hold(arrival, null, envelope, body, Reason.MALFORMED);
    }
    String content = canonical(envelope);
    Identity known = identities.get(eventId);
    if (known != null) {
      return redelivery(arrival, eventId, known, envelope, content, body);
    }
    String objectId = nonEmptyText(envelope, "object_id");
    Decision decision = judge(envelope);
    List<Recorded> contents = new ArrayList<>();
    contents.add(new Recorded(content, objectId, arrival, decision));
    identities.put(eventId, new Identity(clock, contents));
    if (decision.kind() == Kind.HELD) {
      held.add(new Held(arrival, eventId, objectId, body, decision.reason()));
    }
    return decision;
  }

  private Decision redelivery(
      long arrival,
      String eventId,
      Identity known,
      JsonNode envelope,
      String content,
      String body) {
    for (Recorded recorded : known.contents()) {
      if (recorded.content().equals(content)) {
        return new Decision(Kind.DUPLICATE, null, recorded.decision());
      }
    }
    // Neither payload is known to be right: every known card either one names waits.
    String objectId = nonEmptyText(envelope, "object_id");
    Decision conflict = Decision.held(Reason.ID_CONFLICT);
    pause(known.contents().get(0).objectId());
    pause(objectId);
    known.contents().add(new Recorded(content, objectId, arrival, conflict));
    held.add(new Held(arrival, eventId, objectId, body, Reason.ID_CONFLICT));
    return conflict;
  }

  private Decision hold(
      long arrival, String eventId, JsonNode envelope, String body, Reason reason) {
    held.add(new Held(arrival, eventId, nonEmptyText(envelope, "object_id"), body, reason));
    return Decision.held(reason);
  }

  /** Shape, pause and version, in that order; applies what it decides to the card. */
  private Decision judge(JsonNode envelope) {
    String objectId = nonEmptyText(envelope, "object_id");
    JsonNode state = envelope.get("state");
    if (objectId == null || state == null || !state.isObject()) {
      return Decision.held(Reason.MALFORMED);
    }
    JsonNode type = envelope.get("type");
    if (type == null || !type.isTextual() || !supportedTypes.contains(type.asText())) {
      return Decision.held(Reason.UNSUPPORTED_TYPE);
    }
    Card card = cards.get(objectId);
    if (card == null) {
      return Decision.held(Reason.UNKNOWN_OBJECT);
    }
    JsonNode version = envelope.get("object_version");
    if (version == null || version.isNull()) {
      return pauseAndHold(objectId, Reason.MISSING_VERSION);
    }
    if (!isVersion(version)) {
      return pauseAndHold(objectId, Reason.INVALID_VERSION);
    }
    if (card.paused()) {
      return Decision.held(Reason.CARD_PAUSED);
    }
    long value = version.decimalValue().longValueExact();
    if (value > card.version()) {
      cards.put(objectId, new Card(value, state, false)); // the whole state, never a merge
      eventReplacements++;
      return Decision.APPLIED;
    }
    if (value < card.version()) {
      return Decision.STALE;
    }
    if (canonical(state).equals(canonical(card.state()))) {
      return Decision.SAME_STATE;
    }
    return pauseAndHold(objectId, Reason.VERSION_CONFLICT);
  }

  private Decision pauseAndHold(String objectId, Reason reason) {
    pause(objectId);
    return Decision.held(reason);
  }

  private void pause(String objectId) {
    Card card = objectId == null ? null : cards.get(objectId);
    if (card != null) {
      cards.put(objectId, new Card(card.version(), card.state(), true));
    }
  }

  /**
   * Takes an authority's cards, in ascending id order: each replaces the local card and unpauses
   * it; its held conflicts are resolved, its other held deliveries judged again in arrival order.
   */
  public void reconcile(SortedMap<String, Card> authority) {
    authority.forEach(this::reconcile);
  }

  private void reconcile(String objectId, Card snapshot) {
    Card before = cards.get(objectId);
    boolean changed =
        before == null
            || before.version() != snapshot.version()
            || !canonical(before.state()).equals(canonical(snapshot.state()));
    authoritativeReplacements += changed ? 1 : 0;
    cards.put(objectId, new Card(snapshot.version(), snapshot.state(), false));
    for (Held input : List.copyOf(held)) {
      if (!objectId.equals(input.objectId())) {
        continue;
      }
      switch (input.reason()) {
        case ID_CONFLICT, VERSION_CONFLICT -> held.remove(input); // resolved by the authority
        case CARD_PAUSED, UNKNOWN_OBJECT -> judgeAgain(objectId, input);
        default -> {} // no version or shape: stays held, unresolved
      }
    }
  }

  private void judgeAgain(String objectId, Held input) {
    if (cards.get(objectId).paused()) {
      return; // an earlier one paused the card again: the rest wait for the next authority
    }
    Decision decision = judge(parse(input.body()));
    int at = held.indexOf(input);
    if (decision.kind() == Kind.HELD) {
      held.set(
          at,
          new Held(input.arrival(), input.eventId(), objectId, input.body(), decision.reason()));
    } else {
      held.remove(at);
    }
    // Later identical redeliveries restate the new decision.
    Identity record = input.eventId() == null ? null : identities.get(input.eventId());
    if (record != null) {
      List<Recorded> contents = record.contents();
      for (int i = 0; i < contents.size(); i++) {
        Recorded recorded = contents.get(i);
        if (recorded.arrival() == input.arrival()) {
          contents.set(
              i,
              new Recorded(recorded.content(), recorded.objectId(), recorded.arrival(), decision));
        }
      }
    }
  }

  private boolean stillHeld(Identity record) {
    return held.stream()
        .anyMatch(
            input -> record.contents().stream().anyMatch(r -> r.arrival() == input.arrival()));
  }

  /** Every card by id. */
  public SortedMap<String, Card> cards() {
    return Collections.unmodifiableSortedMap(new TreeMap<>(cards));
  }

  /** The deliveries still held, in arrival order. */
  public List<Held> held() {
    return List.copyOf(held);
  }

  public long eventReplacements() {
    return eventReplacements;
  }

  public long authoritativeReplacements() {
    return authoritativeReplacements;
  }

  private static boolean isVersion(JsonNode version) {
    if (!version.isNumber()) {
      return false;
    }
    BigDecimal value = version.decimalValue();
    return value.signum() >= 0
        && value.stripTrailingZeros().scale() <= 0
        && value.compareTo(LARGEST_VERSION) <= 0;
  }

  private static String nonEmptyText(JsonNode envelope, String field) {
    JsonNode value = envelope == null ? null : envelope.get(field);
    return value != null && value.isTextual() && !value.asText().isEmpty() ? value.asText() : null;
  }

  /** The body as a JSON value; a body that is not an object has no fields to read. */
  static JsonNode parse(String body) {
    try {
      return JSON.readTree(body);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
    }
  }

  /**
   * The text two payloads with the same meaning share: keys sorted, numbers by exact value ({@code
   * 12}, {@code 12.0} and {@code 1.2e1} alike), strings and arrays as they are.
   */
  static String canonical(JsonNode value) {
    if (value.isObject()) {
      TreeMap<String, String> members = new TreeMap<>();
      value.properties().forEach(m -> members.put(m.getKey(), canonical(m.getValue())));
      List<String> pairs = new ArrayList<>();
      members.forEach((key, member) -> pairs.add(TextNode.valueOf(key) + ":" + member));
      return "{" + String.join(",", pairs) + "}";
    }
    if (value.isArray()) {
      List<String> elements = new ArrayList<>();
      value.forEach(element -> elements.add(canonical(element)));
      return "[" + String.join(",", elements) + "]";
    }
    if (value.isNumber()) {
      return value.decimalValue().stripTrailingZeros().toString();
    }
    return value.toString(); // strings quoted and escaped, true, false, null
  }
}
