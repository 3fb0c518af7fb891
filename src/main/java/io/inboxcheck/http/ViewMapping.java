package io.inboxcheck.http;

import static io.inboxcheck.http.ProtocolValues.array;
import static io.inboxcheck.http.ProtocolValues.bool;
import static io.inboxcheck.http.ProtocolValues.card;
import static io.inboxcheck.http.ProtocolValues.decision;
import static io.inboxcheck.http.ProtocolValues.instant;
import static io.inboxcheck.http.ProtocolValues.integer;
import static io.inboxcheck.http.ProtocolValues.member;
import static io.inboxcheck.http.ProtocolValues.name;
import static io.inboxcheck.http.ProtocolValues.nullableString;
import static io.inboxcheck.http.ProtocolValues.object;
import static io.inboxcheck.http.ProtocolValues.optional;
import static io.inboxcheck.http.ProtocolValues.string;

import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.StrictJson;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReconcileOutcome;
import io.inboxcheck.model.RecordedContent;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.RecordedView;
import io.inboxcheck.receiver.ViewContradiction;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.IntUnaryOperator;

/**
 * Maps what a receiver reports, which speaks of arrivals and content only, onto the harness's steps
 * (docs/receiver-protocol.md, "Matching arrivals to steps"): the receiver numbers the deliveries it
 * recorded (arrivals) and its audit lists each with the envelope text it received; the n-th
 * recorded arrival of one semantic content is the n-th acknowledged delivery of that content. Every
 * other item names an arrival; one naming an arrival the audit does not list is a {@link
 * ViewContradiction}, a finding about the receiver. Audit entries are written during the step whose
 * requests preceded the view that first showed them.
 */
final class ViewMapping {
  private static final StrictJson JSON = new StrictJson();

  private ViewMapping() {}

  /** One delivery the harness sent, and whether the receiver acknowledged it (2xx). */
  record Sent(int step, Envelope envelope, boolean acknowledged) {}

  /** A delivery as the receiver recorded it: the step that sent it and what was sent. */
  record Arrival(int step, Envelope envelope) {}

  /** The receiver's arrival numbers, mapped. */
  static final class Arrivals {
    private final Map<Long, Arrival> byNumber;

    Arrivals(Map<Long, Arrival> byNumber) {
      this.byNumber = Map.copyOf(byNumber);
    }

    boolean knows(long arrival) {
      return byNumber.containsKey(arrival);
    }

    /**
     * The arrival {@code item} names; {@code what} says what the item is, for the finding when the
     * audit lists no such delivery, e.g. {@code the held input}.
     */
    Arrival get(JsonObject item, String path, String what) {
      long arrival = integer(item, "arrival", path);
      Arrival found = byNumber.get(arrival);
      if (found == null) {
        String event =
            item.get("event_id").orElse(null) instanceof JsonString id ? " of " + id.value() : "";
        throw new ViewContradiction(
            what + event + " (" + path + ")",
            arrival,
            byNumber.keySet().stream().sorted().toList());
      }
      return found;
    }
  }

  /**
   * A view, the arrivals it defines, and the steps of the acknowledged deliveries it lists as
   * pending (accepted, not decided yet; only a receiver that acknowledges on acceptance lists any).
   */
  record Mapped(RecordedView view, Arrivals arrivals, Set<Integer> pending) {}

