package io.inboxcheck.check;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.scenario.HistoryStep;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
      if (isPoisonMessage(expected, actual)) {
        return Optional.of(
            Violation.of(
                Invariant.CONFORMANCE,
                reference.step(),
                kind,
                Facts.of("ack", expected.ack(), "decision", describe(expected.decision())),
                Facts.of(
                    "ack",
                    actual.ack() + ", a poison message: the provider retries this forever")));
      }
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

  /**
   * The first entry where the receiver's audit differs from the model's, with the members that
   * differ named as the receiver protocol names them.
   */
  static Optional<Violation> compareAudit(
      HistoryStep reference, List<AuditEntry> expected, List<AuditEntry> observed) {
    for (int index = 0; index < Math.max(expected.size(), observed.size()); index++) {
      AuditEntry wanted = index < expected.size() ? expected.get(index) : null;
      AuditEntry found = index < observed.size() ? observed.get(index) : null;
      if (Objects.equals(wanted, found)) {
        continue;
      }
      AuditDifference difference = new AuditDifference(index + 1, wanted, found);
      Map<String, Object> expectedFacts = new LinkedHashMap<>();
      Map<String, Object> observedFacts = new LinkedHashMap<>();
      String entry = "audit entry";
      if (difference.members().isEmpty()) {
        expectedFacts.put(entry, index + 1 + " " + AuditDifference.whole(wanted, "none"));
        observedFacts.put(entry, index + 1 + " " + AuditDifference.whole(found, "none"));
      } else {
        expectedFacts.put(entry, difference.where());
        observedFacts.put(entry, difference.where());
        for (AuditDifference.Member member : difference.members()) {
          expectedFacts.put(member.name(), member.expected());
          observedFacts.put(member.name(), member.observed());
        }
      }
      return Optional.of(
          Violation.of(
              Invariant.CONFORMANCE,
              reference.step(),
              reference.detail().kind(),
              new Facts(expectedFacts),
              new Facts(observedFacts)));
    }
    return Optional.empty();
  }

  /**
   * A delivery the model holds {@code MALFORMED} and acknowledges that the receiver refused: no
   * retry can ever change an unreadable body, so a provider sends it again for as long as it
   * retries, and the receiver's queue or alerting takes the weight.
   */
  private static boolean isPoisonMessage(
      HistoryStep.Delivered expected, HistoryStep.Delivered actual) {
    return expected.ack() == Ack.ACK
        && actual.ack() == Ack.NO_ACK
        && expected.decision() != null
        && expected.decision().reason() == HeldReason.MALFORMED;
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
