package io.inboxcheck.zoo;

import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonNull;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.RecordedContent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A receiver's view and reconcile answers written as inboxcheck-receiver-protocol/1 says
 * (docs/receiver-protocol.md, "The view"), for {@link ZooProcess}. The receiver is given arrival
 * numbers as its step numbers, so every step a view names is an arrival.
 */
final class ProtocolView {
  static final String PROTOCOL = "inboxcheck-receiver-protocol/1";

  private ProtocolView() {}

  /** {@code GET view}'s answer. */
  static JsonObject view(ReceiverView view) {
    Map<String, JsonValue> cards = new LinkedHashMap<>();
    view.cards().forEach((id, card) -> cards.put(id, card(card)));
    List<JsonValue> identities = new ArrayList<>();
    view.identities()
        .forEach(
            record ->
                identities.add(
                    object(
                        "event_id",
                        new JsonString(record.eventId()),
                        "first_received_at",
                        instant(record.firstReceivedAt()),
                        "first",
                        recorded(record.firstRecord()),
                        "variants",
                        new JsonArray(
                            record.variants().stream().map(ProtocolView::recorded).toList()))));
    return object(
        "protocol", new JsonString(PROTOCOL),
        "clock", instant(view.clock()),
        "cards", JsonObject.of(cards),
        "held", new JsonArray(view.held().stream().map(ProtocolView::held).toList()),
        "identities", new JsonArray(identities),
        "audit", new JsonArray(view.audit().stream().map(ProtocolView::entry).toList()),
        "replacements",
            object(
                "event", JsonNumber.of(view.replacements().event()),
                "authoritative", JsonNumber.of(view.replacements().authoritative())));
  }

  /** {@code POST reconcile}'s answer: per object, in the order reconciled. */
  static JsonObject reconciled(List<ObjectReconciliation> objects) {
    List<JsonValue> answers = new ArrayList<>();
    for (ObjectReconciliation object : objects) {
      Map<String, JsonValue> answer = new LinkedHashMap<>();
      answer.put("object_id", new JsonString(object.objectId()));
      answer.put("outcome", new JsonString(object.outcome().name()));
      answer.put("regressed", new JsonBoolean(object.regressed()));
      if (object.before() != null) {
        answer.put("before", card(object.before()));
      }
      answer.put("after", card(object.cardAfter()));
      answer.put(
          "resolved", new JsonArray(object.resolved().stream().map(ProtocolView::held).toList()));
      answer.put(
          "reevaluated",
          new JsonArray(
              object.reevaluated().stream()
                  .map(
                      reevaluation ->
                          (JsonValue)
                              object(
                                  "arrival", JsonNumber.of(reevaluation.input().step()),
                                  "event_id", eventId(reevaluation.input()),
                                  "previous_reason",
                                      new JsonString(reevaluation.input().reason().name()),
                                  "decision", decision(reevaluation.decision())))
                  .toList()));
      answer.put(
          "still_held",
          new JsonArray(object.stillHeld().stream().map(ProtocolView::held).toList()));
      answers.add(JsonObject.of(answer));
    }
    return object("objects", new JsonArray(answers));
  }

  /** A decision: {@code {"decision", "reason", "restates"}}. */
  static JsonObject decision(Decision decision) {
    return object(
        "decision", new JsonString(decision.kind().name()),
        "reason",
            decision.reason() == null
                ? JsonNull.INSTANCE
                : new JsonString(decision.reason().name()),
        "restates",
            decision instanceof Decision.Duplicate duplicate
                ? decision(duplicate.restates())
                : JsonNull.INSTANCE);
  }

  private static JsonValue entry(AuditEntry entry) {
    if (entry instanceof AuditEntry.DeliveryRecorded delivery) {
      return object(
          "kind", new JsonString("delivery"),
          "arrival", JsonNumber.of(delivery.step()),
          "at", instant(delivery.at()),
          "envelope", new JsonString(delivery.envelope().text()),
          "decision", decision(delivery.decision()),
          "variant", new JsonBoolean(delivery.variant()),
          "paused",
              new JsonArray(
                  delivery.pausedCards().stream()
                      .map(id -> (JsonValue) new JsonString(id))
                      .toList()));
    }
    if (entry instanceof AuditEntry.AuthorityApplied authority) {
      return authority(authority);
    }
    if (entry instanceof AuditEntry.ResolvedByAuthority resolved) {
      return object(
          "kind", new JsonString("resolved_by_authority"),
          "at", instant(resolved.at()),
          "arrival", JsonNumber.of(resolved.heldStep()),
          "event_id", new JsonString(resolved.eventId()),
          "object_id", new JsonString(resolved.objectId()),
          "reason", new JsonString(resolved.reason().name()));
    }
    if (entry instanceof AuditEntry.Reevaluated reevaluated) {
      return object(
          "kind", new JsonString("reevaluated"),
          "at", instant(reevaluated.at()),
          "arrival", JsonNumber.of(reevaluated.heldStep()),
          "event_id", new JsonString(reevaluated.eventId()),
          "object_id", new JsonString(reevaluated.objectId()),
          "previous_reason", new JsonString(reevaluated.previousReason().name()),
          "decision", decision(reevaluated.decision()));
    }
    AuditEntry.IdentityPruned pruned = (AuditEntry.IdentityPruned) entry;
    return object(
        "kind",
        new JsonString("identity_pruned"),
        "at",
        instant(pruned.at()),
        "event_id",
        new JsonString(pruned.eventId()),
        "first_received_at",
        instant(pruned.firstReceivedAt()));
  }

  private static JsonValue authority(AuditEntry.AuthorityApplied authority) {
    Map<String, JsonValue> entry = new LinkedHashMap<>();
    entry.put("kind", new JsonString("authority"));
    entry.put("at", instant(authority.at()));
    entry.put("object_id", new JsonString(authority.objectId()));
    entry.put("outcome", new JsonString(authority.outcome().name()));
    entry.put("regressed", new JsonBoolean(authority.regressed()));
    if (authority.before() != null) {
      entry.put("before", card(authority.before()));
    }
    entry.put("after", card(authority.after()));
    return JsonObject.of(entry);
  }

  private static JsonValue held(HeldInput input) {
    return object(
        "arrival", JsonNumber.of(input.step()),
        "event_id", eventId(input),
        "reason", new JsonString(input.reason().name()));
  }

  private static JsonValue eventId(HeldInput input) {
    return input
        .eventId()
        .filter(id -> !id.isEmpty())
        .map(id -> (JsonValue) new JsonString(id))
        .orElse(JsonNull.INSTANCE);
  }

  private static JsonValue recorded(RecordedContent content) {
    return object(
        "arrival", JsonNumber.of(content.step()),
        "received_at", instant(content.receivedAt()),
        "decisions",
            new JsonArray(content.decisions().stream().map(d -> (JsonValue) decision(d)).toList()));
  }

  private static JsonObject card(Card card) {
    return object(
        "version", JsonNumber.of(card.version()),
        "state", card.state(),
        "paused", new JsonBoolean(card.paused()));
  }

  private static JsonValue instant(Instant instant) {
    return new JsonString(instant.toString());
  }

  /** An object of alternating keys and values. */
  private static JsonObject object(Object... keysAndValues) {
    Map<String, JsonValue> members = new LinkedHashMap<>();
    for (int index = 0; index < keysAndValues.length; index += 2) {
      members.put((String) keysAndValues[index], (JsonValue) keysAndValues[index + 1]);
    }
    return JsonObject.of(members);
  }
}
