package io.inboxcheck.report;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ObjectVersion;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.scenario.ExpectationReport;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.stream.Collectors;

/**
 * A history a person can check against the guide: one row per step, then the final state,
 * replacement counts, unresolved inputs, the evidence of every conflict and the expectations.
 */
public final class HistoryText {
  static final List<String> HEADERS =
      List.of("step", "event", "decision", "ack", "cards after", "paused", "held");

  /** The two layouts: aligned columns for a terminal, or a Markdown table. */
  public enum Layout {
    TABLE,
    MARKDOWN
  }

  private HistoryText() {}

  public static String render(History history, Layout layout) {
    TextTable table = new TextTable(HEADERS);
    for (int index = 0; index < history.steps().size(); index++) {
      table.add(row(history.scenario().steps().get(index), history.steps().get(index)));
    }
    StringBuilder out = new StringBuilder();
    heading(
        out,
        layout,
        1,
        "Scenario " + history.scenario().name() + " (receiver: " + history.receiver() + ")");
    if (!history.scenario().description().isEmpty()) {
      out.append(history.scenario().description()).append("\n\n");
    }
    out.append(layout == Layout.MARKDOWN ? table.markdown() : table.aligned()).append('\n');
    finalSection(out, layout, history);
    evidenceSection(out, layout, history);
    expectationSection(out, layout, history.expectations());
    heading(out, layout, 2, "What this replay shows and what it does not");
    out.append("Executed: the ")
        .append(history.receiver())
        .append(
            " receiver's decisions, acks and state for these steps, in this one arrival order.\n")
        .append("Not shown by a replay: database transactions, concurrent receivers, crashes, ")
        .append("downstream notifications (SPEC section 8; see docs/guarantees.md).\n");
    return out.toString();
  }

  static List<String> row(ScenarioStep scenarioStep, HistoryStep step) {
    List<String> cells = new ArrayList<>();
    cells.add(Integer.toString(step.step()));
    if (step.detail() instanceof HistoryStep.Delivered delivered) {
      Envelope envelope = ((ScenarioStep.Deliver) scenarioStep).envelope();
      cells.add(describeEvent(envelope, delivered));
      cells.add(
          describeDecision(delivered.decision())
              + (delivered.retentionExpired() ? " [id forgotten after retention]" : ""));
      cells.add(
          delivered.ack()
              + ": "
              + Ack.meaning(delivered.ack(), delivered.decision())
              + (delivered.ackLost() ? " (ack lost)" : ""));
    } else if (step.detail() instanceof HistoryStep.Reconciled reconciled) {
      ScenarioStep.Reconcile reconcile = (ScenarioStep.Reconcile) scenarioStep;
      cells.add(
          "authority at "
              + reconcile.at()
              + ": "
              + reconcile.authority().entrySet().stream()
                  .map(e -> describeCard(e.getKey(), e.getValue().asCard()))
                  .collect(Collectors.joining(", ")));
      cells.add(
          reconciled.objects().stream()
              .map(HistoryText::describeReconciliation)
              .collect(Collectors.joining("; ")));
      cells.add("-");
    } else if (step.detail() instanceof HistoryStep.Advanced advanced) {
      cells.add("clock advances " + advanced.by() + " to " + step.clock());
      cells.add(
          step.pruned().isEmpty() ? "-" : "pruned identities: " + String.join(", ", step.pruned()));
      cells.add("-");
    }
    cells.add(describeCards(step.cards()));
    cells.add(step.paused().isEmpty() ? "-" : String.join(", ", step.paused()));
    cells.add(describeHeld(step.held()));
    return cells;
  }

  static String describeEvent(Envelope envelope, HistoryStep.Delivered delivered) {
    String id = delivered.eventId() == null ? "(no event_id)" : delivered.eventId();
    String object = delivered.objectId() == null ? "(no object_id)" : delivered.objectId();
    String version = describeVersion(envelope.version());
    String state = envelope.state().map(s -> s.canonicalText()).orElse("(no state object)");
    return id
        + " "
        + object
        + " "
        + version
        + " "
        + state
        + (delivered.storageFault() ? " [storage fault]" : "");
  }

