package io.inboxcheck.report;

import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One history step as lines of text, built once and laid out either as a table row or as a block of
 * labelled lines (the vertical layout for terminals too narrow for the table).
 *
 * @param summary what arrived, in one line: {@code e-202 card-7 v13}, the authority, the advance
 * @param details labelled lines under the summary: the envelope as delivered, its canonical form
 *     where the spelling differs, the authority's cards
 */
record StepLines(
    int step,
    String kind,
    String summary,
    List<Fact> details,
    List<String> decision,
    String ack,
    List<String> cards,
    List<String> paused,
    List<String> held) {

  /**
   * A labelled line; {@code labelInTable} says whether the table cell repeats the label (the
   * canonical form must be told apart from the delivered text beside it).
   */
  record Fact(String label, String text, boolean labelInTable) {}

  static StepLines of(ScenarioStep scenarioStep, HistoryStep step) {
    List<String> cards = new ArrayList<>();
    step.cards().forEach((id, card) -> cards.add(HistoryText.describeCard(id, card)));
    List<String> held = new ArrayList<>();
    for (HeldInput input : step.held()) {
      held.add(input.eventId().orElse("(no id, step " + input.step() + ")") + " " + input.reason());
    }
    List<String> paused = step.paused();
    if (step.detail() instanceof HistoryStep.Delivered delivered) {
      return delivered(((ScenarioStep.Deliver) scenarioStep).envelope(), step, delivered)
          .with(cards, paused, held);
    }
    if (step.detail() instanceof HistoryStep.Reconciled reconciled) {
      return reconciled((ScenarioStep.Reconcile) scenarioStep, step, reconciled)
          .with(cards, paused, held);
    }
    HistoryStep.Advanced advanced = (HistoryStep.Advanced) step.detail();
    List<String> decision =
        List.of(
            step.pruned().isEmpty()
                ? "-"
                : "pruned identities: " + String.join(", ", step.pruned()));
    return new StepLines(
            step.step(),
            "advance",
            "clock advances " + advanced.by() + " to " + step.clock(),
            List.of(),
            decision,
            "-",
            List.of(),
            List.of(),
            List.of())
        .with(cards, paused, held);
  }

  private static StepLines delivered(
      Envelope envelope, HistoryStep step, HistoryStep.Delivered delivered) {
    List<Fact> details = new ArrayList<>();
    details.add(new Fact("delivered", DeliveredText.of(envelope), false));
    DeliveredText.canonicalWhereRespelled(envelope)
        .ifPresent(canonical -> details.add(new Fact("canonical", canonical, true)));
    String decision =
        HistoryText.describeDecision(delivered.decision())
            + (delivered.retentionExpired() ? " [id forgotten after retention]" : "");
    String ack =
        delivered.ack()
            + ": "
            + Ack.meaning(delivered.ack(), delivered.decision())
            + (delivered.ackLost() ? " (ack lost)" : "");
    return new StepLines(
        step.step(),
        "deliver",
        HistoryText.describeEvent(envelope, delivered),
        details,
        List.of(decision),
        ack,
        List.of(),
        List.of(),
        List.of());
  }

  private static StepLines reconciled(
      ScenarioStep.Reconcile reconcile, HistoryStep step, HistoryStep.Reconciled reconciled) {
    List<Fact> details = new ArrayList<>();
    reconcile
        .authority()
        .forEach(
            (id, card) ->
                details.add(
                    new Fact("authority", HistoryText.describeCard(id, card.asCard()), false)));
    // A reconcile without "at" happens at whatever the receiver's clock already says.
    String summary =
        Optional.ofNullable(reconcile.at())
            .map(at -> "authority at " + at)
            .orElse("authority at the receiver's clock (" + step.clock() + ", no \"at\" given)");
    List<String> decision =
        reconciled.objects().stream().map(HistoryText::describeReconciliation).toList();
    return new StepLines(
        step.step(), "reconcile", summary, details, decision, "-", List.of(), List.of(), List.of());
  }

  private StepLines with(List<String> cards, List<String> paused, List<String> held) {
    return new StepLines(step, kind, summary, details, decision, ack, cards, paused, held);
  }

  /** The cells of a table row, lines separated by {@code \n}, in {@link HistoryText#HEADERS}. */
  List<String> tableRow() {
    List<String> event = new ArrayList<>();
    event.add(summary);
    for (Fact fact : details) {
      event.add(fact.labelInTable() ? fact.label() + ": " + fact.text() : fact.text());
    }
    return List.of(
        Integer.toString(step),
        String.join("\n", event),
        String.join("\n", decision),
        ack,
        orDash(cards),
        orDash(paused),
        orDash(held));
  }

  /** The heading of this step's block: {@code step 4 · deliver e-202 card-7 v13}. */
  String heading() {
    return "step " + step + " \u00b7 " + kind + ("deliver".equals(kind) ? " " : ": ") + summary;
  }

  /** The labelled lines of this step's block, in reading order. */
  List<Fact> facts() {
    List<Fact> facts = new ArrayList<>(details);
    decision.forEach(line -> facts.add(new Fact("decision", line, false)));
    facts.add(new Fact("ack", ack, false));
    // A label repeated on consecutive facts is printed once: the block reads as a list under it.
    (cards.isEmpty() ? List.of("-") : cards)
        .forEach(line -> facts.add(new Fact("cards after", line, false)));
    facts.add(new Fact("paused", paused.isEmpty() ? "-" : String.join(", ", paused), false));
    (held.isEmpty() ? List.of("-") : held)
        .forEach(line -> facts.add(new Fact("held", line, false)));
    return facts;
  }

  private static String orDash(List<String> lines) {
    return lines.isEmpty() ? "-" : String.join("\n", lines);
  }
}
