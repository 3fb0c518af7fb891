package io.inboxcheck.http;

import static io.inboxcheck.http.ProtocolValues.array;
import static io.inboxcheck.http.ProtocolValues.bool;
import static io.inboxcheck.http.ProtocolValues.card;
import static io.inboxcheck.http.ProtocolValues.decision;
import static io.inboxcheck.http.ProtocolValues.instant;
import static io.inboxcheck.http.ProtocolValues.member;
import static io.inboxcheck.http.ProtocolValues.name;
import static io.inboxcheck.http.ProtocolValues.optional;
import static io.inboxcheck.http.ProtocolValues.string;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ReconcileOutcome;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** One audit entry of the protocol's view as the model's {@link AuditEntry}, at its step. */
final class AuditMapping {
  private AuditMapping() {}

  static AuditEntry entry(JsonObject entry, int step, ViewMapping.Arrivals arrivals, String path) {
    String kind = string(entry, "kind", path);
    Instant at = instant(entry, "at", path);
    switch (kind) {
      case "delivery":
        {
          ViewMapping.Arrival arrival = arrivals.get(entry, path, "the audit's delivery entry");
          // The step that sent it, not the one during which it was written: a receiver that
          // acknowledges on acceptance writes it later, when it decides (SPEC section 3.6).
          return new AuditEntry.DeliveryRecorded(
              arrival.step(),
              at,
              arrival.envelope(),
              decision(member(entry, "decision", path), path + ".decision"),
              bool(entry, "variant", path),
              strings(entry, "paused", path));
        }
      case "authority":
        return new AuditEntry.AuthorityApplied(
            step,
            at,
            string(entry, "object_id", path),
            name(ReconcileOutcome.class, entry, "outcome", path),
            bool(entry, "regressed", path),
            optional(entry, "before").map(card -> card(card, path + ".before")).orElse(null),
            card(member(entry, "after", path), path + ".after"));
      case "resolved_by_authority", "reevaluated":
        return heldInputEntry(kind, entry, step, at, arrivals, path);
      case "identity_pruned":
        return new AuditEntry.IdentityPruned(
            step, at, string(entry, "event_id", path), instant(entry, "first_received_at", path));
      default:
        throw new ProtocolValues.Mismatch(
            path + ".kind",
            "expected delivery, authority, resolved_by_authority, reevaluated or identity_pruned,"
                + " found \""
                + kind
                + "\"");
    }
  }

  /**
   * An entry about a held input (resolved by the authority, or re-evaluated): both name the input
   * by its arrival, event id and card, read here once, in the protocol's member order.
   */
  private static AuditEntry heldInputEntry(
      String kind,
      JsonObject entry,
      int step,
      Instant at,
      ViewMapping.Arrivals arrivals,
      String path) {
    int arrivalStep = arrivals.get(entry, path, "the audit's " + kind + " entry").step();
    String eventId = ViewMapping.eventId(entry, path);
    String objectId = string(entry, "object_id", path);
    if (kind.equals("resolved_by_authority")) {
      return new AuditEntry.ResolvedByAuthority(
          step, at, arrivalStep, eventId, objectId, name(HeldReason.class, entry, "reason", path));
    }
    return new AuditEntry.Reevaluated(
        step,
        at,
        arrivalStep,
        eventId,
        objectId,
        name(HeldReason.class, entry, "previous_reason", path),
        decision(member(entry, "decision", path), path + ".decision"));
  }

  private static List<String> strings(JsonObject entry, String key, String path) {
    List<String> values = new ArrayList<>();
    List<JsonValue> items = array(entry, key, path);
    for (int index = 0; index < items.size(); index++) {
      if (!(items.get(index) instanceof JsonString string)) {
        throw new ProtocolValues.Mismatch(
            path + "." + key + "[" + index + "]", "expected a string");
      }
      values.add(string.value());
    }
    return values;
  }
}
