package io.inboxcheck.conform;

import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonNull;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.receiver.Ack;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Writes recorded steps as JSON Lines in the shape conform reads (docs/conform-log.schema.json):
 * the receiver protocol's audit entries, with a delivery's step as its arrival, plus the lines only
 * a log adds (the settings, an authority's snapshot, an ack). Used to turn the model's own audit
 * into a log, for the benchmark and the tests.
 */
public final class LogLines {
  private LogLines() {}

  /** The settings line: retention and supported types. */
  public static String settings(Duration retention, Set<String> supportedTypes) {
    TreeMap<String, JsonValue> line = new TreeMap<>();
    line.put("kind", new JsonString("settings"));
    line.put("retention", new JsonString(retention.toString()));
    line.put(
        "supported_types",
        new JsonArray(supportedTypes.stream().sorted().<JsonValue>map(JsonString::new).toList()));
    return new JsonObject(line).canonicalText();
  }

  /** An authority's snapshot at {@code at}. */
  public static String reconcile(Instant at, Map<String, AuthoritativeCard> authority) {
    TreeMap<String, JsonValue> objects = new TreeMap<>();
    authority.forEach(
        (objectId, card) -> {
          TreeMap<String, JsonValue> value = new TreeMap<>();
          value.put("version", JsonNumber.of(card.version()));
          value.put("state", card.state());
          objects.put(objectId, new JsonObject(value));
        });
    TreeMap<String, JsonValue> line = timed("reconcile", at);
    line.put("authority", new JsonObject(objects));
    return new JsonObject(line).canonicalText();
  }

  /** A delivery the receiver did not record: it answered NO_ACK. */
  public static String notRecorded(Instant at, String envelopeText) {
    TreeMap<String, JsonValue> line = timed("delivery", at);
    line.put("envelope", new JsonString(envelopeText));
    line.put("decision", JsonNull.INSTANCE);
    line.put("ack", new JsonString(Ack.NO_ACK.name()));
    return new JsonObject(line).canonicalText();
  }

  /**
   * One audit entry as a line; a delivery's and a held input's step stand for their arrival. {@code
   * withPauses} keeps what a delivery paused and whether it stored a variant.
   */
  public static String entry(AuditEntry entry, boolean withPauses) {
    TreeMap<String, JsonValue> line;
    if (entry instanceof AuditEntry.DeliveryRecorded delivery) {
      line = timed("delivery", entry.at());
      line.put("arrival", JsonNumber.of(delivery.step()));
      line.put("envelope", new JsonString(delivery.envelope().text()));
      line.put("decision", decision(delivery.decision()));
      if (withPauses) {
        line.put("variant", bool(delivery.variant()));
        line.put("paused", names(delivery.pausedCards()));
      }
    } else if (entry instanceof AuditEntry.AuthorityApplied authority) {
      line = timed("authority", entry.at());
      line.put("object_id", new JsonString(authority.objectId()));
      line.put("outcome", new JsonString(authority.outcome().name()));
      line.put("regressed", bool(authority.regressed()));
      line.put("before", authority.before() == null ? JsonNull.INSTANCE : card(authority.before()));
      line.put("after", card(authority.after()));
    } else if (entry instanceof AuditEntry.ResolvedByAuthority resolved) {
      line = heldEntry("resolved_by_authority", entry, resolved.heldStep(), resolved.eventId());
      line.put("object_id", new JsonString(resolved.objectId()));
      line.put("reason", new JsonString(resolved.reason().name()));
    } else if (entry instanceof AuditEntry.Reevaluated reevaluated) {
      line = heldEntry("reevaluated", entry, reevaluated.heldStep(), reevaluated.eventId());
      line.put("object_id", new JsonString(reevaluated.objectId()));
      line.put("previous_reason", new JsonString(reevaluated.previousReason().name()));
      line.put("decision", decision(reevaluated.decision()));
    } else {
      AuditEntry.IdentityPruned pruned = (AuditEntry.IdentityPruned) entry;
      line = timed("identity_pruned", entry.at());
      line.put("event_id", new JsonString(pruned.eventId()));
      line.put("first_received_at", new JsonString(pruned.firstReceivedAt().toString()));
    }
    return new JsonObject(line).canonicalText();
  }

  private static TreeMap<String, JsonValue> heldEntry(
      String kind, AuditEntry entry, int heldStep, String eventId) {
    TreeMap<String, JsonValue> line = timed(kind, entry.at());
    line.put("arrival", JsonNumber.of(heldStep));
    line.put("event_id", eventId == null ? JsonNull.INSTANCE : new JsonString(eventId));
    return line;
  }

  private static TreeMap<String, JsonValue> timed(String kind, Instant at) {
    TreeMap<String, JsonValue> line = new TreeMap<>();
    line.put("kind", new JsonString(kind));
    line.put("at", new JsonString(at.toString()));
    return line;
  }

  /** A decision as the protocol writes it: {@code {"decision", "reason", "restates"}}. */
  public static JsonObject decision(Decision decision) {
    TreeMap<String, JsonValue> members = new TreeMap<>();
    members.put("decision", new JsonString(decision.kind().name()));
    members.put(
        "reason",
        decision.reason() == null ? JsonNull.INSTANCE : new JsonString(decision.reason().name()));
    members.put(
        "restates",
        decision instanceof Decision.Duplicate duplicate
            ? decision(duplicate.restates())
            : JsonNull.INSTANCE);
    return new JsonObject(members);
  }

  /** A card as the protocol writes it: {@code {"version", "state", "paused"}}. */
  public static JsonObject card(Card card) {
    TreeMap<String, JsonValue> members = new TreeMap<>();
    members.put("version", JsonNumber.of(card.version()));
    members.put("state", card.state());
    members.put("paused", bool(card.paused()));
    return new JsonObject(members);
  }

  private static JsonBoolean bool(boolean value) {
    return value ? JsonBoolean.TRUE : JsonBoolean.FALSE;
  }

  private static JsonArray names(List<String> names) {
    return new JsonArray(names.stream().<JsonValue>map(JsonString::new).toList());
  }
}
