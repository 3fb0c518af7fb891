package io.inboxcheck.model;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Which identity records the retention window lets go of (SPEC section 5); pure. */
public final class Retention {
  private Retention() {}

  /**
   * The retained records whose window has ended at {@code clock}, in order of first receipt, except
   * those with a delivery still held: the receiver still owes them a resolution.
   */
  public static List<IdentityRecord> expired(ReceiverView state, Instant clock) {
    List<IdentityRecord> expired = new ArrayList<>();
    for (IdentityRecord record : state.identities()) {
      Instant end = record.firstReceivedAt().plus(state.retention());
      if (clock.isBefore(end)) {
        // Records are kept in order of first receipt, so no later one has expired either.
        break;
      }
      if (record.recordedSteps().stream().noneMatch(state::isHeld)) {
        expired.add(record);
      }
    }
    return expired;
  }
}
