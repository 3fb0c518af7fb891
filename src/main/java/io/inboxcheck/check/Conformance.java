package io.inboxcheck.check;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.scenario.HistoryStep;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Conformance to the reference model: the same decision, ack, cards, held inputs and counters at
 * every step, the same retained identities (pruning observed, not inferred) and the same audit.
 * Policy-specific by nature, so it is reported apart from the model-free invariants.
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

  // Pruning as observed, not inferred from decisions (SPEC section 5): after every step, the event
  // ids a receiver still retains and their first_received_at must be the model's. A receiver
  // that prunes late, early, only when the next delivery comes, or by another clock than the one
  // the
  // harness moves shows it here at the step where it happens, even when no later delivery of that
  // id
  // would show it in a decision.

  /**
   * The first identity whose retention differs between the model ({@code expected}) and the
   * receiver ({@code observed}), in the model's order of first receipt, then the receiver's.
   */
  static Optional<Violation> compareRetained(
      HistoryStep reference, ReceiverView expected, ReceiverView observed) {
    Map<String, IdentityRecord> wanted = byEventId(expected);
    Map<String, IdentityRecord> found = byEventId(observed);
    Set<String> eventIds = new LinkedHashSet<>(wanted.keySet());
    eventIds.addAll(found.keySet());
    for (String eventId : eventIds) {
      IdentityRecord model = wanted.get(eventId);
      IdentityRecord receiver = found.get(eventId);
      if (model != null && receiver == null) {
        return retainedViolation(
            reference, eventId, retainedUntil(model, expected), "pruned at " + clockAt(expected));
      }
      if (model == null) {
        return retainedViolation(
            reference,
            eventId,
            prunedAt(eventId, expected),
            "retained at "
                + clockAt(expected)
                + " (first_received_at "
                + receiver.firstReceivedAt()
                + ")");
      }
      if (!model.firstReceivedAt().equals(receiver.firstReceivedAt())) {
        return retainedViolation(
            reference,
            eventId,
            "first_received_at " + model.firstReceivedAt(),
            "first_received_at " + receiver.firstReceivedAt());
      }
    }
    return Optional.empty();
  }

  /** Why the model still retains an id: its window has not ended, or a delivery of it is held. */
  private static String retainedUntil(IdentityRecord record, ReceiverView model) {
    Instant end = record.firstReceivedAt().plus(model.retention());
    String window = window(record.firstReceivedAt(), model.retention());
    if (model.clock().isBefore(end)) {
      return "retained until " + end + " " + window;
    }
    return "retained past " + end + " " + window + ": a delivery of it is still held";
  }

  /** When the model pruned an id the receiver still retains, or that it never recorded it. */
  private static String prunedAt(String eventId, ReceiverView model) {
    return model.audit().stream()
        .filter(AuditEntry.IdentityPruned.class::isInstance)
        .map(AuditEntry.IdentityPruned.class::cast)
        .filter(pruned -> pruned.eventId().equals(eventId))
        .reduce((first, second) -> second)
        .map(
            pruned ->
                "pruned at "
                    + pruned.firstReceivedAt().plus(model.retention())
                    + " "
                    + window(pruned.firstReceivedAt(), model.retention())
                    + ", when the clock moved to "
                    + pruned.at())
        .orElse("none: never recorded");
  }

  private static String window(Instant firstReceivedAt, Duration retention) {
    return "(first_received_at " + firstReceivedAt + " + retention " + retention + ")";
  }

  /** The clock the harness moved, as the model holds it: the time the receiver is judged at. */
  private static String clockAt(ReceiverView model) {
    return "clock " + model.clock();
  }

  private static Map<String, IdentityRecord> byEventId(ReceiverView view) {
    Map<String, IdentityRecord> records = new LinkedHashMap<>();
    view.identities().forEach(record -> records.put(record.eventId(), record));
    return records;
  }

  private static Optional<Violation> retainedViolation(
      HistoryStep reference, String eventId, String expected, String observed) {
    return Optional.of(
        Violation.of(
            Invariant.CONFORMANCE,
            reference.step(),
            reference.detail().kind(),
            Facts.of("identity " + eventId, expected),
            Facts.of("identity " + eventId, observed)));
  }
}
