package io.inboxcheck.report;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ObjectVersion;
import io.inboxcheck.scenario.ExpectationReport;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.HistoryStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.stream.Collectors;

/**
 * A history a person can check against the guide: one row per step, then the final state,
 * replacement counts, unresolved inputs, the evidence of every conflict and the expectations.
 */
public final class HistoryText {
  static final List<String> HEADERS =
      List.of("step", "event", "decision", "ack", "cards after", "paused", "held");

  /** The two layouts: aligned columns for a terminal, or Markdown. */
  public enum Layout {
    TABLE,
    MARKDOWN
  }

  /** No width limit: the layout of report files, read in an editor or a browser. */
  public static final int UNLIMITED = Integer.MAX_VALUE;

  /**
   * The narrowest table column worth reading; when the width cannot give every column this much,
   * the steps are laid out one block per step instead.
   */
  static final int READABLE_COLUMN = 30;

  private HistoryText() {}

  /** The history with no width limit and no stop: what report files hold. */
  public static String render(History history, Layout layout) {
    return render(history, layout, UNLIMITED, Optional.empty());
  }

  /**
   * The history in lines of at most {@code width} characters (a target for Markdown, see {@link
   * Page}), saying where and why the replay stopped when it did.
   */
  public static String render(
      History history, Layout layout, int width, Optional<ReplayStop> stop) {
    Page page = new Page(layout, width);
    page.heading(
        1, "Scenario " + history.scenario().name() + " (receiver: " + history.receiver() + ")");
    if (!history.scenario().description().isEmpty()) {
      page.paragraph(history.scenario().description());
    }
    steps(page, history);
    stop.ifPresent(
        stopped -> {
          page.line(page.markdown() ? "**" + stopped.line() + "**" : stopped.line());
          page.paragraph(stopped.consequence());
        });
    finalSection(page, history, stop);
    evidenceSection(page, history);
    expectationSection(page, history.expectations(), stop);
    page.heading(2, "What this replay shows and what it does not");
    page.line(
        "Executed: the "
            + history.receiver()
            + " receiver's decisions, acks and state for these steps, in this one arrival order.");
    page.line(
        "Not shown by a replay: database transactions, concurrent receivers, crashes, "
            + "downstream notifications (SPEC section 8; see docs/guarantees.md).");
    return page.text();
  }

  /**
   * The steps as a table when it fits the width (Markdown tables cannot wrap, so only whole), else
   * as one block per step.
   */
  private static void steps(Page page, History history) {
    List<StepLines> steps = new ArrayList<>();
    for (int index = 0; index < history.steps().size(); index++) {
      steps.add(StepLines.of(history.scenario().steps().get(index), history.steps().get(index)));
    }
    TextTable table = new TextTable(HEADERS);
    steps.forEach(step -> table.add(step.tableRow()));
    Optional<String> laidOut =
        page.markdown()
            ? Optional.of(table.markdown()).filter(page::fits)
            : table.wrapped(page.width(), READABLE_COLUMN);
    if (laidOut.isPresent()) {
      page.block(laidOut.get());
      page.blankLine();
      return;
    }
    if (page.markdown()) {
      page.heading(2, "Steps");
    }
    steps.forEach(page::stepBlock);
  }

  /** What a delivery names, in one line: {@code e-202 card-7 v13}. */
  static String describeEvent(Envelope envelope, HistoryStep.Delivered delivered) {
    String id = delivered.eventId() == null ? "(no event_id)" : delivered.eventId();
    String object = delivered.objectId() == null ? "(no object_id)" : delivered.objectId();
    String state = envelope.state().isPresent() ? "" : " (no state object)";
    return id
        + " "
        + object
        + " "
        + describeVersion(envelope.version())
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

  private static void finalSection(Page page, History history, Optional<ReplayStop> stop) {
    boolean cut = stop.isPresent() && stop.get().stepsSkipped();
    page.heading(
        2,
        cut
            ? "State after step " + stop.get().afterStep() + ", where the replay stopped"
            : "Final state");
    if (history.finalCards().size() > 1) {
      page.bullet("cards:");
      history.finalCards().forEach((id, card) -> page.subBullet(describeCard(id, card)));
    } else {
      page.bullet("cards: " + describeCards(history.finalCards()));
    }
    page.bullet(
        "paused: " + (history.paused().isEmpty() ? "none" : String.join(", ", history.paused())));
    page.bullet(
        "replacements: event "
            + history.replacements().event()
            + " + authoritative "
            + history.replacements().authoritative()
            + " = "
            + history.replacements().total());
    if (history.unresolved().isEmpty()) {
      page.bullet("unresolved inputs: none");
    } else {
      page.bullet("unresolved inputs:");
      for (HeldInput input : history.unresolved()) {
        page.subBullet(
            "step "
                + input.step()
                + ": "
                + input.eventId().orElse("(no event_id)")
                + " for "
                + input.objectId().orElse("(no object_id)")
                + ", "
                + input.reason());
      }
    }
    page.blankLine();
  }

  private static void evidenceSection(Page page, History history) {
    List<String> lines = AuditEvidence.lines(history.audit());
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
    page.heading(2, "Audit of conflicts, authority and retention");
    lines.forEach(page::bullet);
    page.blankLine();
  }

  private static void expectationSection(
      Page page, ExpectationReport report, Optional<ReplayStop> stop) {
    page.heading(2, "Expectations");
    if (report.checked() == 0) {
      page.line("The scenario states no expectations.");
    } else {
      page.line(
          (report.checked() - report.failures().size())
              + " of "
              + Counted.of(report.checked(), "expected fact holds.", "expected facts hold."));
      report.failures().forEach(mismatch -> page.bullet("FAILED " + mismatch.describe()));
    }
    if (stop.isPresent() && stop.get().stepsSkipped()) {
      page.line(
          "Not checked: the expectations of steps "
              + (stop.get().afterStep() + 1)
              + " to "
              + stop.get().stepsInFile()
              + " and of the final state, since the replay stopped after step "
              + stop.get().afterStep()
              + ".");
    }
    page.blankLine();
  }
}