  static String describeVersion(ObjectVersion version) {
    if (version instanceof ObjectVersion.Valid valid) {
      return "v" + valid.value();
    }
    if (version instanceof ObjectVersion.Invalid invalid) {
      return "version " + invalid.raw().canonicalText();
    }
    return "no version";
  }

  public static String describeDecision(Decision decision) {
    if (decision == null) {
      return "none (write not durable)";
    }
    return decision.describe();
  }

  static String describeReconciliation(ObjectReconciliation object) {
    StringBuilder text = new StringBuilder(object.objectId() + " " + object.outcome());
    if (object.regressed()) {
      text.append(" (regressed from v").append(object.before().version()).append(')');
    }
    for (HeldInput resolved : object.resolved()) {
      text.append(", ")
          .append(resolved.eventId().orElse("step " + resolved.step()))
          .append(" ")
          .append(resolved.reason())
          .append(" resolved by authority");
    }
    for (ObjectReconciliation.Reevaluation reevaluation : object.reevaluated()) {
      text.append(", ")
          .append(reevaluation.input().eventId().orElse("step " + reevaluation.input().step()))
          .append(" -> ")
          .append(describeDecision(reevaluation.decision()));
    }
    return text.toString();
  }

  /** One card as rows show it: {@code card-7 v14 {"label":"Map v2",...} PAUSED}. */
  static String describeCard(String objectId, Card card) {
    return objectId
        + " v"
        + card.version()
        + " "
        + card.state().canonicalText()
        + (card.paused() ? " PAUSED" : "");
  }

  static String describeCards(SortedMap<String, Card> cards) {
    if (cards.isEmpty()) {
      return "-";
    }
    return cards.entrySet().stream()
        .map(e -> describeCard(e.getKey(), e.getValue()))
        .collect(Collectors.joining("; "));
  }

  static String describeHeld(List<HeldInput> held) {
    if (held.isEmpty()) {
      return "-";
    }
    return held.stream()
        .map(
            input ->
                input.eventId().orElse("(no id, step " + input.step() + ")") + " " + input.reason())
        .collect(Collectors.joining(", "));
  }

  private static void finalSection(StringBuilder out, Layout layout, History history) {
    heading(out, layout, 2, "Final state");
    bullet(out, "cards: " + describeCards(history.finalCards()));
    bullet(
        out,
        "paused: " + (history.paused().isEmpty() ? "none" : String.join(", ", history.paused())));
    bullet(
        out,
        "replacements: event "
            + history.replacements().event()
            + " + authoritative "
            + history.replacements().authoritative()
            + " = "
            + history.replacements().total());
    if (history.unresolved().isEmpty()) {
      bullet(out, "unresolved inputs: none");
    } else {
      bullet(out, "unresolved inputs:");
      for (HeldInput input : history.unresolved()) {
        out.append("  - step ")
            .append(input.step())
            .append(": ")
            .append(input.eventId().orElse("(no event_id)"))
            .append(" for ")
            .append(input.objectId().orElse("(no object_id)"))
            .append(", ")
            .append(input.reason())
            .append('\n');
      }
    }
    out.append('\n');
  }

  private static void evidenceSection(StringBuilder out, Layout layout, History history) {
    List<String> lines = Evidence.lines(history.audit());
    for (HistoryStep step : history.steps()) {
      if (step.detail() instanceof HistoryStep.Delivered delivered
          && delivered.retentionExpired()) {
        lines.add(
            "step "
                + step.step()
                + ": "
                + delivered.eventId()
                + " was delivered before, but its identity record"
                + " had been pruned (retention "
                + history.scenario().retention()
                + "); the receiver could not tell this"
                + " was a redelivery and decided it by rules 2-4 only");
      }
    }
    if (lines.isEmpty()) {
      return;
    }
    heading(out, layout, 2, "Audit of conflicts, authority and retention");
    lines.forEach(line -> bullet(out, line));
    out.append('\n');
  }

