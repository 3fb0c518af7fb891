package io.inboxcheck.report;

import static io.inboxcheck.report.HtmlPage.escape;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.HistoryStep;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The cells HTML histories are made of: a step's event, its decision, a card's lane and a held
 * input's lane. The words are {@link HistoryText}'s, so the page and the text say the same thing.
 */
final class HistoryCells {
  private HistoryCells() {}

  /** The step's number and what it carried, as the text history describes it. */
  static String stepCell(History history, int index) {
    HistoryStep step = history.steps().get(index);
    List<String> text = StepLines.of(history.scenario().steps().get(index), step).tableRow();
    return "<td class=\"step event\" data-step=\""
        + step.step()
        + "\" data-kind=\""
        + step.detail().kind()
        + "\"><b>"
        + step.step()
        + "</b> "
        + lines(text.get(1))
        + "</td>";
  }

  /** The decision (or the authority's outcomes, or the clock move), coloured by decision. */
  static String decisionCell(History history, int index, String extraClass) {
    HistoryStep step = history.steps().get(index);
    List<String> text = StepLines.of(history.scenario().steps().get(index), step).tableRow();
    String classes;
    String data;
    if (step.detail() instanceof HistoryStep.Delivered delivered) {
      classes = HtmlPage.decisionClass(delivered.decision());
      data = HtmlPage.decisionData(delivered.decision());
    } else if (step.detail() instanceof HistoryStep.Reconciled) {
      classes = "decision decision-reconcile";
      data = " data-decision=\"RECONCILE\"";
    } else {
      classes = "decision decision-advance";
      data = " data-decision=\"ADVANCE\"";
    }
    String ack = text.get(3).equals("-") ? "" : "<br><small>" + lines(text.get(3)) + "</small>";
    return "<td class=\""
        + classes
        + (extraClass.isEmpty() ? "" : " " + extraClass)
        + "\" data-step=\""
        + step.step()
        + "\""
        + data
        + ">"
        + lines(text.get(2))
        + ack
        + "</td>";
  }

  /** Every card the history ever shows, in object id order: one lane each. */
  static List<String> lanes(History history) {
    TreeSet<String> cards = new TreeSet<>(history.scenario().initial().keySet());
    history.steps().forEach(step -> cards.addAll(step.cards().keySet()));
    return List.copyOf(cards);
  }

  /**
   * One card after one step: version, state and PAUSED, marked changed when version, state or the
   * pause differ from the row before.
   */
  static String laneCell(String objectId, int step, Card card, Card before, String extraClass) {
    StringBuilder classes = new StringBuilder("lane");
    if (card == null) {
      classes.append(" lane-absent");
    } else {
      if (step > 0 && !card.equals(before)) {
        classes.append(" lane-changed");
      }
      if (card.paused()) {
        classes.append(" lane-paused");
      }
    }
    if (!extraClass.isEmpty()) {
      classes.append(' ').append(extraClass);
    }
    String data =
        "\" data-card=\""
            + escape(objectId)
            + "\" data-step=\""
            + step
            + (card == null
                ? ""
                : "\" data-version=\"" + card.version() + "\" data-paused=\"" + card.paused())
            + "\">";
    if (card == null) {
      return "<td class=\"" + classes + data + "&mdash;</td>";
    }
    return "<td class=\""
        + classes
        + data
        + "v"
        + card.version()
        + " <span class=\"state\">"
        + escape(card.state().canonicalText())
        + "</span>"
        + (card.paused() ? " <span class=\"paused-mark\">PAUSED</span>" : "")
        + "</td>";
  }

  /**
   * Every input a history ever held, keyed by the step it arrived at (unique, unlike event ids), in
   * the order they were first held: one held lane each.
   */
  static Map<Integer, HeldInput> heldLanes(History history) {
    Map<Integer, HeldInput> lanes = new LinkedHashMap<>();
    history.steps().forEach(step -> step.held().forEach(h -> lanes.putIfAbsent(h.step(), h)));
    return lanes;
  }

  /** The header of a held input's lane: its event id and card. */
  static String heldHeader(HeldInput input) {
    return "<th class=\"held-lane\" data-held=\""
        + escape(heldKey(input))
        + "\">held "
        + escape(input.eventId().orElse("(no event_id)"))
        + "<br><small>"
        + escape(input.objectId().orElse("(no object_id)"))
        + ", step "
        + input.step()
        + "</small></th>";
  }

  /** What a held lane shows at one step: taken, waiting, resolved, unresolved, or nothing. */
  static String heldCell(History history, int index, int arrival) {
    HistoryStep step = history.steps().get(index);
    HeldInput now = find(step.held(), arrival);
    HeldInput before = index == 0 ? null : find(history.steps().get(index - 1).held(), arrival);
    String state;
    String text;
    if (now != null) {
      boolean taken = before == null;
      state = taken ? "held-taken" : "held-waiting";
      text = (taken ? "taken: HELD " : "held ") + now.reason();
      if (index == history.steps().size() - 1) {
        state += " held-unresolved";
        text += ", unresolved";
      }
    } else if (before != null) {
      state = "held-resolved";
      text = resolution(step, arrival);
    } else {
      return "<td class=\"held held-none\"></td>";
    }
    HeldInput input = now != null ? now : before;
    return "<td class=\"held "
        + state
        + "\" data-held=\""
        + escape(heldKey(input))
        + "\" data-held-step=\""
        + arrival
        + "\" data-step=\""
        + step.step()
        + "\">"
        + escape(text)
        + "</td>";
  }

  /** An input's lane key: its event id, or its arrival step when it has none. */
  static String heldKey(HeldInput input) {
    return input.eventId().orElse("step-" + input.step());
  }

  private static String resolution(HistoryStep step, int arrival) {
    if (step.detail() instanceof HistoryStep.Reconciled reconciled) {
      for (ObjectReconciliation object : reconciled.objects()) {
        if (object.resolved().stream().anyMatch(h -> h.step() == arrival)) {
          return "resolved by authority (kept as evidence)";
        }
        for (ObjectReconciliation.Reevaluation reevaluation : object.reevaluated()) {
          if (reevaluation.input().step() == arrival) {
            return "re-evaluated: " + HistoryText.describeDecision(reevaluation.decision());
          }
        }
      }
    }
    return "no longer held";
  }

  private static HeldInput find(List<HeldInput> held, int arrival) {
    for (HeldInput input : held) {
      if (input.step() == arrival) {
        return input;
      }
    }
    return null;
  }

  /** A text cell's lines, escaped, one per line of the page. */
  private static String lines(String text) {
    return escape(text).replace("\n", "<br>");
  }

  /** Held inputs on one line: event id (or the step of an input without one) and reason. */
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
}
