package io.inboxcheck.report;

import static io.inboxcheck.report.HtmlPage.escape;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.Violation;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.HistoryStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * A tested receiver beside the reference model over the same steps, as one HTML page: per step the
 * two decisions, each card's two lanes and the two held lists, with every cell where they differ
 * outlined and the first divergent step marked {@code divergence}; the broken invariant on top.
 */
public final class ComparisonHtml {
  private ComparisonHtml() {}

  /** The page of a checked run, with the violation the run stopped at, if any. */
  public static String render(CheckedRun.Result result) {
    return render(result, result.violation().orElse(null));
  }

  /**
   * The page of a checked run with {@code broken} as the failure to show: a whole-run property such
   * as ORDER_INDEPENDENT breaks outside any one step, so the run itself may not carry it.
   */
  public static String render(CheckedRun.Result result, Violation broken) {
    History tested = result.history();
    History model = result.referenceHistory();
    String title =
        "Counterexample "
            + tested.scenario().name()
            + ": receiver "
            + tested.receiver()
            + " beside the model";
    StringBuilder body = new StringBuilder("<h1>").append(escape(title)).append("</h1>\n");
    if (!tested.scenario().description().isEmpty()) {
      body.append("<p>").append(escape(tested.scenario().description())).append("</p>\n");
    }
    Optional<Integer> first = firstDivergence(tested, model);
    summary(body, broken, first, tested);
    body.append(HtmlPage.legend());
    body.append(table(tested, model, broken, first));
    body.append(HtmlPage.scope(tested.receiver()));
    return HtmlPage.page(title, body.toString());
  }

  private static void summary(
      StringBuilder body, Violation broken, Optional<Integer> first, History tested) {
    if (broken != null) {
      body.append("<p class=\"banner broken-invariant\" data-invariant=\"")
          .append(broken.invariant())
          .append("\" data-step=\"")
          .append(broken.step())
          .append("\"><b>Broken invariant:</b> ")
          .append(escape(broken.describe()))
          .append("</p>\n");
    }
    if (first.isPresent()) {
      int step = tested.steps().get(first.get()).step();
      body.append("<p class=\"banner first-divergence\" data-step=\"")
          .append(step)
          .append("\">The receiver first differs from the model at step ")
          .append(step)
          .append(" (row outlined in red; the differing cells are boxed).</p>\n");
    } else {
      body.append("<p class=\"agreement\">The receiver agrees with the model at every step.</p>\n");
    }
  }

  private static String table(
      History tested, History model, Violation broken, Optional<Integer> first) {
    TreeSet<String> cards = new TreeSet<>(HistoryCells.lanes(model));
    cards.addAll(HistoryCells.lanes(tested));
    StringBuilder table = new StringBuilder("<table class=\"comparison\">\n<thead><tr>");
    table.append("<th>step and event</th><th>model decides</th><th>receiver decides</th>");
    for (String card : cards) {
      for (String side : List.of("model", "receiver")) {
        table
            .append("<th class=\"lane-header side-")
            .append(side)
            .append("\" data-card=\"")
            .append(escape(card))
            .append("\">")
            .append(escape(card))
            .append("<br><small>")
            .append(side)
            .append("</small></th>");
      }
    }
    table.append(
        "<th>model holds, counts</th><th>receiver holds, counts</th></tr></thead>\n<tbody>\n");
    for (int index = 0; index < tested.steps().size(); index++) {
      HistoryStep mine = tested.steps().get(index);
      HistoryStep theirs = model.steps().get(index);
      List<String> rowClasses = new ArrayList<>();
      if (first.isPresent() && first.get() == index) {
        rowClasses.add("divergence");
      }
      if (broken != null && broken.step() == mine.step()) {
        rowClasses.add("violation");
      }
      table
          .append("<tr data-step=\"")
          .append(mine.step())
          .append("\" class=\"")
          .append(String.join(" ", rowClasses))
          .append("\">");
      table.append(HistoryCells.stepCell(model, index));
      String decisionDiffers = decisionsDiffer(mine, theirs) ? "differs" : "";
      table.append(HistoryCells.decisionCell(model, index, "side-model " + decisionDiffers));
      table.append(HistoryCells.decisionCell(tested, index, "side-receiver " + decisionDiffers));
      for (String card : cards) {
        Card expected = theirs.cards().get(card);
        Card observed = mine.cards().get(card);
        String differs = Objects.equals(expected, observed) ? "" : " differs";
        Card expectedBefore = before(model, index, card);
        Card observedBefore = before(tested, index, card);
        table.append(
            HistoryCells.laneCell(
                card, mine.step(), expected, expectedBefore, "side-model" + differs));
        table.append(
            HistoryCells.laneCell(
                card, mine.step(), observed, observedBefore, "side-receiver" + differs));
      }
      String heldDiffers =
          heldDiffer(mine, theirs) || !mine.replacements().equals(theirs.replacements())
              ? " differs"
              : "";
      table.append(heldCell(theirs, "side-model" + heldDiffers));
      table.append(heldCell(mine, "side-receiver" + heldDiffers));
      table.append("</tr>\n");
    }
    return table.append("</tbody>\n</table>\n").toString();
  }

  private static Card before(History history, int index, String card) {
    return index == 0
        ? history.scenario().initial().get(card)
        : history.steps().get(index - 1).cards().get(card);
  }

  private static String heldCell(HistoryStep step, String classes) {
    return "<td class=\"held-list "
        + classes
        + "\" data-step=\""
        + step.step()
        + "\">"
        + escape(HistoryCells.describeHeld(step.held()))
        + "<br><small>replacements: event "
        + step.replacements().event()
        + " + authoritative "
        + step.replacements().authoritative()
        + "</small></td>";
  }

  /** The first step index where decision, ack, any card, the held inputs or counts differ. */
  static Optional<Integer> firstDivergence(History tested, History model) {
    for (int index = 0; index < tested.steps().size(); index++) {
      HistoryStep mine = tested.steps().get(index);
      HistoryStep theirs = model.steps().get(index);
      if (decisionsDiffer(mine, theirs)
          || !mine.cards().equals(theirs.cards())
          || heldDiffer(mine, theirs)
          || !mine.replacements().equals(theirs.replacements())) {
        return Optional.of(index);
      }
    }
    return Optional.empty();
  }

  private static boolean decisionsDiffer(HistoryStep mine, HistoryStep theirs) {
    if (mine.detail() instanceof HistoryStep.Delivered observed
        && theirs.detail() instanceof HistoryStep.Delivered expected) {
      return !Objects.equals(observed.decision(), expected.decision())
          || observed.ack() != expected.ack();
    }
    if (mine.detail() instanceof HistoryStep.Reconciled observed
        && theirs.detail() instanceof HistoryStep.Reconciled expected) {
      return !observed.objects().stream()
          .map(HistoryText::describeReconciliation)
          .toList()
          .equals(expected.objects().stream().map(HistoryText::describeReconciliation).toList());
    }
    return false;
  }

  private static boolean heldDiffer(HistoryStep mine, HistoryStep theirs) {
    return !summary(mine.held()).equals(summary(theirs.held()));
  }

  private static List<String> summary(List<HeldInput> held) {
    return held.stream().map(input -> input.step() + ":" + input.reason()).toList();
  }
}
