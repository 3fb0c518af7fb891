package com.example.inbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * An authority's snapshot (SPEC section 4): each listed card, in ascending order, is replaced and
 * unpaused, its held conflicts resolved and its other held inputs decided again. One transaction
 * that no decision interleaves with.
 */
@Component
public class Reconciliation {
  private static final List<String> RESOLVED_BY_AUTHORITY = List.of("ID_CONFLICT", "VERSION_CONFLICT");
  private static final List<String> STAYS_UNRESOLVED =
      List.of("MISSING_VERSION", "INVALID_VERSION", "UNSUPPORTED_TYPE", "MALFORMED");

  private final Store store;
  private final TransactionTemplate transactions;

  Reconciliation(Store store, TransactionTemplate transactions) {
    this.store = store;
    this.transactions = transactions;
  }

  /** Reconciles every listed card; answers, per card, what the reconcile answer lists. */
  public List<ObjectNode> reconcile(SortedMap<String, Card> authority) {
    return transactions.execute(
        status -> {
          Store.Settings settings = store.settingsExclusively();
          List<ObjectNode> answers = new ArrayList<>();
          authority.forEach((objectId, card) -> answers.add(reconcileOne(objectId, card, settings)));
          return answers;
        });
  }

  private ObjectNode reconcileOne(String objectId, Card given, Store.Settings settings) {
    Card before = store.cardsForUpdate(List.of(objectId)).get(objectId);
    String outcome =
        before == null
            ? "CREATED"
            : before.version() == given.version() && before.sameState(given.state())
                ? "CONFIRMED"
                : "REPLACED";
    boolean regressed = before != null && given.version() < before.version();
    Card card = new Card(given.version(), given.state(), false);
    ArrayNode resolved = Json.object().arrayNode();
    ArrayNode reevaluated = Json.object().arrayNode();
    ArrayNode stillHeld = Json.object().arrayNode();
    List<Long> toReevaluate = new ArrayList<>();
    Map<Long, String> held = store.held();
    held.forEach(
        (arrival, reason) -> {
          if (!objectId.equals(Json.nonEmptyText(store.heldEnvelope(arrival), "object_id"))) {
            return;
          }
          if (RESOLVED_BY_AUTHORITY.contains(reason)) {
            resolved.add(Json.object().put("arrival", arrival).put("reason", reason));
          } else if (STAYS_UNRESOLVED.contains(reason)) {
            stillHeld.add(Json.object().put("arrival", arrival).put("reason", reason));
          } else {
            toReevaluate.add(arrival);
          }
        });
    long applied = 0;
    List<ObjectNode> reevaluatedEntries = new ArrayList<>();
    for (long arrival : toReevaluate) {
      if (card.paused()) {
        // paused again: the rest wait, as they were, for the next authority (SPEC 4.3)
        stillHeld.add(Json.object().put("arrival", arrival).put("reason", held.get(arrival)));
        continue;
      }
      JsonNode envelope = store.heldEnvelope(arrival);
      Policy.Judged judged = Policy.judge(envelope, card, settings);
      ObjectNode item = Json.object();
      item.put("arrival", arrival);
      item.put("previous_reason", held.get(arrival));
      item.set("decision", judged.decision());
      reevaluated.add(item);
      reevaluatedEntries.add(item);
      if (judged.cardAfter() != null) {
        card = judged.cardAfter();
      }
      if (Decisions.is(judged.decision(), "APPLIED")) {
        applied++;
      }
      if (Decisions.is(judged.decision(), "HELD")) {
        stillHeld.add(
            Json.object().put("arrival", arrival).put("reason", judged.decision().get("reason").asText()));
      }
    }
    inHeldOrder(stillHeld, List.copyOf(held.keySet()));

    store.putCard(objectId, card);
    ObjectNode authorityEntry = Json.object();
    authorityEntry.put("kind", "authority");
    authorityEntry.put("object_id", objectId);
    authorityEntry.put("outcome", outcome);
    authorityEntry.put("regressed", regressed);
    authorityEntry.set("before", before == null ? NullNode.getInstance() : before.toJson());
    authorityEntry.set("after", card.toJson());
    store.audit(authorityEntry, settings.clock());
    for (JsonNode item : resolved) {
      long arrival = item.get("arrival").asLong();
      store.release(arrival);
      ObjectNode entry = Json.object();
      entry.put("kind", "resolved_by_authority");
      entry.put("arrival", arrival);
      entry.put("event_id", Json.nonEmptyText(store.heldEnvelope(arrival), "event_id"));
      entry.put("object_id", objectId);
      entry.put("reason", item.get("reason").asText());
      store.audit(entry, settings.clock());
    }
    for (ObjectNode item : reevaluatedEntries) {
      long arrival = item.get("arrival").asLong();
      if (!Decisions.is(item.get("decision"), "HELD")) {
        store.release(arrival);
      }
      String eventId = Json.nonEmptyText(store.heldEnvelope(arrival), "event_id");
      ObjectNode record = eventId == null ? null : store.identity(eventId);
      // A re-evaluated input is always its id's first record; later redeliveries restate it.
      if (record != null && record.get("first").get("arrival").asLong() == arrival) {
        ((ArrayNode) record.get("first").get("decisions")).add(item.get("decision"));
        store.updateIdentity(eventId, record);
      }
      ObjectNode entry = Json.object();
      entry.put("kind", "reevaluated");
      entry.put("arrival", arrival);
      entry.put("event_id", eventId);
      entry.put("object_id", objectId);
      entry.put("previous_reason", item.get("previous_reason").asText());
      entry.set("decision", item.get("decision"));
      store.audit(entry, settings.clock());
    }
    for (JsonNode item : stillHeld) {
      store.holdAgain(item.get("arrival").asLong(), item.get("reason").asText());
    }
    store.countReplacements(applied, outcome.equals("CONFIRMED") ? 0 : 1);

    ObjectNode answer = Json.object();
    answer.put("object_id", objectId);
    answer.put("outcome", outcome);
    answer.put("regressed", regressed);
    answer.set("before", before == null ? NullNode.getInstance() : before.toJson());
    answer.set("after", card.toJson());
    answer.set("resolved", resolved);
    answer.set("reevaluated", reevaluated);
    answer.set("still_held", stillHeld);
    return answer;
  }

  /** Sorts {@code items} into the order of held inputs, the order they were decided in. */
  private static void inHeldOrder(ArrayNode items, List<Long> heldOrder) {
    List<JsonNode> sorted = new ArrayList<>();
    items.forEach(sorted::add);
    sorted.sort(
        (a, b) ->
            Integer.compare(
                heldOrder.indexOf(a.get("arrival").asLong()),
                heldOrder.indexOf(b.get("arrival").asLong())));
    items.removeAll();
    sorted.forEach(items::add);
  }
}
