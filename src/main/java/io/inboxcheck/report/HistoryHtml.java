package io.inboxcheck.report;

import static io.inboxcheck.report.HtmlPage.escape;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.scenario.ExpectationReport;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.HistoryStep;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * A history as one self-contained HTML page: steps down, and across them the decision coloured by
 * kind, one lane per card (version and state after each step, changes highlighted, PAUSED marked)
 * and one lane per held input from the step it was taken to the step that resolved it.
 */
public final class HistoryHtml {
  private HistoryHtml() {}

  public static String render(History history) {
    String title =
        "Scenario " + history.scenario().name() + " (receiver: " + history.receiver() + ")";
    StringBuilder body = new StringBuilder();
    body.append("<h1>").append(escape(title)).append("</h1>\n");
    if (!history.scenario().description().isEmpty()) {
      body.append("<p>").append(escape(history.scenario().description())).append("</p>\n");
    }
    body.append(HtmlPage.legend());
    body.append(table(history));
    finalSection(body, history);
    evidenceSection(body, history);
    expectationSection(body, history.expectations());
    body.append(HtmlPage.scope(history.receiver()));
    return HtmlPage.page(title, body.toString());
  }

  private static String table(History history) {
    List<String> lanes = HistoryCells.lanes(history);
    Map<Integer, HeldInput> held = HistoryCells.heldLanes(history);
    StringBuilder table = new StringBuilder("<table class=\"history\">\n<thead><tr>");
    table.append("<th>step and event</th><th>decision and ack</th>");
    for (String card : lanes) {
      table
          .append("<th class=\"lane-header\" data-card=\"")
          .append(escape(card))
          .append("\">")
          .append(escape(card))
          .append("</th>");
    }
    held.values().forEach(input -> table.append(HistoryCells.heldHeader(input)));
    table.append("</tr></thead>\n<tbody>\n");
    SortedMap<String, Card> before = history.scenario().initial();
    table.append(
        "<tr data-step=\"0\"><td class=\"step\" data-step=\"0\"><b>0</b> initial cards</td>");
    table.append("<td class=\"decision decision-initial\" data-step=\"0\">-</td>");
    for (String card : lanes) {
      table.append(HistoryCells.laneCell(card, 0, before.get(card), null, ""));
    }
    table.append("<td class=\"held held-none\"></td>".repeat(held.size())).append("</tr>\n");
    for (int index = 0; index < history.steps().size(); index++) {
      HistoryStep step = history.steps().get(index);
      table.append("<tr data-step=\"").append(step.step()).append("\">");
      table.append(HistoryCells.stepCell(history, index));
      table.append(HistoryCells.decisionCell(history, index, ""));
      for (String card : lanes) {
        table.append(
            HistoryCells.laneCell(card, step.step(), step.cards().get(card), before.get(card), ""));
      }
      for (int arrival : held.keySet()) {
        table.append(HistoryCells.heldCell(history, index, arrival));
      }
      table.append("</tr>\n");
      before = step.cards();
    }
    return table.append("</tbody>\n</table>\n").toString();
  }

  private static void finalSection(StringBuilder body, History history) {
    body.append("<h2>Final state</h2>\n<table class=\"final-cards\">\n");
    body.append("<tr><th>card</th><th>version</th><th>state</th><th>paused</th></tr>\n");
    history
        .finalCards()
        .forEach(
            (card, value) ->
                body.append("<tr data-card=\"")
                    .append(escape(card))
                    .append("\"><td>")
                    .append(escape(card))
                    .append("</td><td>v")
                    .append(value.version())
                    .append("</td><td class=\"state\">")
                    .append(escape(value.state().canonicalText()))
                    .append("</td><td>")
                    .append(value.paused() ? "<span class=\"paused-mark\">PAUSED</span>" : "no")
                    .append("</td></tr>\n"));
    body.append("</table>\n<ul>\n");
    body.append("<li>replacements: event ")
        .append(history.replacements().event())
        .append(" + authoritative ")
        .append(history.replacements().authoritative())
        .append(" = ")
        .append(history.replacements().total())
        .append("</li>\n");
    if (history.unresolved().isEmpty()) {
      body.append("<li>unresolved inputs: none</li>\n");
    }
    for (HeldInput input : history.unresolved()) {
      body.append("<li class=\"unresolved\" data-held=\"")
          .append(escape(HistoryCells.heldKey(input)))
          .append("\">unresolved: step ")
          .append(input.step())
          .append(", ")
          .append(escape(input.eventId().orElse("(no event_id)")))
          .append(" for ")
          .append(escape(input.objectId().orElse("(no object_id)")))
          .append(", ")
          .append(input.reason())
          .append("</li>\n");
    }
    body.append("</ul>\n");
  }

  private static void evidenceSection(StringBuilder body, History history) {
    List<String> lines = AuditEvidence.lines(history.audit());
    if (lines.isEmpty()) {
      return;
    }
    body.append("<h2>Audit of conflicts, authority and retention</h2>\n<ul class=\"evidence\">\n");
    lines.forEach(line -> body.append("<li>").append(escape(line)).append("</li>\n"));
    body.append("</ul>\n");
  }

  private static void expectationSection(StringBuilder body, ExpectationReport report) {
    body.append("<h2>Expectations</h2>\n");
    if (report.checked() == 0) {
      body.append("<p>The scenario states no expectations.</p>\n");
      return;
    }
    body.append("<p class=\"expectations\" data-checked=\"")
        .append(report.checked())
        .append("\" data-failed=\"")
        .append(report.failures().size())
        .append("\">")
        .append(report.checked() - report.failures().size())
        .append(" of ")
        .append(report.checked())
        .append(" expected facts hold.</p>\n");
    for (ExpectationReport.Mismatch mismatch : report.failures()) {
      body.append("<p class=\"banner\">FAILED ")
          .append(escape(mismatch.describe()))
          .append("</p>\n");
    }
  }
}
