package io.inboxcheck.scenario;

import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonNull;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReplacementCounters;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The facts of a history that expectations of SPEC section 9 may name, step by step and final, as
 * JSON: what a scenario file's {@code expect} and {@code expect_final} are written in, and what
 * {@code io.inboxcheck.check.ExpectationCheck} compares them with.
 */
public final class Expectations {
  /** Which step an expectation belongs to; each kind allows its own facts. */
  public enum StepKind {
    DELIVER,
    RECONCILE,
    ADVANCE
  }

  private Expectations() {}

  /** The facts of one step that expectations may name. */
  public static JsonObject stepFacts(HistoryStep step) {
    TreeMap<String, JsonValue> facts = new TreeMap<>();
    facts.put("cards", cardFacts(step.cards()));
    facts.put("paused", strings(step.paused()));
    facts.put("held", heldIds(step.held()));
    facts.put("replacements", replacementFacts(step.replacements()));
    facts.put("pruned", strings(step.pruned()));
    if (step.detail() instanceof HistoryStep.Delivered delivered) {
      Decision decision = delivered.decision();
      facts.put("decision", decision == null ? JsonNull.INSTANCE : text(decision.kind().name()));
      facts.put(
          "reason",
          decision == null || decision.reason() == null
              ? JsonNull.INSTANCE
              : text(decision.reason().name()));
      facts.put(
          "restates",
          decision instanceof Decision.Duplicate duplicate
              ? text(duplicate.restates().kind().name())
              : JsonNull.INSTANCE);
      facts.put("ack", text(delivered.ack().name()));
      facts.put("retention_expired", new JsonBoolean(delivered.retentionExpired()));
    }
    if (step.detail() instanceof HistoryStep.Reconciled reconciled) {
      facts.put("objects", objectFacts(reconciled.objects()));
      facts.put("reevaluated", reevaluatedFacts(reconciled.objects()));
    }
    return new JsonObject(facts);
  }

  /** The facts of the final state that {@code expect_final} may name. */
  public static JsonObject finalFacts(
      SortedMap<String, Card> cards, List<HeldInput> unresolved, ReplacementCounters replacements) {
    TreeMap<String, JsonValue> facts = new TreeMap<>();
    facts.put("cards", cardFacts(cards));
    facts.put(
        "paused",
        strings(
            cards.entrySet().stream()
                .filter(e -> e.getValue().paused())
                .map(Map.Entry::getKey)
                .toList()));
    facts.put("unresolved", heldIds(unresolved));
    facts.put("replacements", replacementFacts(replacements));
    return new JsonObject(facts);
  }

  static JsonObject cardFacts(SortedMap<String, Card> cards) {
    TreeMap<String, JsonValue> facts = new TreeMap<>();
    cards.forEach((id, card) -> facts.put(id, cardFact(card)));
    return new JsonObject(facts);
  }

  static JsonObject cardFact(Card card) {
    TreeMap<String, JsonValue> fact = new TreeMap<>();
    fact.put("version", JsonNumber.of(card.version()));
    fact.put("state", card.state());
    fact.put("paused", new JsonBoolean(card.paused()));
    return new JsonObject(fact);
  }

  private static JsonObject replacementFacts(ReplacementCounters replacements) {
    TreeMap<String, JsonValue> fact = new TreeMap<>();
    fact.put("event", JsonNumber.of(replacements.event()));
    fact.put("authoritative", JsonNumber.of(replacements.authoritative()));
    fact.put("total", JsonNumber.of(replacements.total()));
    return new JsonObject(fact);
  }

  private static JsonArray heldIds(List<HeldInput> held) {
    return new JsonArray(
        held.stream()
            .map(input -> input.eventId().<JsonValue>map(JsonString::new).orElse(JsonNull.INSTANCE))
            .toList());
  }

  private static JsonObject objectFacts(List<ObjectReconciliation> objects) {
    TreeMap<String, JsonValue> facts = new TreeMap<>();
    for (ObjectReconciliation object : objects) {
      TreeMap<String, JsonValue> fact = new TreeMap<>();
      fact.put("outcome", text(object.outcome().name()));
      fact.put("regressed", new JsonBoolean(object.regressed()));
      facts.put(object.objectId(), new JsonObject(fact));
    }
    return new JsonObject(facts);
  }

  private static JsonArray reevaluatedFacts(List<ObjectReconciliation> objects) {
    List<JsonValue> facts = new ArrayList<>();
    for (ObjectReconciliation object : objects) {
      for (ObjectReconciliation.Reevaluation reevaluation : object.reevaluated()) {
        TreeMap<String, JsonValue> fact = new TreeMap<>();
        fact.put(
            "event_id",
            reevaluation
                .input()
                .eventId()
                .<JsonValue>map(JsonString::new)
                .orElse(JsonNull.INSTANCE));
        fact.put("decision", text(reevaluation.decision().kind().name()));
        HeldReason reason = reevaluation.decision().reason();
        fact.put("reason", reason == null ? JsonNull.INSTANCE : text(reason.name()));
        facts.add(new JsonObject(fact));
      }
    }
    return new JsonArray(facts);
  }

  private static JsonArray strings(List<String> values) {
    return new JsonArray(values.stream().<JsonValue>map(JsonString::new).toList());
  }

  private static JsonString text(String value) {
    return new JsonString(value);
  }
}
