package io.inboxcheck.report;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Decision;
import java.util.ArrayList;
import java.util.List;

/** The audit entries that are evidence a person should see. */
final class AuditEvidence {
  private AuditEvidence() {}

  static List<String> lines(List<AuditEntry> audit) {
    List<String> lines = new ArrayList<>();
    for (AuditEntry entry : audit) {
      if (entry instanceof AuditEntry.DeliveryRecorded delivery && delivery.variant()) {
        String id = delivery.envelope().eventId().orElseThrow();
        firstRecordOf(audit, id, delivery.step())
            .ifPresent(
                first ->
                    lines.add(
                        "step "
                            + first.step()
                            + ": "
                            + id
                            + " first record "
                            + first.envelope().content().canonicalText()
                            + " decided "
                            + HistoryText.describeDecision(first.decision())));
        lines.add(
            "step "
                + delivery.step()
                + ": "
                + id
                + " variant "
                + delivery.envelope().content().canonicalText()
                + " decided "
                + HistoryText.describeDecision(delivery.decision())
                + (delivery.pausedCards().isEmpty()
                    ? ", paused no card"
                    : ", paused " + String.join(", ", delivery.pausedCards())));
      } else if (entry instanceof AuditEntry.ResolvedByAuthority resolved) {
        lines.add(
            "step "
                + resolved.step()
                + ": "
                + resolved.eventId()
                + " (held at step "
                + resolved.heldStep()
                + ", "
                + resolved.reason()
                + ") resolved by the authority for "
                + resolved.objectId()
                + "; kept as evidence");
      } else if (entry instanceof AuditEntry.AuthorityApplied authority && authority.regressed()) {
        lines.add(
            "step "
                + authority.step()
                + ": authority for "
                + authority.objectId()
                + " regressed it from v"
                + authority.before().version()
                + " to v"
                + authority.after().version());
      } else if (entry instanceof AuditEntry.IdentityPruned pruned) {
        lines.add(
            "step "
                + pruned.step()
                + ": identity "
                + pruned.eventId()
                + " (first received "
                + pruned.firstReceivedAt()
                + ") pruned at "
                + pruned.at());
      }
    }
    return lines;
  }

  private static java.util.Optional<AuditEntry.DeliveryRecorded> firstRecordOf(
      List<AuditEntry> audit, String id, int beforeStep) {
    AuditEntry.DeliveryRecorded first = null;
    for (AuditEntry entry : audit) {
      if (entry instanceof AuditEntry.DeliveryRecorded delivery
          && !delivery.variant()
          && delivery.step() < beforeStep
          && delivery.envelope().eventId().filter(id::equals).isPresent()
          && !(delivery.decision() instanceof Decision.Duplicate)) {
        first = delivery;
      }
    }
    return java.util.Optional.ofNullable(first);
  }
}
