package io.inboxcheck.zoo;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Mistake 19: keys the audit by event id, so a redelivery's entry replaces the earlier delivery's
 * entry instead of being appended.
 */
public final class AuditUpsertingReceiver extends NaiveReceiver {
  public AuditUpsertingReceiver(ReceiverSetup setup) {
    super("audit-keyed-by-event", setup);
  }

  @Override
  public ReceiverView view() {
    return new ForwardingView(state) {
      @Override
      public List<AuditEntry> audit() {
        return upserted(super.audit());
      }
    };
  }

  /** The audit as a table keyed by event id shows it: one row per id, the latest delivery. */
  private static List<AuditEntry> upserted(List<AuditEntry> appended) {
    Map<String, Integer> latestIndex = new HashMap<>();
    for (int index = 0; index < appended.size(); index++) {
      if (appended.get(index) instanceof AuditEntry.DeliveryRecorded delivery) {
        int at = index;
        delivery.envelope().eventId().ifPresent(id -> latestIndex.put(id, at));
      }
    }
    List<AuditEntry> rows = new ArrayList<>();
    for (int index = 0; index < appended.size(); index++) {
      AuditEntry entry = appended.get(index);
      if (entry instanceof AuditEntry.DeliveryRecorded delivery
          && delivery.envelope().eventId().isPresent()
          && latestIndex.get(delivery.envelope().eventId().get()) != index) {
        continue;
      }
      rows.add(entry);
    }
    return rows;
  }
}
