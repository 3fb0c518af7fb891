package io.inboxcheck.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;

/** Renders audit entries as JSON objects with a {@code kind} each. */
final class AuditJson {
  private AuditJson() {}

  static ObjectNode entry(AuditEntry entry) {
    ObjectNode node = JsonTrees.NODES.objectNode();
    node.put("step", entry.step());
    node.put("at", entry.at().toString());
    if (entry instanceof AuditEntry.DeliveryRecorded delivery) {
      node.put("kind", "delivery");
      node.put("event_id", delivery.envelope().eventId().orElse(null));
      node.put("object_id", delivery.envelope().objectId().orElse(null));
      node.put("record", recordKind(delivery));
      decision(node, delivery.decision());
      ArrayNode paused = node.putArray("paused");
      delivery.pausedCards().forEach(paused::add);
      node.set("content", JsonTrees.toNode(delivery.envelope().content()));
    } else if (entry instanceof AuditEntry.AuthorityApplied authority) {
      node.put("kind", "authority");
      node.put("object_id", authority.objectId());
      node.put("outcome", authority.outcome().name());
      node.put("regressed", authority.regressed());
      node.set("before", authority.before() == null ? null : HistoryJson.card(authority.before()));
      node.set("after", HistoryJson.card(authority.after()));
    } else if (entry instanceof AuditEntry.ResolvedByAuthority resolved) {
      node.put("kind", "resolved_by_authority");
      node.put("held_step", resolved.heldStep());
      node.put("event_id", resolved.eventId());
      node.put("object_id", resolved.objectId());
      node.put("reason", resolved.reason().name());
    } else if (entry instanceof AuditEntry.Reevaluated reevaluated) {
      node.put("kind", "reevaluated");
      node.put("held_step", reevaluated.heldStep());
      node.put("event_id", reevaluated.eventId());
      node.put("object_id", reevaluated.objectId());
      node.put("previous_reason", reevaluated.previousReason().name());
      decision(node, reevaluated.decision());
    } else if (entry instanceof AuditEntry.IdentityPruned pruned) {
      node.put("kind", "identity_pruned");
      node.put("event_id", pruned.eventId());
      node.put("first_received_at", pruned.firstReceivedAt().toString());
    }
    return node;
  }

  private static String recordKind(AuditEntry.DeliveryRecorded delivery) {
    if (delivery.variant()) {
      return "variant";
    }
    if (delivery.decision().kind() == DecisionKind.DUPLICATE) {
      return "duplicate";
    }
    return delivery.envelope().eventId().isPresent() ? "first_record" : "no_identity";
  }

  private static void decision(ObjectNode node, Decision decision) {
    node.put("decision", decision.kind().name());
    node.put("reason", decision.reason() == null ? null : decision.reason().name());
    if (decision instanceof Decision.Duplicate duplicate) {
      node.put("restates", duplicate.restates().kind().name());
    }
  }
}
