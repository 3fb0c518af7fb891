package io.inboxcheck.check;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.scenario.HistoryStep;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Pruning as observed, not inferred from decisions (SPEC section 5): after every step, the event
 * ids a receiver still retains and their {@code first_received_at} must be the model's. A receiver
 * that prunes late, early, only when the next delivery comes, or by another clock than the one the
 * harness moves shows it here at the step where it happens, even when no later delivery of that id
 * would show it in a decision.
 */
final class RetainedIdentities {
  private RetainedIdentities() {}

  /**
   * The first identity whose retention differs between the model ({@code expected}) and the
   * receiver ({@code observed}), in the model's order of first receipt, then the receiver's.
   */
  static Optional<Violation> compare(
      HistoryStep reference, ReceiverView expected, ReceiverView observed) {
    Map<String, IdentityRecord> wanted = byEventId(expected);
    Map<String, IdentityRecord> found = byEventId(observed);
    Set<String> eventIds = new LinkedHashSet<>(wanted.keySet());
    eventIds.addAll(found.keySet());
    for (String eventId : eventIds) {
      IdentityRecord model = wanted.get(eventId);
      IdentityRecord receiver = found.get(eventId);
      if (model != null && receiver == null) {
        return violation(
            reference, eventId, retainedUntil(model, expected), "pruned at " + clockAt(expected));
      }
      if (model == null) {
        return violation(
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
        return violation(
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

  private static Optional<Violation> violation(
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
