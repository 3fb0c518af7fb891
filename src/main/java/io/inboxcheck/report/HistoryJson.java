package io.inboxcheck.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.scenario.ExpectationReport;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.ScenarioStep;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;

/** The machine-readable history of SPEC section 10, field for field, plus the audit. */
public final class HistoryJson {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final ObjectMapper LINES = new ObjectMapper();

  private HistoryJson() {}

  public static String render(History history) {
    return render(toTree(history, Optional.empty()));
  }

  /** A JSON document, indented for people, ending in a line break. */
  public static String render(JsonNode document) {
    try {
      return MAPPER.writeValueAsString(document) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A JSON document on one line, for JSON Lines output. */
  public static String renderLine(JsonNode document) {
    try {
      return LINES.writeValueAsString(document) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static ObjectNode toTree(History history) {
    return toTree(history, Optional.empty());
  }

  /**
   * The history of SPEC section 10; when the replay stopped at a broken invariant, a {@code
   * stopped} member says after which step and why (absent for a replay that ran to the end).
   */
  public static ObjectNode toTree(History history, Optional<ReplayStop> stop) {
    ObjectNode root = JsonTrees.NODES.objectNode();
    root.put("scenario", history.scenario().name());
    root.put("receiver", history.receiver());
    ArrayNode steps = root.putArray("steps");
    for (int index = 0; index < history.steps().size(); index++) {
      ObjectNode step = step(history.steps().get(index));
      if (history.scenario().steps().get(index) instanceof ScenarioStep.Deliver deliver) {
        // The text as the provider spelled it; the decision compared its canonical content.
        step.put("envelope_text", deliver.envelope().text());
      }
      steps.add(step);
    }
    ObjectNode finalNode = root.putObject("final");
    finalNode.set("cards", cards(history.finalCards()));
    ArrayNode paused = finalNode.putArray("paused");
    history.paused().forEach(paused::add);
    finalNode.set("unresolved", held(history.unresolved()));
    finalNode.set("replacements", replacements(history.replacements(), true));
    ArrayNode audit = root.putArray("audit");
    history.audit().forEach(entry -> audit.add(AuditJson.entry(entry)));
    root.set("expectations", expectations(history.expectations()));
    stop.ifPresent(stopped -> root.set("stopped", stopped.toJson()));
    return root;
  }

  static ObjectNode step(HistoryStep step) {
    ObjectNode node = JsonTrees.NODES.objectNode();
    node.put("step", step.step());
    node.put("kind", step.detail().kind());
    node.put("clock", step.clock().toString());
    if (step.detail() instanceof HistoryStep.Delivered delivered) {
      delivered(node, delivered);
    } else if (step.detail() instanceof HistoryStep.Reconciled reconciled) {
      ArrayNode objects = node.putArray("objects");
      reconciled.objects().forEach(object -> objects.add(reconciledObject(object)));
    } else if (step.detail() instanceof HistoryStep.Advanced advanced) {
      node.put("by", advanced.by().toString());
    }
    node.set("cards", cards(step.cards()));
    node.set("held", held(step.held()));
    node.set("replacements", replacements(step.replacements(), false));
    if (!step.pruned().isEmpty()) {
      ArrayNode pruned = node.putArray("pruned");
      step.pruned().forEach(pruned::add);
    }
    return node;
  }

  private static void delivered(ObjectNode node, HistoryStep.Delivered delivered) {
    Decision decision = delivered.decision();
    node.put("event_id", delivered.eventId());
    node.put("object_id", delivered.objectId());
    node.put("decision", decision == null ? null : decision.kind().name());
    node.put(
        "reason", decision == null || decision.reason() == null ? null : decision.reason().name());
    Decision restated = decision instanceof Decision.Duplicate d ? d.restates() : null;
    node.put("restates", restated == null ? null : restated.kind().name());
    if (restated != null && restated.kind() == DecisionKind.HELD) {
      node.put("restates_reason", restated.reason().name());
    }
    node.put("ack", delivered.ack().name());
    node.put("ack_meaning", Ack.meaning(delivered.ack(), decision));
    node.put("ack_lost", delivered.ackLost());
    if (delivered.attempt() != null) {
      node.put("attempt", delivered.attempt());
    }
    if (delivered.storageFault()) {
      node.put("storage_fault", true);
    }
    if (delivered.retentionExpired()) {
      node.put("retention_expired", true);
    }
  }

  private static ObjectNode reconciledObject(ObjectReconciliation object) {
    ObjectNode node = JsonTrees.NODES.objectNode();
    node.put("object_id", object.objectId());
    node.put("outcome", object.outcome().name());
    node.put("regressed", object.regressed());
    ArrayNode resolved = node.putArray("resolved");
    for (HeldInput input : object.resolved()) {
      resolved.add(heldInput(input));
    }
    ArrayNode reevaluated = node.putArray("reevaluated");
    for (ObjectReconciliation.Reevaluation reevaluation : object.reevaluated()) {
      ObjectNode entry = reevaluated.addObject();
      entry.put("step", reevaluation.input().step());
      entry.put("event_id", reevaluation.input().eventId().orElse(null));
      entry.put("decision", reevaluation.decision().kind().name());
      if (reevaluation.decision().reason() != null) {
        entry.put("reason", reevaluation.decision().reason().name());
      }
    }
    return node;
  }

  static ObjectNode cards(SortedMap<String, Card> cards) {
    ObjectNode node = JsonTrees.NODES.objectNode();
    cards.forEach((id, card) -> node.set(id, card(card)));
    return node;
  }

  static ObjectNode card(Card card) {
    ObjectNode node = JsonTrees.NODES.objectNode();
    node.put("version", card.version());
    node.set("state", JsonTrees.toNode(card.state()));
    node.put("paused", card.paused());
    return node;
  }

  static ArrayNode held(List<HeldInput> held) {
    ArrayNode node = JsonTrees.NODES.arrayNode();
    held.forEach(input -> node.add(heldInput(input)));
    return node;
  }

  private static ObjectNode heldInput(HeldInput input) {
    ObjectNode node = JsonTrees.NODES.objectNode();
    node.put("step", input.step());
    node.put("event_id", input.eventId().orElse(null));
    node.put("object_id", input.objectId().orElse(null));
    node.put("reason", input.reason().name());
    return node;
  }

  private static ObjectNode replacements(ReplacementCounters counters, boolean withTotal) {
    ObjectNode node = JsonTrees.NODES.objectNode();
    node.put("event", counters.event());
    node.put("authoritative", counters.authoritative());
    if (withTotal) {
      node.put("total", counters.total());
    }
    return node;
  }

  private static ObjectNode expectations(ExpectationReport report) {
    ObjectNode node = JsonTrees.NODES.objectNode();
    node.put("checked", report.checked());
    node.put("failed", report.failures().size());
    ArrayNode failures = node.putArray("failures");
    for (ExpectationReport.Mismatch mismatch : report.failures()) {
      ObjectNode failure = failures.addObject();
      failure.put("step", mismatch.step() == 0 ? null : mismatch.step());
      failure.put("path", mismatch.path());
      failure.put("expected", mismatch.expected());
      failure.put("actual", mismatch.actual());
    }
    return node;
  }
}