  private static void expectationSection(
      StringBuilder out, Layout layout, ExpectationReport report) {
    heading(out, layout, 2, "Expectations");
    if (report.checked() == 0) {
      out.append("The scenario states no expectations.\n\n");
      return;
    }
    out.append(report.checked() - report.failures().size())
        .append(" of ")
        .append(report.checked())
        .append(" expected facts hold.\n");
    for (ExpectationReport.Mismatch mismatch : report.failures()) {
      bullet(out, "FAILED " + mismatch.describe());
    }
    out.append('\n');
  }

  private static void heading(StringBuilder out, Layout layout, int level, String text) {
    if (layout == Layout.MARKDOWN) {
      out.append("#".repeat(level)).append(' ').append(text).append("\n\n");
    } else {
      out.append(text)
          .append('\n')
          .append((level == 1 ? "=" : "-").repeat(text.length()))
          .append("\n");
    }
  }

  private static void bullet(StringBuilder out, String text) {
    out.append("- ").append(text).append('\n');
  }

  /** The audit entries that are evidence a person should see. */
  static final class Evidence {
    private Evidence() {}

    static List<String> lines(List<AuditEntry> audit) {
      List<String> lines = new ArrayList<>();
      for (AuditEntry entry : audit) {
        if (entry instanceof AuditEntry.DeliveryRecorded delivery && delivery.variant()) {
          String id = delivery.envelope().eventId().orElseThrow();
          firstRecordOf(audit, id, delivery.step())
              .ifPresent(
                  first ->
                      lines.add(
                          "step "
                              + first.step()
                              + ": "
                              + id
                              + " first record "
                              + first.envelope().content().canonicalText()
                              + " decided "
                              + describeDecision(first.decision())));
          lines.add(
              "step "
                  + delivery.step()
                  + ": "
                  + id
                  + " variant "
                  + delivery.envelope().content().canonicalText()
                  + " decided "
                  + describeDecision(delivery.decision())
                  + (delivery.pausedCards().isEmpty()
                      ? ", paused no card"
                      : ", paused " + String.join(", ", delivery.pausedCards())));
        } else if (entry instanceof AuditEntry.ResolvedByAuthority resolved) {
          lines.add(
              "step "
                  + resolved.step()
                  + ": "
                  + resolved.eventId()
                  + " (held at step "
                  + resolved.heldStep()
                  + ", "
                  + resolved.reason()
                  + ") resolved by the authority for "
                  + resolved.objectId()
                  + "; kept as evidence");
        } else if (entry instanceof AuditEntry.AuthorityApplied authority
            && authority.regressed()) {
          lines.add(
              "step "
                  + authority.step()
                  + ": authority for "
                  + authority.objectId()
                  + " regressed it from v"
                  + authority.before().version()
                  + " to v"
                  + authority.after().version());
        } else if (entry instanceof AuditEntry.IdentityPruned pruned) {
          lines.add(
              "step "
                  + pruned.step()
                  + ": identity "
                  + pruned.eventId()
                  + " (first received "
                  + pruned.firstReceivedAt()
                  + ") pruned at "
                  + pruned.at());
        }
      }
      return lines;
    }

    private static java.util.Optional<AuditEntry.DeliveryRecorded> firstRecordOf(
        List<AuditEntry> audit, String id, int beforeStep) {
      AuditEntry.DeliveryRecorded first = null;
      for (AuditEntry entry : audit) {
        if (entry instanceof AuditEntry.DeliveryRecorded delivery
            && !delivery.variant()
            && delivery.step() < beforeStep
            && delivery.envelope().eventId().filter(id::equals).isPresent()
            && !(delivery.decision() instanceof Decision.Duplicate)) {
          first = delivery;
        }
      }
      return java.util.Optional.ofNullable(first);
    }
  }
}
