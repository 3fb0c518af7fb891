package io.inboxcheck.store;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Effects;
import io.inboxcheck.model.Effects.CardWrite;
import io.inboxcheck.model.Effects.HeldChange;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * The one writer of {@link Effects} to SQL: the same value {@code ReceiverState.apply} applies in
 * memory, written inside the caller's transaction. Audit entries go first, because the rows of a
 * delivery (its identity record, its held input) name its audit entry.
 */
final class EffectsWriter {
  private final Connection connection;
  private final LockProtocol locks;
  private final Map<Integer, Long> deliverySeqs;

  /**
   * @param deliverySeqs the audit sequence number of each delivery whose held input the transaction
   *     loaded, by step
   */
  EffectsWriter(Connection connection, LockProtocol locks, Map<Integer, Long> deliverySeqs) {
    this.connection = connection;
    this.locks = locks;
    this.deliverySeqs = new HashMap<>(deliverySeqs);
  }

  void write(Effects effects) throws SQLException {
    for (AuditEntry entry : effects.audit()) {
      long seq = AuditRows.append(connection, entry);
      if (entry instanceof AuditEntry.DeliveryRecorded) {
        deliverySeqs.put(entry.step(), seq);
      }
    }
    IdentityRows.write(connection, effects.identity(), this::deliverySeq);
    for (CardWrite card : effects.cards()) {
      CardRows.write(connection, locks, card);
    }
    for (HeldChange change : effects.held()) {
      HeldRows.write(connection, change, deliverySeq(change.input().step()));
    }
  }

  private long deliverySeq(int step) {
    Long seq = deliverySeqs.get(step);
    if (seq == null) {
      throw new IllegalStateException("no delivery of step " + step + " in this transaction");
    }
    return seq;
  }
}
