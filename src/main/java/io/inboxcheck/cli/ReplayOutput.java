package io.inboxcheck.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.report.ComparisonHtml;
import io.inboxcheck.report.HistoryHtml;
import io.inboxcheck.report.HistoryJson;
import io.inboxcheck.report.HistoryText;
import io.inboxcheck.report.JsonTrees;
import io.inboxcheck.report.ReplayStop;
import io.inboxcheck.scenario.History;
import java.io.PrintWriter;
import java.util.Optional;

/**
 * Prints the histories of one {@code replay} run in one format. Text and JSON Lines print each
 * history as it is replayed; JSON over several files collects them, because the whole output must
 * be one document: {@code {"histories": [...]}}. One file keeps the SPEC section 10 document.
 */
final class ReplayOutput {
  private final ReplayCommand.Format format;
  private final int width;
  private final PrintWriter out;
  private final boolean besideModel;
  private final ArrayNode collected;

  /**
   * {@code besideModel}: the receiver is not the model, so an HTML page sets it beside the model.
   */
  ReplayOutput(
      ReplayCommand.Format format, int width, int files, boolean besideModel, PrintWriter out) {
    this.format = format;
    this.width = width;
    this.besideModel = besideModel;
    this.out = out;
    this.collected =
        format == ReplayCommand.Format.json && files > 1 ? JsonTrees.NODES.arrayNode() : null;
  }

  void print(CheckedRun.Result result, Optional<ReplayStop> stop) {
    History history = result.history();
    switch (format) {
      case html ->
          out.print(besideModel ? ComparisonHtml.render(result) : HistoryHtml.render(history));
      case table -> out.print(HistoryText.render(history, HistoryText.Layout.TABLE, width, stop));
      case markdown ->
          out.print(HistoryText.render(history, HistoryText.Layout.MARKDOWN, width, stop));
      case jsonl -> out.print(HistoryJson.renderLine(HistoryJson.toTree(history, stop)));
      case json -> {
        ObjectNode tree = HistoryJson.toTree(history, stop);
        if (collected != null) {
          collected.add(tree);
        } else {
          out.print(HistoryJson.render(tree));
        }
      }
    }
    out.flush();
  }

  /** Ends the output: the collected document, when there is one. */
  void finish() {
    if (collected != null) {
      ObjectNode document = JsonTrees.NODES.objectNode();
      document.set("histories", collected);
      out.print(HistoryJson.render(document));
      out.flush();
    }
  }
}