  /**
   * Maps a {@code GET view} answer. {@code auditSteps} gives the step during which the audit entry
   * at an index was written.
   */
  static Mapped view(
      JsonObject document, List<Sent> sent, IntUnaryOperator auditSteps, ReceiverSetup setup) {
    String protocol = string(document, "protocol", "$");
    if (!ProtocolValues.PROTOCOL.equals(protocol)) {
      throw new ProtocolValues.Mismatch(
          "$.protocol", "speaks " + protocol + ", not " + ProtocolValues.PROTOCOL);
    }
    List<JsonValue> auditItems = array(document, "audit", "$");
    Map<JsonValue, ArrayDeque<Sent>> undecided = acknowledgedByContent(sent);
    Arrivals arrivals = arrivals(auditItems, undecided, auditSteps);
    Set<Integer> pending = pending(document, undecided);
    Map<String, Card> cards = new TreeMap<>();
    JsonObject reportedCards = object(member(document, "cards", "$"), "$.cards");
    reportedCards.members().forEach((id, card) -> cards.put(id, card(card, "$.cards." + id)));
    List<HeldInput> held = new ArrayList<>();
    List<JsonValue> heldItems = array(document, "held", "$");
    for (int index = 0; index < heldItems.size(); index++) {
      String path = "$.held[" + index + "]";
      held.add(
          heldInput(
              object(heldItems.get(index), path), "reason", arrivals, path, "the held input"));
    }
    List<IdentityRecord> identities = new ArrayList<>();
    List<JsonValue> identityItems = array(document, "identities", "$");
    for (int index = 0; index < identityItems.size(); index++) {
      String path = "$.identities[" + index + "]";
      identities.add(identity(object(identityItems.get(index), path), arrivals, path));
    }
    List<AuditEntry> audit = new ArrayList<>();
    for (int index = 0; index < auditItems.size(); index++) {
      String path = "$.audit[" + index + "]";
      JsonObject entry = object(auditItems.get(index), path);
      audit.add(AuditMapping.entry(entry, auditSteps.applyAsInt(index), arrivals, path));
    }
    JsonObject counters = object(member(document, "replacements", "$"), "$.replacements");
    ReplacementCounters replacements =
        new ReplacementCounters(
            integer(counters, "event", "$.replacements"),
            integer(counters, "authoritative", "$.replacements"));
    RecordedView view =
        new RecordedView(
            cards,
            identities,
            held,
            audit,
            replacements,
            setup.viewAt(instant(document, "clock", "$")));
    return new Mapped(view, arrivals, pending);
  }

  /**
   * The steps of the pending deliveries a view lists, each matched by content to an acknowledged
   * delivery no audit entry decided yet, in order; a pending item no such delivery matches (one
   * still in flight) names no step.
   */
  private static Set<Integer> pending(
      JsonObject document, Map<JsonValue, ArrayDeque<Sent>> undecided) {
    Set<Integer> steps = new TreeSet<>();
    if (optional(document, "pending").isEmpty()) {
      return steps;
    }
    List<JsonValue> items = array(document, "pending", "$");
    for (int index = 0; index < items.size(); index++) {
      String path = "$.pending[" + index + "]";
      JsonObject item = object(items.get(index), path);
      integer(item, "arrival", path);
      ArrayDeque<Sent> candidates = undecided.get(contentOf(string(item, "envelope", path)));
      Sent match = candidates == null ? null : candidates.poll();
      if (match != null) {
        steps.add(match.step());
      }
    }
    return steps;
  }

  private static Map<JsonValue, ArrayDeque<Sent>> acknowledgedByContent(List<Sent> sent) {
    Map<JsonValue, ArrayDeque<Sent>> byContent = new HashMap<>();
    for (Sent delivery : sent) {
      if (delivery.acknowledged()) {
        byContent
            .computeIfAbsent(delivery.envelope().content(), content -> new ArrayDeque<>())
            .add(delivery);
      }
    }
    return byContent;
  }

  /**
   * The matching rule: the n-th delivery entry of one semantic content is the n-th acknowledged
   * delivery of that content. An arrival nothing acknowledged matches (a receiver that records a
   * write it refused) keeps the step that wrote it, so the invariants see it there.
   */
  static Arrivals arrivals(List<JsonValue> auditItems, List<Sent> sent, IntUnaryOperator steps) {
    return arrivals(auditItems, acknowledgedByContent(sent), steps);
  }

  /** The matching rule, taking from {@code unmatched} each acknowledged delivery it matches. */
  private static Arrivals arrivals(
      List<JsonValue> auditItems,
      Map<JsonValue, ArrayDeque<Sent>> unmatched,
      IntUnaryOperator steps) {
    Map<Long, Arrival> byNumber = new HashMap<>();
    for (int index = 0; index < auditItems.size(); index++) {
      String path = "$.audit[" + index + "]";
      JsonObject entry = object(auditItems.get(index), path);
      if (!"delivery".equals(string(entry, "kind", path))) {
        continue;
      }
      long arrival = integer(entry, "arrival", path);
      String text = string(entry, "envelope", path);
      JsonValue content = contentOf(text);
      ArrayDeque<Sent> candidates = unmatched.get(content);
      Sent match = candidates == null ? null : candidates.poll();
      Arrival mapped =
          match != null
              ? new Arrival(match.step(), match.envelope())
              : new Arrival(steps.applyAsInt(index), new Envelope(content, text));
      if (byNumber.put(arrival, mapped) != null) {
        throw new ProtocolValues.Mismatch(
            path + ".arrival",
            "arrival "
                + arrival
                + " repeats: one delivery has two delivery entries, decided twice");
      }
    }
    return new Arrivals(byNumber);
  }

