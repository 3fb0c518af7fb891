package io.inboxcheck.check;

import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.scenario.HistoryStep;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Conformance to the reference model: the same decision, ack, cards, held inputs and counters at
 * every step. Policy-specific by nature, so it is reported apart from the model-free invariants.
 */
final class Conformance {
  private Conformance() {}

  /** The first difference in what {@code shown} lets the harness compare, if any. */
  static Optional<Violation> compare(
      HistoryStep tested, HistoryStep reference, Set<Observable> shown) {
    boolean decisions = shown.contains(Observable.DECISION);
    String kind = reference.detail().kind();
    if (reference.detail() instanceof HistoryStep.Delivered expected
        && tested.detail() instanceof HistoryStep.Delivered actual) {
      if (decisions && !Objects.equals(expected.decision(), actual.decision())) {
        return differ(
            reference,
            kind,
            "decision",
            describe(expected.decision()),
            describe(actual.decision()));
      }
      // RefusalRule: the model refuses exactly the deliveries whose storage fault was injected,
      // so a NO_ACK it does not give is an unexpected refusal; a scenario sends each delivery as
      // written, so the refusal is a finding at once.
      if (expected.ack() != actual.ack()) {
        return differ(reference, kind, "ack", expected.ack(), actual.ack());
      }
    }
    if (decisions
        && reference.detail() instanceof HistoryStep.Reconciled expected
        && tested.detail() instanceof HistoryStep.Reconciled actual) {
      List<String> expectedObjects =
          expected.objects().stream().map(Conformance::describe).toList();
      List<String> actualObjects = actual.objects().stream().map(Conformance::describe).toList();
      if (!expectedObjects.equals(actualObjects)) {
        return differ(reference, kind, "reconciliation", expectedObjects, actualObjects);
      }
    }
    if (shown.contains(Observable.CARDS) && !reference.cards().equals(tested.cards())) {
      return differ(reference, kind, "cards", reference.cards(), tested.cards());
    }
    if (shown.contains(Observable.HELD)
        && !heldSummary(reference.held()).equals(heldSummary(tested.held()))) {
      return differ(
          reference, kind, "held", heldSummary(reference.held()), heldSummary(tested.held()));
    }
    if (shown.contains(Observable.COUNTERS)
        && !reference.replacements().equals(tested.replacements())) {
      return differ(
          reference, kind, "replacements", reference.replacements(), tested.replacements());
    }
    return Optional.empty();
  }

  private static Optional<Violation> differ(
      HistoryStep reference, String kind, String what, Object expected, Object observed) {
    return Optional.of(
        Violation.of(
            Invariant.CONFORMANCE,
            reference.step(),
            kind,
            Facts.of(what, expected),
            Facts.of(what, observed)));
  }

  private static String describe(io.inboxcheck.model.Decision decision) {
    return decision == null ? "none (not durable)" : decision.describe();
  }

  private static String describe(ObjectReconciliation object) {
    StringBuilder text = new StringBuilder(object.objectId() + " " + object.outcome());
    object
        .reevaluated()
        .forEach(
            r ->
                text.append(' ')
                    .append(r.input().step())
                    .append(':')
                    .append(r.decision().describe()));
    return text.toString();
  }

  private static List<String> heldSummary(List<HeldInput> held) {
    // By event id and reason in arrival order: never by step number, which a receiver cannot know.
    return held.stream()
        .map(input -> input.eventId().orElse("(no id)") + ":" + input.reason())
        .toList();
  }
}
