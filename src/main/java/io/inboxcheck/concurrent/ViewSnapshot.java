package io.inboxcheck.concurrent;

import io.inboxcheck.check.Facts;
import io.inboxcheck.check.Invariant;
import io.inboxcheck.check.Violation;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Whether a view read while writers run is one consistent snapshot: whatever transactions it shows,
 * it shows whole. Every audit entry it lists has its held input, its identity record and its
 * counters, and every card is at least where the audit put it. A view whose tables come from
 * different moments breaks one of these as soon as a transaction commits between two of its reads.
 */
public final class ViewSnapshot {
  private ViewSnapshot() {}

  /** The broken invariants, as violations of the whole run; empty when the view is one snapshot. */
  public static List<Violation> check(ReceiverSetup setup, ReceiverView view) {
    List<Violation> found = new ArrayList<>(FinalViewInvariants.check(setup, view.audit(), view));
    found.addAll(everyAuditedIdRetained(view));
    return found;
  }

  /**
   * FIRST_RECORD_KEPT the other way round: an id the audit recorded a delivery of, and did not
   * prune since, has its identity record in the view.
   */
  private static List<Violation> everyAuditedIdRetained(ReceiverView view) {
    Set<String> audited = new TreeSet<>();
    for (AuditEntry entry : view.audit()) {
      if (entry instanceof AuditEntry.IdentityPruned pruned) {
        audited.remove(pruned.eventId());
      } else if (entry instanceof AuditEntry.DeliveryRecorded delivery) {
        delivery.envelope().eventId().ifPresent(audited::add);
      }
    }
    Set<String> retained = new HashSet<>();
    for (IdentityRecord record : view.identities()) {
      retained.add(record.eventId());
    }
    List<Violation> found = new ArrayList<>();
    for (String eventId : audited) {
      if (!retained.contains(eventId)) {
        found.add(
            Violation.of(
                Invariant.FIRST_RECORD_KEPT,
                0,
                "run",
                Facts.of("event id", eventId, "identity record", "retained"),
                Facts.of("identity record", "absent")));
      }
    }
    return found;
  }
}