  private static JsonValue contentOf(String text) {
    try {
      return JSON.parse("envelope", text);
    } catch (InputRejected rejected) {
      // Not JSON, so it cannot be what the harness sent; kept as text so it shows as it is.
      return new JsonString(text);
    }
  }

  static HeldInput heldInput(
      JsonObject item, String reasonKey, Arrivals arrivals, String path, String what) {
    Arrival arrival = arrivals.get(item, path, what);
    return new HeldInput(
        arrival.step(), arrival.envelope(), name(HeldReason.class, item, reasonKey, path));
  }

  private static IdentityRecord identity(JsonObject item, Arrivals arrivals, String path) {
    String eventId = string(item, "event_id", path);
    RecordedContent first =
        recorded(
            member(item, "first", path),
            arrivals,
            path + ".first",
            "the first record of identity " + eventId);
    List<RecordedContent> variants = new ArrayList<>();
    List<JsonValue> variantItems = array(item, "variants", path);
    for (int index = 0; index < variantItems.size(); index++) {
      variants.add(
          recorded(
              variantItems.get(index),
              arrivals,
              path + ".variants[" + index + "]",
              "variant " + (index + 1) + " of identity " + eventId));
    }
    return new IdentityRecord(eventId, first, variants);
  }

  private static RecordedContent recorded(
      JsonValue value, Arrivals arrivals, String path, String what) {
    JsonObject item = object(value, path);
    Arrival arrival = arrivals.get(item, path, what);
    List<Decision> decisions = new ArrayList<>();
    List<JsonValue> decisionItems = array(item, "decisions", path);
    for (int index = 0; index < decisionItems.size(); index++) {
      decisions.add(decision(decisionItems.get(index), path + ".decisions[" + index + "]"));
    }
    if (decisions.isEmpty()) {
      throw new ProtocolValues.Mismatch(path + ".decisions", "recorded content has no decision");
    }
    return new RecordedContent(
        arrival.envelope().content(),
        arrival.step(),
        instant(item, "received_at", path),
        decisions);
  }

  /** Maps a {@code POST reconcile} answer onto steps. */
  static List<ObjectReconciliation> reconciliation(JsonObject document, Arrivals arrivals) {
    List<ObjectReconciliation> objects = new ArrayList<>();
    List<JsonValue> items = array(document, "objects", "$");
    for (int index = 0; index < items.size(); index++) {
      String path = "$.objects[" + index + "]";
      JsonObject item = object(items.get(index), path);
      String objectId = string(item, "object_id", path);
      String answer = "the reconciliation of " + objectId + ": ";
      List<HeldInput> resolved =
          heldList(item, "resolved", arrivals, path, answer + "the resolved input");
      List<HeldInput> stillHeld =
          heldList(item, "still_held", arrivals, path, answer + "the still held input");
      List<ObjectReconciliation.Reevaluation> reevaluated = new ArrayList<>();
      List<JsonValue> reevaluations = array(item, "reevaluated", path);
      for (int at = 0; at < reevaluations.size(); at++) {
        String itemPath = path + ".reevaluated[" + at + "]";
        JsonObject reevaluation = object(reevaluations.get(at), itemPath);
        reevaluated.add(
            new ObjectReconciliation.Reevaluation(
                heldInput(
                    reevaluation,
                    "previous_reason",
                    arrivals,
                    itemPath,
                    answer + "the re-evaluated input"),
                decision(member(reevaluation, "decision", itemPath), itemPath + ".decision")));
      }
      objects.add(
          new ObjectReconciliation(
              objectId,
              name(ReconcileOutcome.class, item, "outcome", path),
              bool(item, "regressed", path),
              optional(item, "before").map(card -> card(card, path + ".before")).orElse(null),
              card(member(item, "after", path), path + ".after"),
              resolved,
              reevaluated,
              stillHeld));
    }
    return objects;
  }

  private static List<HeldInput> heldList(
      JsonObject item, String key, Arrivals arrivals, String path, String what) {
    List<HeldInput> inputs = new ArrayList<>();
    List<JsonValue> values = array(item, key, path);
    for (int index = 0; index < values.size(); index++) {
      String itemPath = path + "." + key + "[" + index + "]";
      inputs.add(
          heldInput(object(values.get(index), itemPath), "reason", arrivals, itemPath, what));
    }
    return inputs;
  }

  /** How many elements an array has; anything else has none. */
  static int size(JsonValue value) {
    return value instanceof JsonArray array ? array.elements().size() : 0;
  }

  /** The event id an audit entry names, or null. */
  static String eventId(JsonObject entry, String path) {
    return nullableString(entry, "event_id", path);
  }
}
